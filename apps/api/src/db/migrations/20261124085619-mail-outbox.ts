import { type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect';

/**
 * Outgoing mail, written in the transaction of the change that causes it and sent by a job: a mail survives a
 * restart, and claiming a row (claimed_until) makes one process send it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { isPostgres, timestamp } = columnTypes(db);
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'integer', (col) =>
      isPostgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    // Bodies and links are erased once the mail is sent or given up: they may hold one-time links.
    .addColumn('text_body', 'text')
    .addColumn('html_body', 'text')
    .addColumn('links', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestamp, (col) => col.notNull())
    .addColumn('claimed_until', timestamp)
    .addColumn('last_error', 'text')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('sent_at', timestamp)
    .addColumn('failed_at', timestamp)
    .execute();
  // The sender's query: unsent, not given up, due first.
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['next_attempt_at', 'id'])
    .where(sql.ref('sent_at'), 'is', null)
    .where(sql.ref('failed_at'), 'is', null)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
