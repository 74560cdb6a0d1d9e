import { phonebotAlertContracts } from '@phonebot/shared/phonebot-alerts';
import type { ApiRouter } from '../../lib/router';
import { customerOf } from '../../lib/router';
import type { PhonebotsDeps } from '../phonebots';
import { alertedPhonebots } from '../phonebots';

/** The company's phonebots alerted as offline and not back yet: the Calls Dashboard's banner. */
export function registerPhonebotAlertRoutes(router: ApiRouter, deps: Pick<PhonebotsDeps, 'db'>): void {
  router.handle(phonebotAlertContracts.listPhonebotAlerts, async ({ principal }) => {
    const rows = await alertedPhonebots(deps.db, customerOf(principal), new Date());
    return {
      data: rows.map((row) => ({
        type: 'phonebot-alerts' as const,
        id: row.license_key,
        attributes: {
          license_Key: row.license_key,
          bezeichnung: row.bezeichnung,
          last_seen_at: row.last_heartbeat_at,
          alerted_at: row.offline_alerted_at!,
        },
      })),
    };
  });
}
