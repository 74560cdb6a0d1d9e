import { type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect';

/**
 * The live event log of the call screens. Each company numbers its events itself: `call_event_heads` holds the last
 * number, and the change that takes the next numbers keeps that row locked until it commits, so a company's events
 * become visible in the order of their ids. On PostgreSQL every inserted event also notifies the channel
 * `call_events` with its company's id (delivered at commit; one per company and transaction).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { isPostgres, timestamp } = columnTypes(db);
  const bigId = isPostgres ? 'bigint' : 'integer';

  await db.schema
    .createTable('call_event_heads')
    .addColumn('customer_id', 'integer', (col) => col.primaryKey().references('customers.id').onDelete('cascade'))
    .addColumn('last_id', bigId, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('call_events')
    .addColumn('customer_id', 'integer', (col) => col.notNull())
    .addColumn('id', bigId, (col) => col.notNull())
    .addColumn('call_id', bigId, (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint('call_events_pk', ['customer_id', 'id'])
    .execute();
  await db.schema.createIndex('call_events_created_idx').on('call_events').column('created_at').execute();

  // Single-use tickets that open an event stream where no Authorization header can be sent (EventSource).
  await db.schema
    .createTable('event_tickets')
    .addColumn('ticket_hash', 'text', (col) => col.primaryKey())
    .addColumn('access_token_id', 'integer', (col) => col.notNull().references('access_tokens.id').onDelete('cascade'))
    .addColumn('expires_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('event_tickets_token_idx').on('event_tickets').column('access_token_id').execute();

  if (isPostgres) {
    await sql`
      create function call_events_notify() returns trigger language plpgsql as $$
      begin
        perform pg_notify('call_events', new.customer_id::text);
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger call_events_notify after insert on call_events
      for each row execute function call_events_notify()`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  const { isPostgres } = columnTypes(db);
  for (const table of ['event_tickets', 'call_events', 'call_event_heads']) await db.schema.dropTable(table).execute();
  if (isPostgres) await sql`drop function call_events_notify()`.execute(db);
}
