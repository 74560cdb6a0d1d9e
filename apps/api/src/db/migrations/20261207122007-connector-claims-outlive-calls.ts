import { type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect';

/**
 * A platform's call id stays claimed when its call goes (`connector_calls.call_id` set to null instead of the row
 * deleted with the call): a late event of a call deleted by hand, by retention or with its caller's erasure (Retell's
 * `call_analyzed` comes minutes after `call_ended`, a platform retries for hours) is then taken as done, where it
 * stored the call again. The pruning job deletes such claims after a week.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
async function onCallDeleted(db: Kysely<any>, action: 'set null' | 'cascade'): Promise<void> {
  const { isPostgres, timestamp } = columnTypes(db);
  if (isPostgres) {
    await sql`alter table connector_calls drop constraint connector_calls_call_id_fkey`.execute(db);
    await sql`alter table connector_calls add constraint connector_calls_call_id_fkey
      foreign key (call_id) references calls (id) on delete ${sql.raw(action)}`.execute(db);
    return;
  }
  // SQLite changes a foreign key only with the table written anew (nothing refers to this one).
  await db.schema
    .createTable('connector_calls_new')
    .addColumn('phonebot_id', 'integer', (col) => col.notNull().references('phonebots.id').onDelete('cascade'))
    .addColumn('source_call_id', 'text', (col) => col.notNull())
    .addColumn('call_id', 'integer', (col) => col.references('calls.id').onDelete(action))
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint('connector_calls_pk', ['phonebot_id', 'source_call_id'])
    .execute();
  await sql`insert into connector_calls_new (phonebot_id, source_call_id, call_id, created_at)
    select phonebot_id, source_call_id, call_id, created_at from connector_calls`.execute(db);
  await db.schema.dropTable('connector_calls').execute();
  await sql`alter table connector_calls_new rename to connector_calls`.execute(db);
  await db.schema.createIndex('connector_calls_call_idx').on('connector_calls').column('call_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await onCallDeleted(db, 'set null');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  // The claims of calls that went went with them before.
  await sql`delete from connector_calls where call_id is null`.execute(db);
  await onCallDeleted(db, 'cascade');
}
