import { type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect';

/**
 * Rate-limit windows shared by every process on the database: a key's hits in its current fixed window and when the
 * window ends (epoch milliseconds). One upsert per hit counts and starts an expired window over. On PostgreSQL the
 * table is UNLOGGED: the counts are worth seconds to minutes, so they skip the write-ahead log (and its flush per
 * commit) and are emptied by a crash, which only starts every window over.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { isPostgres } = columnTypes(db);
  let table = db.schema.createTable('rate_limits');
  if (isPostgres) table = table.modifyFront(sql`unlogged`);
  await table
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('reset_at', isPostgres ? 'bigint' : 'integer', (col) => col.notNull())
    .execute();
  // The sweep of ended windows.
  await db.schema.createIndex('rate_limits_reset_idx').on('rate_limits').column('reset_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
