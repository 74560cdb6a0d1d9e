import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { columnTypes } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { isPostgres, timestamp } = columnTypes(db);
  const id = (col: ColumnDefinitionBuilder) =>
    isPostgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();
  const callId = isPostgres ? 'bigint' : 'integer';

  // The new-call alert counts a company's New calls that nobody was notified of yet.
  await db.schema
    .createIndex('calls_customer_notified_idx')
    .on('calls')
    .columns(['customer_id', 'notified', 'status', 'created_at'])
    .execute();

  await db.schema
    .createTable('call_notes')
    .addColumn('id', 'integer', id)
    .addColumn('call_id', callId, (col) => col.notNull().references('calls.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('call_notes_call_idx').on('call_notes').columns(['call_id', 'created_at']).execute();

  await db.schema
    .createTable('sms_messages')
    .addColumn('id', 'integer', id)
    .addColumn('call_id', callId, (col) => col.notNull().references('calls.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('to_number', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_id', 'text')
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sms_messages_call_idx').on('sms_messages').columns(['call_id', 'created_at']).execute();

  // Background jobs claim their run here, so only one of several processes runs each.
  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('last_run_at', timestamp, (col) => col.notNull())
    .addColumn('outcome', 'text')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['job_runs', 'sms_messages', 'call_notes']) await db.schema.dropTable(table).execute();
  await db.schema.dropIndex('calls_customer_notified_idx').execute();
}
