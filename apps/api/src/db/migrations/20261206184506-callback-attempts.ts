import type { Kysely } from 'kysely';
import { columnTypes } from './dialect';

/**
 * Calling back and hearing back: each callback attempt of a call (who, when, the outcome, a note, and the Twilio
 * call that dialled it with its reported status), the count of attempts and an unread SMS reply on the call itself
 * (the lists show both without a join), the direction of an SMS (a caller's reply comes in), the numbers that
 * answered an opt-out word to a company, and the user's own phone number that click-to-call rings first.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { isPostgres, timestamp } = columnTypes(db);

  await db.schema
    .createTable('call_attempts')
    .addColumn('id', 'integer', (col) =>
      isPostgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('call_id', 'integer', (col) => col.notNull().references('calls.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('outcome', 'text')
    .addColumn('note', 'text')
    .addColumn('dial_sid', 'text')
    .addColumn('dial_status', 'text')
    .addColumn('dial_duration_s', 'integer')
    .addColumn('dial_updated_at', timestamp)
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('call_attempts_call_idx')
    .on('call_attempts')
    .columns(['call_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('call_attempts_customer_idx')
    .on('call_attempts')
    .columns(['customer_id', 'created_at'])
    .execute();
  await db.schema.createIndex('call_attempts_user_idx').on('call_attempts').column('user_id').execute();
  await db.schema.createIndex('call_attempts_dial_sid_idx').on('call_attempts').column('dial_sid').execute();

  // One column per statement: SQLite adds one column per ALTER TABLE.
  await db.schema
    .alterTable('calls')
    .addColumn('attempt_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('calls')
    .addColumn('unread_reply', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .alterTable('sms_messages')
    .addColumn('direction', 'text', (col) => col.notNull().defaultTo('outbound'))
    .execute();
  await db.schema.alterTable('sms_messages').addColumn('from_number', 'text').execute();
  // The latest SMS sent to a number, across companies: where its reply belongs.
  await db.schema
    .createIndex('sms_messages_to_idx')
    .on('sms_messages')
    .columns(['to_number', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('sms_opt_outs')
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('number', 'text', (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint('sms_opt_outs_pk', ['customer_id', 'number'])
    .execute();

  await db.schema.alterTable('users').addColumn('phone', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('phone').execute();
  await db.schema.dropTable('sms_opt_outs').execute();
  await db.schema.dropIndex('sms_messages_to_idx').execute();
  await db.schema.alterTable('sms_messages').dropColumn('from_number').execute();
  await db.schema.alterTable('sms_messages').dropColumn('direction').execute();
  await db.schema.alterTable('calls').dropColumn('unread_reply').execute();
  await db.schema.alterTable('calls').dropColumn('attempt_count').execute();
  await db.schema.dropTable('call_attempts').execute();
}
