import type { Kysely } from 'kysely';
import { columnTypes } from './dialect';

/**
 * API keys of a company, stored only as the SHA-256 of the token. A key acts for the admin who created it, within
 * its scopes; deleting that user deletes the key.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { isPostgres, timestamp } = columnTypes(db);
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'integer', (col) =>
      isPostgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('scopes', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('token_start', 'text', (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('last_used_at', timestamp)
    .execute();
  await db.schema.createIndex('api_keys_customer_idx').on('api_keys').column('customer_id').execute();
  await db.schema.createIndex('api_keys_created_by_idx').on('api_keys').column('created_by').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
}
