import type { Kysely } from 'kysely';

/** Where and with what a session signed in and was last used, so its owner can recognise it in My profile. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('access_tokens').addColumn('ip', 'text').execute();
  await db.schema.alterTable('access_tokens').addColumn('user_agent', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('access_tokens').dropColumn('user_agent').execute();
  await db.schema.alterTable('access_tokens').dropColumn('ip').execute();
}
