import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  // Why a token stopped working, when the reason is worth telling its holder (the account was disabled); such a
  // token never works again.
  await db.schema.alterTable('access_tokens').addColumn('revoked_reason', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('access_tokens').dropColumn('revoked_reason').execute();
}
