import type { Kysely } from 'kysely';

/** An e-mail change waits for its confirmation link: the token of kind 'email-change' carries the new address. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_tokens').addColumn('new_email', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_tokens').dropColumn('new_email').execute();
}
