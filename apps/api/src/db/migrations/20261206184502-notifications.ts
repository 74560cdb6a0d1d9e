import { type ColumnDefinitionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { columnTypes } from './dialect';

/**
 * A user's notifications (a call assigned to them, a note that names them): read or not, and whether their mail went
 * out. The live event of a new one goes to its addressee only: an event row may name the one user it is for.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { isPostgres, timestamp } = columnTypes(db);
  const bigId = isPostgres ? 'bigint' : 'integer';
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', (col: ColumnDefinitionBuilder) =>
      isPostgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('call_id', bigId, (col) => col.notNull().references('calls.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('read_at', timestamp)
    .addColumn('mailed_at', timestamp)
    .execute();
  await db.schema
    .createIndex('notifications_user_idx')
    .on('notifications')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('notifications_call_idx').on('notifications').column('call_id').execute();
  // Deleting a user sets its notifications' actor to null: without an index that reads the whole table.
  await db.schema.createIndex('notifications_actor_idx').on('notifications').column('actor_id').execute();
  // The mail job reads the unread, unmailed ones by age.
  await db.schema
    .createIndex('notifications_unmailed_idx')
    .on('notifications')
    .column('created_at')
    .where(sql<SqlBool>`read_at is null and mailed_at is null`)
    .execute();
  await db.schema.alterTable('call_events').addColumn('user_id', 'integer').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('call_events').dropColumn('user_id').execute();
  await db.schema.dropTable('notifications').execute();
}
