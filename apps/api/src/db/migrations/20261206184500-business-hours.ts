import type { Kysely } from 'kysely';

/**
 * A company's business hours (JSON {time_zone, week, holidays}; null: around the clock): callback deadlines count
 * only their minutes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customers').addColumn('business_hours', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customers').dropColumn('business_hours').execute();
}
