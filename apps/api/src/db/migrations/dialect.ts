import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Column types that differ between the engines. Migrations use this instead of app code, so a migration keeps
 * working whatever the application becomes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export function columnTypes(db: Kysely<any>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    isPostgres,
    timestamp: isPostgres ? sql`timestamptz` : sql`text`,
  };
}
