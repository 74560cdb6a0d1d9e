import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect';

/**
 * Webhook deliveries per endpoint: an endpoint is leased by one process at a time (claimed_until, claimed_by) and
 * taken least recently served first (served_at), so one company's slow endpoint or long queue cannot hold up the
 * others; a circuit breaker and `Retry-After` hold an endpoint back (consecutive_failures, blocked_until); deliveries
 * that waited too long while it was paused are counted (dropped_deliveries). A delivery names its call (call_id),
 * and goes with it when the call is deleted: the rows of calls deleted before are deleted here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { isPostgres, timestamp } = columnTypes(db);
  const bigId = isPostgres ? 'bigint' : 'integer';

  const int0 = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0);
  for (const [column, type, build] of [
    ['claimed_until', timestamp],
    ['claimed_by', sql`text`],
    ['served_at', timestamp],
    ['consecutive_failures', sql`integer`, int0],
    ['blocked_until', timestamp],
    ['dropped_deliveries', sql`integer`, int0],
  ] as const) {
    await db.schema.alterTable('webhooks').addColumn(column, type, build).execute();
  }

  await db.schema
    .alterTable('webhook_deliveries')
    .addColumn('call_id', bigId, (col) => col.references('calls.id').onDelete('cascade'))
    .execute();
  // The call a delivery is about: call.* events carry the call, sms.* events the SMS with its call's id.
  const callOf = isPostgres
    ? sql`(case when event like 'sms.%' then payload::jsonb #>> '{data,attributes,call_id}'
          else payload::jsonb #>> '{data,id}' end)::bigint`
    : sql`cast(case when event like 'sms.%' then json_extract(payload, '$.data.attributes.call_id')
          else json_extract(payload, '$.data.id') end as integer)`;
  await sql`
    update webhook_deliveries set call_id = (select calls.id from calls where calls.id = ${callOf})
    where event like 'call.%' or event like 'sms.%'`.execute(db);
  // Deliveries of calls deleted before: their content must not outlive the call.
  await sql`delete from webhook_deliveries where call_id is null and (event like 'call.%' or event like 'sms.%')`.execute(
    db,
  );
  await db.schema.createIndex('webhook_deliveries_call_idx').on('webhook_deliveries').column('call_id').execute();
  // The endpoint's next delivery: its oldest pending one.
  await db.schema
    .createIndex('webhook_deliveries_pending_idx')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'id'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_pending_idx').execute();
  await db.schema.dropIndex('webhook_deliveries_call_idx').execute();
  await db.schema.alterTable('webhook_deliveries').dropColumn('call_id').execute();
  for (const column of [
    'claimed_until',
    'claimed_by',
    'served_at',
    'consecutive_failures',
    'blocked_until',
    'dropped_deliveries',
  ]) {
    await db.schema.alterTable('webhooks').dropColumn(column).execute();
  }
}
