import type { Kysely, SelectQueryBuilder } from 'kysely';
import { PLATFORM_SOURCES } from '@phonebot/shared/phonebots';
import type { Database } from '../../db/schema';

/**
 * The phonebots table's part in the silence alerts of platform phonebots (no heartbeat: a voice-agent platform sends
 * their calls): which have the alert on and were not alerted yet, the claim of an alert (a conditional update, so one
 * process alerts it once) and its end.
 */

type Setting = { source?: unknown; silence_alert_hours?: unknown };

/** The hours a phonebot's settings give its silence alert: only a platform phonebot has one; null: off. */
export function silenceAlertHoursOf(row: { settings: string }): number | null {
  const settings = JSON.parse(row.settings) as Setting;
  const platform = (PLATFORM_SOURCES as readonly unknown[]).includes(settings.source);
  return platform && typeof settings.silence_alert_hours === 'number' ? settings.silence_alert_hours : null;
}

/** Platform phonebots of active companies with the silence alert on and not alerted, with their business hours. */
export async function quietCandidates(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('phonebots as p')
    .innerJoin('customers as c', 'c.id', 'p.customer_id')
    .select(['p.id', 'p.customer_id', 'p.license_key', 'p.bezeichnung', 'p.settings', 'p.created_at'])
    .select('c.business_hours')
    .where('c.status', '=', 'Active')
    .where('p.silence_alerted_at', 'is', null)
    .orderBy('p.id')
    .execute();
  return rows.flatMap((row) => {
    const hours = silenceAlertHoursOf(row);
    return hours === null ? [] : [{ ...row, hours }];
  });
}

/**
 * Claims a silent phonebot's alert: only when nobody claimed it and no call arrived meanwhile (`callsSince`: its calls
 * after the last one the alert counted from). Answers whether this caller claimed it.
 */
export async function claimSilenceAlert(
  db: Kysely<Database>,
  phonebotId: number,
  callsSince: SelectQueryBuilder<Database, 'calls', { id: number }>,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('phonebots')
    .set({ silence_alerted_at: at })
    .where('id', '=', phonebotId)
    .where('silence_alerted_at', 'is', null)
    .where((eb) => eb.not(eb.exists(callsSince)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Phonebots alerted as silent, with when (a call after that ends the alert). */
export function silenceAlerted(db: Kysely<Database>) {
  return db
    .selectFrom('phonebots')
    .select(['id', 'customer_id', 'license_key', 'bezeichnung', 'settings', 'silence_alerted_at'])
    .where('silence_alerted_at', 'is not', null)
    .orderBy('id')
    .execute();
}

/** Ends a silence alert; answers whether this caller ended it (so `online` is told once). */
export async function clearSilenceAlert(db: Kysely<Database>, phonebotId: number): Promise<boolean> {
  const result = await db
    .updateTable('phonebots')
    .set({ silence_alerted_at: null })
    .where('id', '=', phonebotId)
    .where('silence_alerted_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
