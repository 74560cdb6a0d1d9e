import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect';

/**
 * Outgoing webhooks: a company's endpoints, and one delivery row per event and endpoint, written in the transaction
 * of the change that causes it and sent by a job that claims rows (claimed_until), so each delivery survives a crash
 * and one process sends it at a time.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { isPostgres, timestamp } = columnTypes(db);
  const id = (col: ColumnDefinitionBuilder) =>
    isPostgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();
  const bigId = isPostgres ? 'bigint' : 'integer';

  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'integer', id)
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('events', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    // Encrypted with the secrets key: it signs every delivery, so it must be readable by the server.
    .addColumn('secret', 'text', (col) => col.notNull())
    // Set by the first failed attempt since the last success; an endpoint failing for a day is paused.
    .addColumn('failing_since', timestamp)
    .addColumn('paused_reason', 'text')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('webhooks_customer_idx').on('webhooks').column('customer_id').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', bigId, id)
    .addColumn('webhook_id', 'integer', (col) => col.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('message_id', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestamp)
    .addColumn('claimed_until', timestamp)
    .addColumn('last_attempt_at', timestamp)
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_webhook_idx')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'id'])
    .execute();
  // The sender's query: pending deliveries, due first.
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['next_attempt_at', 'id'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  // Calls whose completion was announced, so that call.completed goes out once per completion.
  await db.schema
    .createTable('webhook_completed_calls')
    .addColumn('call_id', bigId, (col) => col.primaryKey().references('calls.id').onDelete('cascade'))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['webhook_completed_calls', 'webhook_deliveries', 'webhooks']) {
    await db.schema.dropTable(table).execute();
  }
}
