import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect';

/**
 * Call recordings. `call_recordings` holds a call's stored audio (its object key in the recordings store) or why the
 * platform's recording could not be fetched; it has no foreign key to the call, because the objects of a call that
 * goes are found through it after the call's row is gone (the change path moves its key to `recording_deletions`,
 * and the sweep finds the rows of calls that went another way). `recording_deletions` are objects to delete once
 * their change committed; `recording_fetches` the platforms' recordings to fetch; `recording_tickets` the
 * single-use tickets of the `<audio>` element and the playback tokens their use makes, each for one call and one
 * session.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { isPostgres, timestamp } = columnTypes(db);
  const id = (col: ColumnDefinitionBuilder) =>
    isPostgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();
  const bigId = isPostgres ? 'bigint' : 'integer';
  const real = isPostgres ? sql`double precision` : sql`real`;

  await db.schema
    .createTable('call_recordings')
    .addColumn('call_id', bigId, (col) => col.primaryKey())
    .addColumn('customer_id', 'integer', (col) => col.notNull())
    .addColumn('storage_key', 'text')
    .addColumn('content_type', 'text')
    .addColumn('size', bigId)
    .addColumn('duration_seconds', real)
    .addColumn('error', 'text')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();

  // Two queues worked off by claims: each row's attempts, when it is due, who holds it until when, and why it failed.
  const queue = (table: string, build: (t: CreateTableBuilder<string>) => CreateTableBuilder<string>) =>
    build(db.schema.createTable(table).addColumn('id', 'integer', id))
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', timestamp, (col) => col.notNull())
      .addColumn('claimed_until', timestamp)
      .addColumn('last_error', 'text')
      .addColumn('created_at', timestamp, (col) => col.notNull())
      .execute();
  await queue('recording_deletions', (t) => t.addColumn('storage_key', 'text', (col) => col.notNull()));
  await queue('recording_fetches', (t) =>
    t
      .addColumn('call_id', bigId, (col) => col.notNull().references('calls.id').onDelete('cascade'))
      .addColumn('url', 'text', (col) => col.notNull()),
  );
  for (const table of ['recording_deletions', 'recording_fetches'])
    await db.schema.createIndex(`${table}_due_idx`).on(table).columns(['next_attempt_at', 'id']).execute();
  await db.schema.createIndex('recording_fetches_call_idx').on('recording_fetches').column('call_id').execute();

  await db.schema
    .createTable('recording_tickets')
    .addColumn('ticket_hash', 'text', (col) => col.primaryKey())
    .addColumn('access_token_id', 'integer', (col) => col.notNull().references('access_tokens.id').onDelete('cascade'))
    .addColumn('call_id', bigId, (col) => col.notNull().references('calls.id').onDelete('cascade'))
    .addColumn('expires_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('recording_tickets_token_idx')
    .on('recording_tickets')
    .column('access_token_id')
    .execute();
  await db.schema.createIndex('recording_tickets_call_idx').on('recording_tickets').column('call_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['recording_tickets', 'recording_fetches', 'recording_deletions', 'call_recordings'])
    await db.schema.dropTable(table).execute();
}
