import type { Kysely } from 'kysely';

/**
 * SMS delivery: the provider's refusal kept as its own fields (Twilio's code, message and documentation link, and
 * what it means for the reader), and an index to find an SMS by the provider's id when its delivery report comes.
 * `state` now also takes the provider's delivery states (queued, delivered, undelivered); rows written before keep
 * their `error` text and no fields.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable('sms_messages').addColumn('error_code', 'integer').execute();
  await db.schema.alterTable('sms_messages').addColumn('error_message', 'text').execute();
  await db.schema.alterTable('sms_messages').addColumn('error_more_info', 'text').execute();
  await db.schema.alterTable('sms_messages').addColumn('error_reason', 'text').execute();
  await db.schema.createIndex('sms_messages_provider_idx').on('sms_messages').columns(['provider_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sms_messages_provider_idx').execute();
  for (const column of ['error_reason', 'error_more_info', 'error_message', 'error_code']) {
    await db.schema.alterTable('sms_messages').dropColumn(column).execute();
  }
}
