import { type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect';

/**
 * SQLite: the call search's vocabulary, an FTS5 view of the index's terms (nothing stored). A search whose last word
 * is being typed reads from it the terms that begin with that word's stems, and then asks the index for those
 * terms by name: FTS5 would otherwise merge the whole list of every such term before returning the newest calls.
 * PostgreSQL has nothing of it (its GIN index reads the terms of a beginning itself).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).isPostgres) return;
  await sql`create virtual table call_search_vocabulary using fts5vocab(call_search, 'row')`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).isPostgres) return;
  await sql`drop table call_search_vocabulary`.execute(db);
}
