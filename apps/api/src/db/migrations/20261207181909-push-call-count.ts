import type { Kysely } from 'kysely';

/**
 * How many calls a push is about: one assignment of several calls (a bulk assignment) is one push to each of the
 * assignee's browsers, about its first call and counting the rest. 1 for every other push.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('push_deliveries')
    .addColumn('call_count', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('push_deliveries').dropColumn('call_count').execute();
}
