import type { Kysely } from 'kysely';

/** The language a user chose for the screens ('en' or 'de'); the mails to them are written in it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('en'))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
