import type { Kysely } from 'kysely';
import {
  type CallStatsDocument,
  type CallStatsQuery,
  type CallStatsResource,
  type InsightSplit,
  INSIGHTS_MAX_DAYS,
} from '@phonebot/shared/insights';
import type { Database, RollupDim } from '../../db/schema';
import { DAY, HOUR } from '../../db/time';
import {
  UNCATEGORIZED,
  addDays,
  attemptCounts,
  callerNumberSql,
  countCalls,
  hourBounds,
  hourOf,
  localHour,
  serverZone,
} from '../calls';
import { phonebotNames } from '../phonebots';

const TOP_CALLERS = 10;
/** Up to this many numbers that called twice or more are looked up by number; beyond, the range is read whole. */
const CANDIDATES = 2000;

/**
 * The numbers with most calls in a range, two at least. Only numbers that called at least twice at all can, and
 * they are usually few: those are looked up by number instead of reading every caller of the range. A withheld
 * number ('anonymous') is nobody's and never a repeat caller.
 */
async function topCallers(db: Kysely<Database>, customerId: number, firstHour: string, lastHour: string) {
  const candidates = await db
    .selectFrom('call_callers')
    .select('caller_number')
    .where('customer_id', '=', customerId)
    .where('calls', '>=', 2)
    .where((eb) => callerNumberSql(eb.ref('caller_number')))
    .limit(CANDIDATES + 1)
    .execute();
  if (candidates.length === 0) return [];
  let query = db
    .selectFrom('call_caller_hours')
    .select(['caller_number', (eb) => eb.fn.sum<number>('calls').as('calls')])
    .where('customer_id', '=', customerId)
    .where('hour', '>=', firstHour)
    .where('hour', '<=', lastHour)
    .where((eb) => callerNumberSql(eb.ref('caller_number')));
  if (candidates.length <= CANDIDATES) {
    query = query.where(
      'caller_number',
      'in',
      candidates.map((c) => c.caller_number),
    );
  }
  return query
    .groupBy('caller_number')
    .having((eb) => eb.fn.sum('calls'), '>=', 2)
    .orderBy((eb) => eb.fn.sum('calls'), 'desc')
    .orderBy('caller_number')
    .limit(TOP_CALLERS)
    .execute();
}

/** The median of counted times to complete ([seconds, calls] in any order); null without any. */
function median(buckets: Map<number, number>): number | null {
  const total = [...buckets.values()].reduce((a, b) => a + b, 0);
  if (total <= 0) return null;
  const half = total / 2;
  let seen = 0;
  for (const seconds of [...buckets.keys()].sort((a, b) => a - b)) {
    seen += buckets.get(seconds)!;
    if (seen >= half) return seconds;
  }
  return null;
}

/** The reach rate (reached of the attempts with an outcome) and the attempts per completed call of a range. */
function attemptFigures(counts: { attempts: number; recorded: number; reached: number }, completed: number) {
  return {
    total: counts.attempts,
    recorded: counts.recorded,
    reached: counts.reached,
    reach_rate: counts.recorded === 0 ? null : counts.reached / counts.recorded,
    per_completed_call: completed === 0 ? null : counts.attempts / completed,
  };
}

const add = <K>(map: Map<K, number>, key: K, n: number) => map.set(key, (map.get(key) ?? 0) + n);

/**
 * A company's call statistics for the local days from … to in a time zone, from the rollups only (and one hour of
 * the call log for the overdue calls of the hour that is just turning overdue).
 */
export async function callStats(
  db: Kysely<Database>,
  customerId: number,
  query: CallStatsQuery,
  now = new Date(),
): Promise<CallStatsDocument> {
  const tz = query.tz ?? serverZone();
  const split: InsightSplit = query.split ?? 'status';
  const today = localHour(hourOf(now.toISOString()), tz).day;
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  let from = query.from ?? addDays(to, -29);
  if (Date.parse(to) - Date.parse(from) >= INSIGHTS_MAX_DAYS * DAY) from = addDays(to, -(INSIGHTS_MAX_DAYS - 1));
  const [firstHour, lastHour] = hourBounds(from, to, tz);

  const splitDim: RollupDim = split === 'priority' || split === 'category' ? split : 'status';

  const [rows, completions, phonebots, overdue, callers, attempts] = await Promise.all([
    db
      .selectFrom('call_rollups')
      .select(['hour', (eb) => eb.fn.sum<number>('calls').as('calls')])
      // By phonebot, the status values are added up in the database: a third of the rows, in the key's order.
      .$if(split === 'phonebot', (q) => q.select('phonebot_id').groupBy(['hour', 'phonebot_id']))
      .$if(split !== 'phonebot', (q) => q.select('value').groupBy(['hour', 'value']))
      .where('customer_id', '=', customerId)
      .where('dim', '=', splitDim)
      .where('hour', '>=', firstHour)
      .where('hour', '<=', lastHour)
      .execute(),
    db
      .selectFrom('call_completion_rollups')
      .select(['hour', 'seconds', (eb) => eb.fn.sum<number>('calls').as('calls')])
      .where('customer_id', '=', customerId)
      .where('hour', '>=', firstHour)
      .where('hour', '<=', lastHour)
      .groupBy(['hour', 'seconds'])
      .execute(),
    phonebotNames(db, customerId),
    // The very count of the call list's Overdue filter: open, not snoozed, due in the past.
    countCalls(db, { customerId, view: 'open', overdue: true, now: now.toISOString() }),
    topCallers(db, customerId, firstHour, lastHour),
    attemptCounts(
      db,
      customerId,
      `${firstHour}:00:00.000Z`,
      new Date(Date.parse(`${lastHour}:00:00.000Z`) + HOUR).toISOString(),
    ),
  ]);

  // Two phonebots of one name are told apart by their license keys, so each has its own bar and link.
  const named = new Map<string, number>();
  for (const p of phonebots) add(named, p.bezeichnung, 1);
  const nameOf = (p: { bezeichnung: string; license_key: string }) =>
    named.get(p.bezeichnung)! > 1 ? `${p.bezeichnung} (${p.license_key})` : p.bezeichnung;
  const names = new Map(phonebots.map((p) => [p.id, nameOf(p)]));
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  const totals = new Map<string, number>();
  const splits = new Map<string, Map<string, number>>(days.map((day) => [day, new Map()]));
  const weekdayHours = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));

  // Every call has one value of each dimension, so the split's rows add up to the totals.
  for (const row of rows) {
    const at = localHour(row.hour, tz);
    const calls = Number(row.calls);
    add(totals, at.day, calls);
    weekdayHours[at.weekday]![at.hour]! += calls;
    const phonebotId = 'phonebot_id' in row ? Number(row.phonebot_id) : 0;
    const name =
      split === 'phonebot'
        ? (names.get(phonebotId) ?? `#${phonebotId}`)
        : split === 'category' && row.value === ''
          ? UNCATEGORIZED
          : (row.value ?? '');
    const daySplit = splits.get(at.day);
    if (daySplit) add(daySplit, name, calls);
  }

  const allBuckets = new Map<number, number>();
  const dayBuckets = new Map<string, Map<number, number>>();
  for (const row of completions) {
    const day = localHour(row.hour, tz).day;
    const calls = Number(row.calls);
    add(allBuckets, Number(row.seconds), calls);
    const buckets = dayBuckets.get(day) ?? new Map<number, number>();
    add(buckets, Number(row.seconds), calls);
    dayBuckets.set(day, buckets);
  }
  const sum = (map: Map<number, number> | undefined) => [...(map?.values() ?? [])].reduce((a, b) => a + b, 0);

  const data: CallStatsResource[] = days.map((day) => ({
    type: 'call-stats',
    id: day,
    attributes: {
      day,
      total: totals.get(day) ?? 0,
      split: Object.fromEntries([...splits.get(day)!].filter(([, n]) => n !== 0)),
      completed: sum(dayBuckets.get(day)),
      median_seconds_to_complete: median(dayBuckets.get(day) ?? new Map()),
    },
  }));
  return {
    data,
    meta: {
      from,
      to,
      tz,
      split,
      total: data.reduce((n, item) => n + item.attributes.total, 0),
      completed: sum(allBuckets),
      median_seconds_to_complete: median(allBuckets),
      overdue_now: overdue,
      top_callers: callers.map((c) => ({ number: c.caller_number, calls: Number(c.calls) })),
      weekday_hours: weekdayHours,
      phonebot_keys: Object.fromEntries(phonebots.map((p) => [nameOf(p), p.license_key])),
      attempts: attemptFigures(attempts, sum(allBuckets)),
    },
  };
}
