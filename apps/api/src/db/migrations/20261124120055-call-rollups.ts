import { type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect';

/**
 * Counts behind the Insights screen, kept in the transaction of every change of a call and filled here from the
 * calls that exist. Hours are UTC hours written `YYYY-MM-DDTHH`, so a day can be cut in any time zone.
 *
 * - `call_rollups`: calls per company, UTC hour of arrival, phonebot and one dimension (`status`, `priority`,
 *   `category`; '' is Uncategorized) with its value.
 * - `call_caller_hours`: calls per company, hour, phonebot and caller number (the repeat callers), and
 *   `call_callers` all calls per number.
 * - `call_completions`: when each completed call arrived and was completed; `call_completion_rollups` counts the
 *   completions per hour of completion and rounded time to complete (see `completionBucket`).
 *
 * None refers to calls: the counts stay when calls are erased or expire.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { isPostgres, timestamp } = columnTypes(db);
  const bigId = isPostgres ? 'bigint' : 'integer';

  await db.schema
    .createTable('call_rollups')
    .addColumn('customer_id', 'integer', (col) => col.notNull())
    .addColumn('dim', 'text', (col) => col.notNull())
    .addColumn('hour', 'text', (col) => col.notNull())
    .addColumn('phonebot_id', 'integer', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('calls', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('call_rollups_pk', ['customer_id', 'dim', 'hour', 'phonebot_id', 'value'])
    .execute();

  await db.schema
    .createTable('call_caller_hours')
    .addColumn('customer_id', 'integer', (col) => col.notNull())
    .addColumn('hour', 'text', (col) => col.notNull())
    .addColumn('phonebot_id', 'integer', (col) => col.notNull())
    .addColumn('caller_number', 'text', (col) => col.notNull())
    .addColumn('calls', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('call_caller_hours_pk', ['customer_id', 'hour', 'phonebot_id', 'caller_number'])
    .execute();
  await db.schema
    .createIndex('call_caller_hours_number_idx')
    .on('call_caller_hours')
    .columns(['customer_id', 'caller_number', 'hour'])
    .execute();
  // All calls of each number, so that the repeat callers of a range are looked up among numbers that called twice.
  await db.schema
    .createTable('call_callers')
    .addColumn('customer_id', 'integer', (col) => col.notNull())
    .addColumn('caller_number', 'text', (col) => col.notNull())
    .addColumn('calls', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('call_callers_pk', ['customer_id', 'caller_number'])
    .execute();
  await db.schema.createIndex('call_callers_calls_idx').on('call_callers').columns(['customer_id', 'calls']).execute();

  await db.schema
    .createTable('call_completions')
    .addColumn('call_id', bigId, (col) => col.primaryKey())
    .addColumn('customer_id', 'integer', (col) => col.notNull())
    .addColumn('phonebot_id', 'integer', (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('completed_at', timestamp, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('call_completion_rollups')
    .addColumn('customer_id', 'integer', (col) => col.notNull())
    .addColumn('hour', 'text', (col) => col.notNull())
    .addColumn('phonebot_id', 'integer', (col) => col.notNull())
    .addColumn('seconds', 'integer', (col) => col.notNull())
    .addColumn('calls', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('call_completion_rollups_pk', ['customer_id', 'hour', 'phonebot_id', 'seconds'])
    .execute();

  // The backfill: arrival hours of the existing calls, and their last change as the completion of completed ones.
  const hourOf = (column: string) =>
    isPostgres
      ? sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`)
      : sql.raw(`substr(${column}, 1, 13)`);
  for (const [dim, expr] of [
    ['status', sql`status`],
    ['priority', sql`priority`],
    ['category', sql`coalesce(selected_category, '')`],
  ] as const) {
    await sql`
      insert into call_rollups (customer_id, dim, hour, phonebot_id, value, calls)
      select customer_id, ${dim}, ${hourOf('created_at')}, phonebot_id, ${expr}, count(*)
      from calls group by customer_id, ${hourOf('created_at')}, phonebot_id, ${expr}`.execute(db);
  }
  await sql`
    insert into call_caller_hours (customer_id, hour, phonebot_id, caller_number, calls)
    select customer_id, ${hourOf('created_at')}, phonebot_id, caller_number, count(*)
    from calls group by customer_id, ${hourOf('created_at')}, phonebot_id, caller_number`.execute(db);
  await sql`
    insert into call_callers (customer_id, caller_number, calls)
    select customer_id, caller_number, count(*) from calls group by customer_id, caller_number`.execute(db);
  await sql`
    insert into call_completions (call_id, customer_id, phonebot_id, created_at, completed_at)
    select id, customer_id, phonebot_id, created_at, updated_at from calls where status = 'Completed'`.execute(db);
  const seconds = isPostgres
    ? sql`greatest(0, floor(extract(epoch from completed_at - created_at)))::bigint`
    : sql`max(0, cast((julianday(completed_at) - julianday(created_at)) * 86400 as integer))`;
  // Integer division rounds down on both engines for these non-negative numbers.
  const bucket = sql`case
      when s < 3600 then s / 60 * 60
      when s < 86400 then s / 900 * 900
      when s < 604800 then s / 3600 * 3600
      else s / 86400 * 86400 end`;
  await sql`
    insert into call_completion_rollups (customer_id, hour, phonebot_id, seconds, calls)
    select customer_id, h, phonebot_id, b, count(*) from (
      select customer_id, phonebot_id, h, ${bucket} as b from (
        select customer_id, phonebot_id, ${hourOf('completed_at')} as h, ${seconds} as s from call_completions
      ) x
    ) y group by customer_id, h, phonebot_id, b`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'call_completion_rollups',
    'call_completions',
    'call_callers',
    'call_caller_hours',
    'call_rollups',
  ])
    await db.schema.dropTable(table).execute();
}
