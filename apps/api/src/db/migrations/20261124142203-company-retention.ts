import type { Kysely } from 'kysely';

/** How many days a company keeps its calls (null: as long as the deployment does). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customers').addColumn('retention_days', 'integer').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customers').dropColumn('retention_days').execute();
}
