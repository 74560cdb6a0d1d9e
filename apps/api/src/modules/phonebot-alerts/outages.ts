import type { Kysely } from 'kysely';
import type { BusinessHours } from '@phonebot/shared/customers';
import type { OperatorInput } from '@phonebot/shared/settings';
import type { Database } from '../../db/schema';
import { MINUTE } from '../../db/time';
import { type PhonebotOfflineReason, publishChanges } from '../../lib/changes';
import { queueMail } from '../../lib/mailer';
import { addBusinessMinutes } from '../calls';
import { mailContext } from '../settings';
import { activeUsersToMail } from '../users';
import { offlineMail } from './phonebot-alerts.mails';

/**
 * One outage's alert and its end, whatever told of it (a runtime's heartbeats stopping, a platform phonebot without
 * calls): claimed in the database in the transaction that queues its mails and its webhook event, so processes
 * running the job at the same time alert it once.
 */

export type JobContext = { publicUrl: string; operatorSeed: OperatorInput };

/**
 * When an outage that began at `lastSeenAt` is alerted: `minutes` later, counted within the company's business hours
 * when it has them (an outage that begins while it is closed counts from the next opening), else around the clock.
 */
export function alertDueAt(lastSeenAt: string, minutes: number, hours: BusinessHours | null): Date {
  if (hours) return new Date(addBusinessMinutes(lastSeenAt, minutes, hours));
  return new Date(Date.parse(lastSeenAt) + minutes * MINUTE);
}

/** Who is mailed: the company's owners and admin users, who look after its phonebots. */
const ADMIN_ROLES = ['admin', 'adminuser'] as const;

type Phonebot = { id: number; customer_id: number; license_key: string; bezeichnung: string };
type Claim = (trx: Kysely<Database>) => Promise<boolean>;

/**
 * Alerts an outage once: when `claim` succeeds, a mail to each of the company's admins in their language (`n`:
 * the minutes offline or the hours without a call) and phonebot.offline. Answers whether this caller alerted it.
 */
export function alertOutage(
  db: Kysely<Database>,
  context: JobContext,
  phonebot: Phonebot,
  outage: { reason: PhonebotOfflineReason; n: number; lastSeenAt: string | null; at: string },
  claim: Claim,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await claim(trx))) return false;
    const admins = await activeUsersToMail(trx, phonebot.customer_id, ADMIN_ROLES);
    const english = await mailContext(trx, context.operatorSeed, 'en');
    const german = { ...english, language: 'de' as const };
    for (const admin of admins) {
      await queueMail(
        trx,
        offlineMail(admin.language === 'de' ? german : english, context.publicUrl, admin, {
          name: phonebot.bezeichnung,
          reason: outage.reason,
          n: outage.n,
        }),
      );
    }
    await publishStatus(trx, phonebot, 'offline', outage);
    return true;
  });
}

/** Ends an outage's alert once: when `clear` succeeds, phonebot.online. Answers whether this caller ended it. */
export function endOutage(
  db: Kysely<Database>,
  phonebot: Phonebot,
  outage: { reason: PhonebotOfflineReason; lastSeenAt: string | null; at: string },
  clear: Claim,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await clear(trx))) return false;
    await publishStatus(trx, phonebot, 'online', outage);
    return true;
  });
}

function publishStatus(
  trx: Kysely<Database>,
  phonebot: Phonebot,
  status: 'online' | 'offline',
  outage: { reason: PhonebotOfflineReason; lastSeenAt: string | null; at: string },
) {
  return publishChanges(trx, [
    {
      kind: 'phonebot-status',
      customerId: phonebot.customer_id,
      licenseKey: phonebot.license_key,
      name: phonebot.bezeichnung,
      status,
      reason: outage.reason,
      lastSeenAt: outage.lastSeenAt,
      at: outage.at,
    },
  ]);
}
