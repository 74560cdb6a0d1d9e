import type { Kysely } from 'kysely';
import { columnTypes } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { timestamp } = columnTypes(db);
  // Settings the super edits on the Settings screen, one row per named value; a missing row falls back to the
  // environment.
  await db.schema
    .createTable('settings')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('settings').execute();
}
