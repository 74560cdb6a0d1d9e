import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { columnTypes } from './dialect';

/**
 * Phonebots in operation: every change of a phonebot's configuration kept as a numbered version (who, when, which
 * fields, the configuration after it, its secrets sealed), how long a company's runtime phonebot may be silent
 * before its admins are told, and when they were told about the current outage (null: not offline, or not yet).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { isPostgres, timestamp } = columnTypes(db);
  const id = (col: ColumnDefinitionBuilder) =>
    isPostgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable('phonebot_versions')
    .addColumn('id', 'integer', id)
    .addColumn('phonebot_id', 'integer', (col) => col.notNull().references('phonebots.id').onDelete('cascade'))
    .addColumn('number', 'integer', (col) => col.notNull())
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text', (col) => col.notNull())
    .addColumn('actor_role', 'text')
    // JSON list of the names of the fields this version changed (secrets by name only).
    .addColumn('fields', 'text', (col) => col.notNull())
    // JSON of the configuration after the change: the name and every setting, no secrets.
    .addColumn('config', 'text', (col) => col.notNull())
    // JSON of the sealed secret columns after the change (sealed as in the phonebots table, never opened to show).
    .addColumn('secrets', 'text', (col) => col.notNull())
    .addColumn('restored_from', 'integer')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addUniqueConstraint('phonebot_versions_number_key', ['phonebot_id', 'number'])
    .execute();

  await db.schema
    .alterTable('customers')
    .addColumn('offline_alert_minutes', 'integer', (col) => col.notNull().defaultTo(10))
    .execute();
  await db.schema.alterTable('phonebots').addColumn('offline_alerted_at', timestamp).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('phonebots').dropColumn('offline_alerted_at').execute();
  await db.schema.alterTable('customers').dropColumn('offline_alert_minutes').execute();
  await db.schema.dropTable('phonebot_versions').execute();
}
