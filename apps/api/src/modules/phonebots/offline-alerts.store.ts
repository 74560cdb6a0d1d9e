import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { MINUTE } from '../../db/time';

/**
 * The phonebots table's part in the offline alerts: which runtime phonebots went silent and were not alerted about
 * yet, the claim of an outage's alert (a conditional update, so one process alerts it once), and its end.
 */

/** A runtime is online while its heartbeats arrive at least this often (as `status` says). */
export const ONLINE_WINDOW_MS = 2 * MINUTE;
/** An outage that began longer ago than this (a phonebot given up) is not alerted any more. */
const LOOKBACK_MS = 7 * 24 * 60 * MINUTE;

/**
 * A phonebot takes calls through its runtime unless a voice-agent platform sends them (a `source` other than runtime;
 * none set is the runtime).
 */
function isRuntime(row: { settings: string }): boolean {
  const source = (JSON.parse(row.settings) as { source?: unknown }).source;
  return source === undefined || source === null || source === 'runtime';
}

/**
 * Phonebots of active companies whose runtime was heard from but not within the online window, and whose outage
 * nobody was told of yet, with their company's alert delay and business hours.
 */
export async function silentPhonebots(db: Kysely<Database>, now: Date) {
  const rows = await db
    .selectFrom('phonebots as p')
    .innerJoin('customers as c', 'c.id', 'p.customer_id')
    .selectAll('p')
    .select(['c.offline_alert_minutes', 'c.business_hours'])
    .where('c.status', '=', 'Active')
    .where('p.offline_alerted_at', 'is', null)
    .where('p.last_heartbeat_at', '<', new Date(now.getTime() - ONLINE_WINDOW_MS).toISOString())
    .where('p.last_heartbeat_at', '>', new Date(now.getTime() - LOOKBACK_MS).toISOString())
    .orderBy('p.id')
    .execute();
  return rows.filter(isRuntime);
}

/**
 * Claims the alert of a phonebot's current outage: only when nobody claimed it and no heartbeat came meanwhile.
 * Answers whether this caller claimed it.
 */
export async function claimOfflineAlert(
  db: Kysely<Database>,
  phonebotId: number,
  lastSeenAt: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('phonebots')
    .set({ offline_alerted_at: at })
    .where('id', '=', phonebotId)
    .where('offline_alerted_at', 'is', null)
    .where('last_heartbeat_at', '=', lastSeenAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Alerted phonebots whose runtime is heard from again. */
export function phonebotsBackOnline(db: Kysely<Database>, now: Date) {
  return db
    .selectFrom('phonebots')
    .select(['id', 'customer_id', 'license_key', 'bezeichnung', 'last_heartbeat_at'])
    .where('offline_alerted_at', 'is not', null)
    .where('last_heartbeat_at', '>=', new Date(now.getTime() - ONLINE_WINDOW_MS).toISOString())
    .orderBy('id')
    .execute();
}

/** Ends an outage's alert; answers whether this caller ended it (so `online` is told once). */
export async function clearOfflineAlert(db: Kysely<Database>, phonebotId: number): Promise<boolean> {
  const result = await db
    .updateTable('phonebots')
    .set({ offline_alerted_at: null })
    .where('id', '=', phonebotId)
    .where('offline_alerted_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A company's phonebots alerted as offline and not heard from since, or alerted as silent (a platform phonebot with
 * no call for its hours) and no call since (the Calls Dashboard's banner).
 */
export function alertedPhonebots(db: Kysely<Database>, customerId: number, now: Date) {
  return db
    .selectFrom('phonebots')
    .select([
      'id',
      'license_key',
      'bezeichnung',
      'settings',
      'last_heartbeat_at',
      'offline_alerted_at',
      'silence_alerted_at',
    ])
    .where('customer_id', '=', customerId)
    .where((eb) =>
      eb.or([
        eb('silence_alerted_at', 'is not', null),
        eb.and([
          eb('offline_alerted_at', 'is not', null),
          eb.or([
            eb('last_heartbeat_at', 'is', null),
            eb('last_heartbeat_at', '<', new Date(now.getTime() - ONLINE_WINDOW_MS).toISOString()),
          ]),
        ]),
      ]),
    )
    .orderBy('bezeichnung')
    .execute();
}
