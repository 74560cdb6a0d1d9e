import type { Kysely } from 'kysely';
import { columnTypes } from './dialect';

/**
 * Calls from voice-agent platforms: a call's summary, caller name and extracted fields (JSON), for every source; the
 * platform's recording address, which the recordings fetch; a phonebot's sealed connector secret; and the
 * platform's call ids a phonebot took (`connector_calls`), so the same event never stores a call twice. A call id
 * goes with its call.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { isPostgres, timestamp } = columnTypes(db);
  const bigId = isPostgres ? 'bigint' : 'integer';
  for (const column of ['summary', 'caller_name', 'extracted', 'recording_source_url']) {
    await db.schema.alterTable('calls').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('phonebots').addColumn('source_secret_enc', 'text').execute();
  await db.schema
    .createTable('connector_calls')
    .addColumn('phonebot_id', 'integer', (col) => col.notNull().references('phonebots.id').onDelete('cascade'))
    .addColumn('source_call_id', 'text', (col) => col.notNull())
    .addColumn('call_id', bigId, (col) => col.references('calls.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint('connector_calls_pk', ['phonebot_id', 'source_call_id'])
    .execute();
  await db.schema.createIndex('connector_calls_call_idx').on('connector_calls').column('call_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('connector_calls').execute();
  await db.schema.alterTable('phonebots').dropColumn('source_secret_enc').execute();
  for (const column of ['recording_source_url', 'extracted', 'caller_name', 'summary']) {
    await db.schema.alterTable('calls').dropColumn(column).execute();
  }
}
