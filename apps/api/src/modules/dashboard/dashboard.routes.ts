import type { Kysely } from 'kysely';
type DashboardCounts = { user_count: number; phonebot_count: number };
import { dashboardContracts } from '@phonebot/shared/contracts/profile';
import type { Database } from '../../db/schema';
import type { ApiRouter, Principal } from '../../lib/router';

/** The home dashboard's counts: the caller's customer, or the whole service for the super. */
export async function dashboardCounts(db: Kysely<Database>, principal: Principal): Promise<DashboardCounts> {
  let users = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'));
  let phonebots = db.selectFrom('phonebots').select((eb) => eb.fn.countAll<number>().as('n'));
  if (principal.role !== 'super') {
    users = users.where('customer_id', '=', principal.customerId);
    phonebots = phonebots.where('customer_id', '=', principal.customerId);
  }
  const [u, p] = await Promise.all([users.executeTakeFirstOrThrow(), phonebots.executeTakeFirstOrThrow()]);
  return { user_count: Number(u.n), phonebot_count: Number(p.n) };
}

export function registerDashboardRoutes(router: ApiRouter, deps: { db: Kysely<Database> }): void {
  router.handle(dashboardContracts.dashboard, async ({ principal }) => ({
    meta: await dashboardCounts(deps.db, principal),
  }));
}
