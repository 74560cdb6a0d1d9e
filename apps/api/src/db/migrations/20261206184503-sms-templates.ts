import type { Kysely } from 'kysely';

/** A company's SMS templates: JSON [{name, text}]; an empty list offers the default text. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('customers')
    .addColumn('sms_templates', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customers').dropColumn('sms_templates').execute();
}
