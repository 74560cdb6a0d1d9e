import type { Kysely } from 'kysely';

/** When the session last confirmed its user (step-up); sensitive actions accept a confirmation of the last 5 minutes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('access_tokens').addColumn('reauth_at', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('access_tokens').dropColumn('reauth_at').execute();
}
