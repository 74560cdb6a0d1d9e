import type { Kysely } from 'kysely';
import { columnTypes } from './dialect';

/**
 * Urgent-call e-mails: a company names the priorities whose calls its operators hear about by e-mail when nobody
 * took them within some minutes; each call remembers when that mail was queued, so it goes once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { timestamp } = columnTypes(db);
  await db.schema
    .alterTable('customers')
    .addColumn('urgent_mail_priorities', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('customers')
    .addColumn('urgent_mail_minutes', 'integer', (col) => col.notNull().defaultTo(15))
    .execute();
  await db.schema.alterTable('calls').addColumn('urgent_mail_at', timestamp).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calls').dropColumn('urgent_mail_at').execute();
  await db.schema.alterTable('customers').dropColumn('urgent_mail_minutes').execute();
  await db.schema.alterTable('customers').dropColumn('urgent_mail_priorities').execute();
}
