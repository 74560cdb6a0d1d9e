import type { Kysely } from 'kysely';
import { rowLock } from '../../db/engine';
import type { CallCallerHoursTable, CallRollupsTable, Database, RollupDim } from '../../db/schema';
import type { CallFacts } from '../../lib/changes';
import { hourOf } from '../calls';

/**
 * Upkeep of the Insights counts, as the rollups subscriber applies the changes of calls (rollups.subscriber.ts).
 * Every function takes the transaction of the change it counts, so a count never differs from the calls it stands
 * for. Calls are counted in the UTC hour they arrived; a later change of status, priority or category moves the call
 * between values of that same hour.
 */

/**
 * Time to complete as counted: rounded down to the minute below an hour, to the quarter hour below a day, to the
 * hour below a week, to the day beyond.
 */
export function completionBucket(seconds: number): number {
  const s = Math.max(0, Math.floor(seconds));
  const step = s < 3600 ? 60 : s < 86400 ? 900 : s < 604800 ? 3600 : 86400;
  return Math.floor(s / step) * step;
}

const DIMS: RollupDim[] = ['status', 'priority', 'category'];

function valueOf(call: CallFacts, dim: RollupDim): string {
  if (dim === 'status') return call.status;
  if (dim === 'priority') return call.priority;
  return call.selected_category ?? '';
}

/** A row of the rollups as it is added: `calls` is the change of its count. */
type RollupRow = CallRollupsTable;

/** Adds to rollup rows, one statement for all of them; the rows' keys are distinct and in the order of their keys. */
async function addRollups(trx: Kysely<Database>, rows: RollupRow[]) {
  if (rows.length === 0) return;
  await trx
    .insertInto('call_rollups')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['customer_id', 'dim', 'hour', 'phonebot_id', 'value'])
        .doUpdateSet((eb) => ({ calls: eb('call_rollups.calls', '+', eb.ref('excluded.calls')) })),
    )
    .execute();
}

function rollupOf(call: CallFacts, dim: RollupDim, value: string, delta: number): RollupRow {
  return {
    customer_id: call.customer_id,
    dim,
    hour: hourOf(call.created_at),
    phonebot_id: call.phonebot_id,
    value,
    calls: delta,
  };
}

async function addRollup(trx: Kysely<Database>, call: CallFacts, dim: RollupDim, value: string, delta: number) {
  await addRollups(trx, [rollupOf(call, dim, value, delta)]);
}

/** A row of the repeat-caller counts per hour as it is added: `calls` is the change of its count. */
type CallerRow = CallCallerHoursTable;
/** A row of the repeat-caller counts in all as it is added. */
type CallerTotal = { customer_id: number; caller_number: string; calls: number };

/**
 * Adds to the repeat-caller counts, one statement per table: per hour and phonebot, and per number in all. The rows
 * are summed per key of each table first (one statement may not change a row twice) and sorted by it.
 */
async function addCallers(trx: Kysely<Database>, rows: CallerRow[], totals = callerTotals(rows)) {
  if (rows.length === 0) return;
  await trx
    .insertInto('call_caller_hours')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['customer_id', 'hour', 'phonebot_id', 'caller_number'])
        .doUpdateSet((eb) => ({ calls: eb('call_caller_hours.calls', '+', eb.ref('excluded.calls')) })),
    )
    .execute();
  await trx
    .insertInto('call_callers')
    .values(totals)
    .onConflict((oc) =>
      oc
        .columns(['customer_id', 'caller_number'])
        .doUpdateSet((eb) => ({ calls: eb('call_callers.calls', '+', eb.ref('excluded.calls')) })),
    )
    .execute();
}

/** The change of each number's count in all, summed over its hours and phonebots, in the order of the keys. */
function callerTotals(rows: CallerRow[]): CallerTotal[] {
  const totals = new Map<string, CallerTotal>();
  for (const row of rows) {
    const key = `${String(row.customer_id).padStart(12, '0')}|${row.caller_number}`;
    const total = totals.get(key) ?? { customer_id: row.customer_id, caller_number: row.caller_number, calls: 0 };
    total.calls += row.calls;
    totals.set(key, total);
  }
  return sortedValues(totals);
}

function callerOf(call: CallFacts, delta: number): CallerRow {
  return {
    customer_id: call.customer_id,
    hour: hourOf(call.created_at),
    phonebot_id: call.phonebot_id,
    caller_number: call.caller_number,
    calls: delta,
  };
}

/** A map's values in the order of its keys: concurrent writers take the rows they share in one order. */
function sortedValues<T>(map: Map<string, T>): T[] {
  return [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, value]) => value);
}

async function addCompletion(
  trx: Kysely<Database>,
  row: { customer_id: number; phonebot_id: number; created_at: string; completed_at: string },
  delta: number,
) {
  const seconds = (Date.parse(row.completed_at) - Date.parse(row.created_at)) / 1000;
  await trx
    .insertInto('call_completion_rollups')
    .values({
      customer_id: row.customer_id,
      hour: hourOf(row.completed_at),
      phonebot_id: row.phonebot_id,
      seconds: completionBucket(seconds),
      calls: delta,
    })
    .onConflict((oc) =>
      oc
        .columns(['customer_id', 'hour', 'phonebot_id', 'seconds'])
        .doUpdateSet((eb) => ({ calls: eb('call_completion_rollups.calls', '+', delta) })),
    )
    .execute();
}

async function completed(trx: Kysely<Database>, call: CallFacts, at: string) {
  const row = {
    call_id: call.id,
    customer_id: call.customer_id,
    phonebot_id: call.phonebot_id,
    created_at: call.created_at,
    completed_at: at,
  };
  await trx.insertInto('call_completions').values(row).execute();
  await addCompletion(trx, row, 1);
}

async function reopened(trx: Kysely<Database>, callId: number) {
  const gone = await trx
    .deleteFrom('call_completions')
    .where('call_id', '=', callId)
    .returning(['customer_id', 'phonebot_id', 'created_at', 'completed_at'])
    .executeTakeFirst();
  if (gone) await addCompletion(trx, gone, -1);
}

/** What calls just stored add to the counts, summed per row and in the order of the rows' keys. */
export type NewCallCounts = { rollups: RollupRow[]; callerHours: CallerRow[]; callers: CallerTotal[] };

export function newCallCounts(calls: readonly CallFacts[]): NewCallCounts {
  const rollups = new Map<string, RollupRow>();
  const callers = new Map<string, CallerRow>();
  // Keys sort as the rows' keys do: ids padded, so that 9 sorts before 10.
  const id = (n: number) => String(n).padStart(12, '0');
  for (const call of calls) {
    const hour = hourOf(call.created_at);
    for (const dim of DIMS) {
      const value = valueOf(call, dim);
      const key = [id(call.customer_id), dim, hour, id(call.phonebot_id), value].join('|');
      const row = rollups.get(key) ?? rollupOf(call, dim, value, 0);
      row.calls += 1;
      rollups.set(key, row);
    }
    const key = [id(call.customer_id), hour, id(call.phonebot_id), call.caller_number].join('|');
    const row = callers.get(key) ?? callerOf(call, 0);
    row.calls += 1;
    callers.set(key, row);
  }
  const callerHours = sortedValues(callers);
  return { rollups: sortedValues(rollups), callerHours, callers: callerTotals(callerHours) };
}

/**
 * Counts calls just stored (a call stored as Completed is completed when it arrives). The counts of a group of
 * calls are summed first and each count row is then updated once, all in the order of their keys: concurrent
 * groups never take two count rows in opposite orders.
 */
export async function countNewCalls(trx: Kysely<Database>, calls: readonly CallFacts[]): Promise<void> {
  const counts = newCallCounts(calls);
  await addRollups(trx, counts.rollups);
  await addCallers(trx, counts.callerHours, counts.callers);
  for (const call of [...calls].sort((a, b) => a.id - b.id)) {
    if (call.status === 'Completed') await completed(trx, call, call.created_at);
  }
}

/** Moves changed calls between values; `set` is what the change wrote to each of them. */
export async function countChange(
  trx: Kysely<Database>,
  before: readonly CallFacts[],
  set: Partial<Pick<CallFacts, 'status' | 'priority' | 'selected_category'>>,
  at: string,
): Promise<void> {
  for (const call of before) {
    const after: CallFacts = { ...call, ...set };
    for (const dim of DIMS) {
      const was = valueOf(call, dim);
      const is = valueOf(after, dim);
      if (was === is) continue;
      await addRollup(trx, call, dim, was, -1);
      await addRollup(trx, call, dim, is, 1);
    }
    if (call.status !== 'Completed' && after.status === 'Completed') await completed(trx, call, at);
    if (call.status === 'Completed' && after.status !== 'Completed') await reopened(trx, call.id);
  }
}

/**
 * Uncounts calls deleted one by one from the call screens (a call entered by mistake), so that the counts keep
 * matching the call list. Calls that expire or whose caller is erased stay counted: do not call this for them.
 */
export async function countDeleted(trx: Kysely<Database>, calls: readonly CallFacts[]): Promise<void> {
  for (const call of calls) {
    await addRollups(
      trx,
      DIMS.map((dim) => rollupOf(call, dim, valueOf(call, dim), -1)),
    );
    await addCallers(trx, [callerOf(call, -1)]);
    if (call.status === 'Completed') await reopened(trx, call.id);
  }
}

/**
 * Forgets a caller's number in the repeat-caller counts of a company (erasure of the caller's data): the calls stay
 * counted everywhere else, the number is no longer kept.
 */
export async function forgetCaller(trx: Kysely<Database>, customerId: number, callerNumber: string): Promise<number> {
  let forgotten = 0;
  for (const table of ['call_caller_hours', 'call_callers'] as const) {
    const gone = await trx
      .deleteFrom(table)
      .where('customer_id', '=', customerId)
      .where('caller_number', '=', callerNumber)
      .executeTakeFirst();
    forgotten += Number(gone.numDeletedRows);
  }
  return forgotten;
}

/**
 * Whether the repeat-caller counts still hold the number (its calls may all be gone by retention). With `lock`, its
 * row stays locked until the transaction ends (PostgreSQL): of two erasures of the number at once, the second waits
 * for the first and then finds it gone.
 */
export async function callerCounted(
  db: Kysely<Database>,
  customerId: number,
  callerNumber: string,
  options: { lock?: boolean } = {},
): Promise<boolean> {
  const query = db
    .selectFrom('call_callers')
    .select('caller_number')
    .where('customer_id', '=', customerId)
    .where('caller_number', '=', callerNumber)
    .limit(1);
  const row = await (options.lock ? rowLock(db)(query) : query).executeTakeFirst();
  return row !== undefined;
}
