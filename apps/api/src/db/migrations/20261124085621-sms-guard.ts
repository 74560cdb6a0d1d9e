import type { Kysely } from 'kysely';

/**
 * Guards against SMS pumping: the numbers besides the caller's that a company allows (a JSON list of numbers and
 * prefixes), and per-company counters of SMS per minute and per day, raised by one conditional statement each.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('customers')
    .addColumn('sms_allowed_numbers', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createTable('sms_counters')
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    // 'day:YYYY-MM-DD' or 'minute:YYYY-MM-DDTHH:MM' (UTC minutes; days in the server's time zone).
    .addColumn('bucket', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('sms_counters_pk', ['customer_id', 'bucket'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sms_counters').execute();
  await db.schema.alterTable('customers').dropColumn('sms_allowed_numbers').execute();
}
