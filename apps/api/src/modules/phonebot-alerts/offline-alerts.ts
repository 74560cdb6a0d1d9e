import type { Kysely } from 'kysely';
import { type BusinessHours, parseBusinessHours } from '@phonebot/shared/customers';
import type { OperatorInput } from '@phonebot/shared/settings';
import type { Database } from '../../db/schema';
import { MINUTE } from '../../db/time';
import { publishChanges } from '../../lib/changes';
import { queueMail } from '../../lib/mailer';
import { mailContext } from '../settings';
import { activeUsersToMail } from '../users';
import { addBusinessMinutes } from '../calls';
import { claimOfflineAlert, clearOfflineAlert, phonebotsBackOnline, silentPhonebots } from '../phonebots';
import { offlineMail } from './phonebot-alerts.mails';

/**
 * The offline alerts of runtime phonebots (a periodic job, every minute): a phonebot whose runtime has not been
 * heard from for the company's `offline_alert_minutes` (within its business hours, when it has them) is alerted once per outage (a mail to each of the company's
 * admins in their language, the webhook event phonebot.offline, the Calls Dashboard's banner); when its runtime is
 * heard from again, phonebot.online is sent once and the banner goes. Each outage is claimed in the database by a
 * conditional update in the transaction that queues its mails and events, so processes running this at the same
 * time alert it once.
 */

type JobContext = { publicUrl: string; operatorSeed: OperatorInput };

/** Who is mailed: the company's owners and admin users, who look after its phonebots. */
const ADMIN_ROLES = ['admin', 'adminuser'] as const;

/**
 * When an outage that began at `lastSeenAt` is alerted: `minutes` later, counted within the company's business hours
 * when it has them (an outage that begins while it is closed counts from the next opening), else around the clock.
 */
export function alertDueAt(lastSeenAt: string, minutes: number, hours: BusinessHours | null): Date {
  if (hours) return new Date(addBusinessMinutes(lastSeenAt, minutes, hours));
  return new Date(Date.parse(lastSeenAt) + minutes * MINUTE);
}

export async function alertOfflinePhonebots(
  db: Kysely<Database>,
  context: JobContext,
  now: Date = new Date(),
): Promise<{ offline: number; online: number }> {
  let offline = 0;
  let online = 0;
  const at = now.toISOString();
  for (const phonebot of await silentPhonebots(db, now)) {
    const lastSeenAt = phonebot.last_heartbeat_at!;
    const hours = parseBusinessHours(phonebot.business_hours);
    if (alertDueAt(lastSeenAt, phonebot.offline_alert_minutes, hours) > now) continue;
    const alerted = await db.transaction().execute(async (trx) => {
      if (!(await claimOfflineAlert(trx, phonebot.id, lastSeenAt, at))) return false;
      const admins = await activeUsersToMail(trx, phonebot.customer_id, ADMIN_ROLES);
      const english = await mailContext(trx, context.operatorSeed, 'en');
      const german = { ...english, language: 'de' as const };
      for (const admin of admins) {
        await queueMail(
          trx,
          offlineMail(admin.language === 'de' ? german : english, context.publicUrl, admin, {
            name: phonebot.bezeichnung,
            minutes: phonebot.offline_alert_minutes,
          }),
        );
      }
      await publishChanges(trx, [
        {
          kind: 'phonebot-status',
          customerId: phonebot.customer_id,
          licenseKey: phonebot.license_key,
          name: phonebot.bezeichnung,
          status: 'offline',
          lastSeenAt,
          at,
        },
      ]);
      return true;
    });
    if (alerted) offline += 1;
  }
  for (const phonebot of await phonebotsBackOnline(db, now)) {
    const cleared = await db.transaction().execute(async (trx) => {
      if (!(await clearOfflineAlert(trx, phonebot.id))) return false;
      await publishChanges(trx, [
        {
          kind: 'phonebot-status',
          customerId: phonebot.customer_id,
          licenseKey: phonebot.license_key,
          name: phonebot.bezeichnung,
          status: 'online',
          lastSeenAt: phonebot.last_heartbeat_at,
          at,
        },
      ]);
      return true;
    });
    if (cleared) online += 1;
  }
  return { offline, online };
}
