import type { Kysely } from 'kysely';
import { parseBusinessHours } from '@phonebot/shared/customers';
import type { Database } from '../../db/schema';
import { claimOfflineAlert, clearOfflineAlert, phonebotsBackOnline, silentPhonebots } from '../phonebots';
import { type JobContext, alertDueAt, alertOutage, endOutage } from './outages';
import { alertQuietPlatformPhonebots } from './silence-alerts';

/**
 * The offline alerts of phonebots (a periodic job, every minute): a phonebot whose runtime has not been heard from
 * for the company's `offline_alert_minutes` (within its business hours, when it has them) is alerted once per outage
 * (a mail to each of the company's admins in their language, the webhook event phonebot.offline, the Calls
 * Dashboard's banner); when its runtime is heard from again, phonebot.online is sent once and the banner goes. A
 * platform phonebot with its silence alert on is alerted the same way when it has had no call for its hours
 * (silence-alerts.ts).
 */

export { alertDueAt };

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
    const minutes = phonebot.offline_alert_minutes;
    if (alertDueAt(lastSeenAt, minutes, parseBusinessHours(phonebot.business_hours)) > now) continue;
    const outage = { reason: 'offline' as const, n: minutes, lastSeenAt, at };
    if (
      await alertOutage(db, context, phonebot, outage, (trx) => claimOfflineAlert(trx, phonebot.id, lastSeenAt, at))
    ) {
      offline += 1;
    }
  }
  for (const phonebot of await phonebotsBackOnline(db, now)) {
    const outage = { reason: 'offline' as const, lastSeenAt: phonebot.last_heartbeat_at, at };
    if (await endOutage(db, phonebot, outage, (trx) => clearOfflineAlert(trx, phonebot.id))) online += 1;
  }
  const quiet = await alertQuietPlatformPhonebots(db, context, now);
  return { offline: offline + quiet.offline, online: online + quiet.online };
}
