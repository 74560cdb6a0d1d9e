import type { Kysely } from 'kysely';
import type { DashboardCounts } from '@phonebot/shared/profile';
import { CHECKLIST_STEPS, type Checklist } from '@phonebot/shared/users';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/principal';
import { phonebotCount, phonebotIdsQuery } from '../phonebots';
import { callIdsQuery } from '../calls';
import { staffCount, staffCountQuery } from '../users';

/**
 * The home dashboard's counts: the caller's customer, or the whole service for the super. Users are counted as the
 * Users screen lists them: a company's admins, adminusers and users; guests and super administrators are not.
 */
export async function dashboardCounts(db: Kysely<Database>, principal: Principal): Promise<DashboardCounts> {
  const owner = principal.role === 'super' ? 'all' : { customerId: principal.customerId };
  const [users, phonebots] = await Promise.all([staffCount(db, owner), phonebotCount(db, owner)]);
  return { user_count: users, phonebot_count: phonebots };
}

/** Payment states of a phonebot with a subscription: active, paused, past due. */
const SUBSCRIBED = [1, 2, 3];

/** A company's first steps and whether each is done, read in one statement from the company's own rows. */
export async function checklist(db: Kysely<Database>, customerId: number): Promise<Checklist> {
  const row = await db
    .selectNoFrom((eb) => {
      const phonebots = () => phonebotIdsQuery(db, customerId);
      return [
        eb.exists(phonebots()).as('phonebot'),
        eb.exists(phonebots().where('last_heartbeat_at', 'is not', null)).as('runtime'),
        eb.exists(callIdsQuery(db, customerId)).as('call'),
        staffCountQuery(db, customerId).as('users'),
        eb.exists(phonebots().where('payment_status', 'in', SUBSCRIBED)).as('billing'),
      ];
    })
    .executeTakeFirstOrThrow();
  // SQLite answers EXISTS as 0/1, PostgreSQL as a boolean.
  const done: Record<(typeof CHECKLIST_STEPS)[number], boolean> = {
    phonebot: Boolean(Number(row.phonebot)),
    runtime: Boolean(Number(row.runtime)),
    call: Boolean(Number(row.call)),
    colleague: Number(row.users) > 1,
    billing: Boolean(Number(row.billing)),
  };
  const steps = CHECKLIST_STEPS.map((step) => ({ step, done: done[step] }));
  return { steps, complete: steps.every((step) => step.done) };
}
