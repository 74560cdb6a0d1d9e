import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { columnTypes } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { isPostgres, timestamp } = columnTypes(db);
  const id = (col: ColumnDefinitionBuilder) =>
    isPostgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable('customers')
    .addColumn('id', 'integer', id)
    .addColumn('company_name', 'text')
    .addColumn('address', 'text')
    .addColumn('pin', 'text')
    .addColumn('city', 'text')
    .addColumn('phone', 'text')
    .addColumn('company_email', 'text')
    .addColumn('bank', 'text')
    .addColumn('iban', 'text')
    .addColumn('bic', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', id)
    .addColumn('customer_id', 'integer', (col) => col.references('customers.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('email_verified_at', timestamp)
    .addColumn('password_hash', 'text')
    .addColumn('avatar_path', 'text')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('users_customer_idx').on('users').columns(['customer_id', 'role', 'id']).execute();

  await db.schema
    .createTable('access_tokens')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('last_used_at', timestamp, (col) => col.notNull())
    .addColumn('expires_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('access_tokens_user_idx').on('access_tokens').column('user_id').execute();

  await db.schema
    .createTable('user_tokens')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', timestamp, (col) => col.notNull())
    .addColumn('used_at', timestamp)
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('user_tokens_user_idx').on('user_tokens').columns(['user_id', 'kind']).execute();

  await db.schema
    .createTable('phonebots')
    .addColumn('id', 'integer', id)
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('license_key', 'text', (col) => col.notNull().unique())
    .addColumn('bezeichnung', 'text', (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('phonebots_customer_idx').on('phonebots').columns(['customer_id', 'id']).execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', id)
    .addColumn('actor_user_id', 'integer')
    .addColumn('customer_id', 'integer')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target', 'text')
    .addColumn('ip', 'text')
    .addColumn('detail', 'text')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_customer_idx')
    .on('audit_log')
    .columns(['customer_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['audit_log', 'phonebots', 'user_tokens', 'access_tokens', 'users', 'customers']) {
    await db.schema.dropTable(table).execute();
  }
}
