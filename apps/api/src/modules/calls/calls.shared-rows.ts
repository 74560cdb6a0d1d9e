import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { announceEvents } from '../events/call-events';
import type { NewCallCounts } from '../insights/rollups';
import { queueCallDeliveries } from '../integrations/webhooks.service';

/** A month's count of calls of one phonebot, as a group of new calls adds to it. */
export type MonthlyCount = {
  month: string;
  target: { customerId: number; phonebotId: number; customerName: string; phonebotName: string };
  count: number;
};

/**
 * The rows new calls share with every other change of their company, updated by one PostgreSQL statement: the
 * Insights counts, the month's counts, the calls version, the event head and the events, and the companies with
 * webhook endpoints. Each table's rows come as arrays (`unnest`), so the text of the statement is the same for
 * any group and any number of companies.
 *
 * The data-modifying `with` parts are run as the final `select` reads them, left to right: the counts, the
 * month's counts, the calls version, the event head, then the events (which take their ids from the head). That
 * is the order in which the statements of `countStoredCalls` on SQLite, and every other change of calls
 * (`bumpCallsVersion` after the counts), take these rows: transactions that share them wait on each other but
 * never in a circle. Within a table the rows are in the order of their keys, as they are given.
 */
const SHARED_ROWS = `
with rollups as (
  insert into call_rollups as r (customer_id, dim, hour, phonebot_id, value, calls)
  select * from unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::text[], $6::int[])
  on conflict (customer_id, dim, hour, phonebot_id, value) do update set calls = r.calls + excluded.calls
  returning 1
), caller_hours as (
  insert into call_caller_hours as h (customer_id, hour, phonebot_id, caller_number, calls)
  select * from unnest($7::int[], $8::text[], $9::int[], $10::text[], $11::int[])
  on conflict (customer_id, hour, phonebot_id, caller_number) do update set calls = h.calls + excluded.calls
  returning 1
), callers as (
  insert into call_callers as c (customer_id, caller_number, calls)
  select * from unnest($12::int[], $13::text[], $14::int[])
  on conflict (customer_id, caller_number) do update set calls = c.calls + excluded.calls
  returning 1
), months as (
  insert into monthly_call_counts as m (month, customer_id, phonebot_id, customer_name, phonebot_name, count)
  select * from unnest($15::text[], $16::int[], $17::int[], $18::text[], $19::text[], $20::int[])
  on conflict (month, customer_id, phonebot_id) do update
    set count = m.count + excluded.count, customer_name = excluded.customer_name, phonebot_name = excluded.phonebot_name
  returning 1
), versions as (
  insert into calls_version as v (customer_id, version)
  select customer_id, 1 from unnest($21::int[]) as t(customer_id)
  on conflict (customer_id) do update set version = v.version + 1
  returning 1
), heads as (
  insert into call_event_heads as e (customer_id, last_id)
  select * from unnest($21::int[], $22::bigint[])
  on conflict (customer_id) do update set last_id = e.last_id + excluded.last_id
  returning customer_id, last_id
), events as (
  insert into call_events (customer_id, id, call_id, kind, created_at)
  select x.customer_id, heads.last_id - x.back, x.call_id, 'created', $23::timestamptz
  from unnest($24::int[], $25::bigint[], $26::bigint[]) as x(customer_id, call_id, back)
  join heads on heads.customer_id = x.customer_id
  returning 1
)
select
  (select count(*) from rollups) as rollups,
  (select count(*) from caller_hours) as caller_hours,
  (select count(*) from callers) as callers,
  (select count(*) from months) as months,
  (select count(*) from versions) as versions,
  (select json_agg(json_build_array(customer_id, last_id)) from heads) as heads,
  (select count(*) from events) as events,
  (select json_agg(distinct customer_id) from webhooks where customer_id = any($21::int[])) as hooked
`;

/** The columns of `rows`, each as one array parameter. */
function columns<Row>(rows: readonly Row[], keys: readonly (keyof Row)[]): unknown[][] {
  return keys.map((key) => rows.map((row) => row[key]));
}

/**
 * Counts new calls (none of them Completed) and records their events and webhook deliveries, in the caller's
 * transaction; `changes` is sorted by company.
 */
export async function countInOneStatement(
  trx: Kysely<Database>,
  counts: NewCallCounts,
  months: readonly MonthlyCount[],
  changes: readonly { customerId: number; callIds: readonly number[] }[],
): Promise<void> {
  const events = changes.flatMap(({ customerId, callIds }) =>
    callIds.map((callId, index) => ({ customerId, callId, back: callIds.length - 1 - index })),
  );
  const { rows } = await trx.executeQuery(
    CompiledQuery.raw(SHARED_ROWS, [
      ...columns(counts.rollups, ['customer_id', 'dim', 'hour', 'phonebot_id', 'value', 'calls']),
      ...columns(counts.callerHours, ['customer_id', 'hour', 'phonebot_id', 'caller_number', 'calls']),
      ...columns(counts.callers, ['customer_id', 'caller_number', 'calls']),
      months.map((row) => row.month),
      months.map((row) => row.target.customerId),
      months.map((row) => row.target.phonebotId),
      months.map((row) => row.target.customerName),
      months.map((row) => row.target.phonebotName),
      months.map((row) => row.count),
      changes.map((change) => change.customerId),
      changes.map((change) => change.callIds.length),
      nowIso(),
      ...columns(events, ['customerId', 'callId', 'back']),
    ]),
  );
  const result = rows[0] as { heads: [number, number | string][] | null; hooked: number[] | null } | undefined;
  const heads = new Map((result?.heads ?? []).map(([customerId, lastId]) => [customerId, Number(lastId)]));
  const hooked = new Set(result?.hooked ?? []);
  for (const { customerId, callIds } of changes) {
    // Only a company with endpoints (paused ones too) has deliveries to queue; the others cost nothing more.
    if (hooked.has(customerId)) await queueCallDeliveries(trx, customerId, { kind: 'created', callIds });
    const lastId = heads.get(customerId);
    if (lastId === undefined) throw new Error(`The event head of customer ${customerId} was not moved`);
    announceEvents(trx, customerId, lastId);
  }
}
