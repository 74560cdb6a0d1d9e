import { phonebotAlertContracts } from '@phonebot/shared/phonebot-alerts';
import type { ApiRouter } from '../../lib/router';
import { customerOf } from '../../lib/router';
import { lastCallTimes } from '../calls';
import type { PhonebotsDeps } from '../phonebots';
import { alertedPhonebots, silenceAlertHoursOf } from '../phonebots';

/**
 * The company's phonebots alerted as offline and not back yet, or alerted as silent and without a call since: the
 * Calls Dashboard's banner. A silent one's `last_seen_at` is its last call.
 */
export function registerPhonebotAlertRoutes(router: ApiRouter, deps: Pick<PhonebotsDeps, 'db'>): void {
  router.handle(phonebotAlertContracts.listPhonebotAlerts, async ({ principal }) => {
    const rows = await alertedPhonebots(deps.db, customerOf(principal), new Date());
    const lastCalls = await lastCallTimes(
      deps.db,
      rows.filter((row) => row.silence_alerted_at).map((row) => row.id),
    );
    return {
      data: rows.map((row) => {
        const silent = row.silence_alerted_at !== null;
        return {
          type: 'phonebot-alerts' as const,
          id: row.license_key,
          attributes: {
            license_Key: row.license_key,
            bezeichnung: row.bezeichnung,
            last_seen_at: silent ? (lastCalls.get(row.id) ?? null) : row.last_heartbeat_at,
            alerted_at: new Date((silent ? row.silence_alerted_at : row.offline_alerted_at)!).toISOString(),
            reason: silent ? ('silent' as const) : ('offline' as const),
            silence_alert_hours: silent ? silenceAlertHoursOf(row) : null,
          },
        };
      }),
    };
  });
}
