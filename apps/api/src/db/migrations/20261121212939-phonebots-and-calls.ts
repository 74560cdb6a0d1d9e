import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { columnTypes } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { isPostgres, timestamp } = columnTypes(db);
  const id = (col: ColumnDefinitionBuilder) =>
    isPostgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();

  await db.schema
    .alterTable('phonebots')
    .addColumn('settings', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
  for (const secret of ['sip_passwd', 'e_mail_passwd', 'nat_password', 'apen_ai_key']) {
    await db.schema.alterTable('phonebots').addColumn(`${secret}_enc`, 'text').execute();
  }
  await db.schema
    .alterTable('phonebots')
    .addColumn('payment_status', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('phonebots').addColumn('bot_token_hash', 'text').execute();
  await db.schema.alterTable('phonebots').addColumn('last_heartbeat_at', timestamp).execute();
  await db.schema.createIndex('phonebots_bot_token_idx').on('phonebots').column('bot_token_hash').unique().execute();

  await db.schema
    .createTable('calls')
    .addColumn('id', isPostgres ? 'bigint' : 'integer', id)
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('phonebot_id', 'integer', (col) => col.notNull().references('phonebots.id').onDelete('cascade'))
    .addColumn('caller_number', 'text', (col) => col.notNull())
    .addColumn('response', 'text', (col) => col.notNull())
    .addColumn('selected_category', 'text')
    .addColumn('priority', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('notified', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('started_at', timestamp)
    .addColumn('duration_s', 'integer')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
  // Every list starts with the tenant, so no query reads other companies' rows.
  await db.schema
    .createIndex('calls_customer_status_created_idx')
    .on('calls')
    .columns(['customer_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('calls_customer_created_idx')
    .on('calls')
    .columns(['customer_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('calls_phonebot_idx').on('calls').column('phonebot_id').execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', 'integer', id)
    .addColumn('phonebot_id', 'integer', (col) => col.notNull().references('phonebots.id').onDelete('cascade'))
    .addColumn('idem_key', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addUniqueConstraint('idempotency_keys_phonebot_key_uq', ['phonebot_id', 'idem_key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();

  await db.schema
    .createTable('monthly_call_counts')
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('customer_id', 'integer', (col) => col.notNull())
    .addColumn('phonebot_id', 'integer', (col) => col.notNull())
    .addColumn('customer_name', 'text', (col) => col.notNull())
    .addColumn('phonebot_name', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('monthly_call_counts_pk', ['month', 'customer_id', 'phonebot_id'])
    .execute();

  await db.schema
    .createTable('calls_version')
    .addColumn('customer_id', 'integer', (col) => col.primaryKey())
    .addColumn('version', 'integer', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['calls_version', 'monthly_call_counts', 'idempotency_keys', 'calls'])
    await db.schema.dropTable(table).execute();
  await db.schema.dropIndex('phonebots_bot_token_idx').execute();
  for (const column of [
    'last_heartbeat_at',
    'bot_token_hash',
    'payment_status',
    'apen_ai_key_enc',
    'nat_password_enc',
    'e_mail_passwd_enc',
    'sip_passwd_enc',
    'settings',
  ]) {
    await db.schema.alterTable('phonebots').dropColumn(column).execute();
  }
}
