import { type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect';

/**
 * The call search's index with every term a term of its company: `<company id>:<term>` instead of one company token
 * `t:<company id>` beside the plain terms. The index's list of the calls with a word then holds only that
 * company's calls, so a search no longer intersects it with the list of all the company's calls (at a million
 * calls that list alone took longer than a search may).
 *
 * On PostgreSQL each document also gets its call's company and time (`customer_id`, `created_at`, with an index of
 * the company's documents newest first): a search finds the newest calls with a word either from the word's list in
 * the GIN index or, for a common word, by walking the company's newest documents, without reading the calls table.
 *
 * The terms there are are rewritten from themselves into a new table (nothing is stemmed again): on SQLite the
 * FTS5 rows' text, on PostgreSQL each document's lexemes with their positions. This copy of how a term is written is
 * the migration's own, as it was when this was written.
 */

/** SQLite: the FTS5 terms `t:<id> a b` of a call as `<id>:a <id>:b` (the id read from the company token). */
const SQLITE_UP = `case
    when instr(terms, ' ') = 0 then ''
    else substr(terms, 3, instr(terms, ' ') - 3) || ':'
      || replace(substr(terms, instr(terms, ' ') + 1), ' ', ' ' || substr(terms, 3, instr(terms, ' ') - 3) || ':')
  end`;

/** SQLite: back to the company token first and plain terms (the id read from the call). */
const SQLITE_DOWN = `(
    select trim('t:' || c.customer_id || replace(' ' || terms, ' ' || c.customer_id || ':', ' '))
    from calls c where c.id = old_terms.rowid
  )`;

/**
 * SQLite: the FTS5 table written anew with each call's terms rewritten by `terms` (an expression of the old row's
 * `terms`): quicker than updating a million rows in place, where every old term is first wiped from the index
 * (`secure-delete`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
async function rewriteSqlite(db: Kysely<any>, terms: string): Promise<void> {
  await sql`drop trigger call_search_delete`.execute(db);
  await sql`alter table call_search rename to old_terms`.execute(db);
  await sql`create virtual table call_search using fts5(
    terms, tokenize="unicode61 remove_diacritics 2 tokenchars ':'"
  )`.execute(db);
  await sql`insert into call_search (call_search, rank) values ('secure-delete', 1)`.execute(db);
  await sql.raw(`insert into call_search (rowid, terms) select rowid, ${terms} from old_terms`).execute(db);
  await sql`drop table old_terms`.execute(db);
  await sql`create trigger call_search_delete after delete on calls begin
    delete from call_search where rowid = old.id;
  end`.execute(db);
}

/** PostgreSQL: the lexemes of a document `s.document` but the company token as `<id>:<lexeme>`, positions kept. */
const POSTGRES_UP = `(
    select coalesce(string_agg(
      '''' || c.customer_id || ':' || replace(replace(u.lexeme, '\\', '\\\\'), '''', '''''') || ''''
        || coalesce(':' || array_to_string(u.positions, ','), ''),
      ' '), '')::tsvector
    from unnest(s.document) u
    where u.lexeme not like 't:%'
  )`;

/** PostgreSQL: the company token and the plain lexemes again. */
const POSTGRES_DOWN = `array_to_tsvector(array['t:' || c.customer_id]) || (
    select coalesce(string_agg(
      '''' || replace(replace(substr(u.lexeme, length(c.customer_id::text) + 2), '\\', '\\\\'), '''', '''''') || ''''
        || coalesce(':' || array_to_string(u.positions, ','), ''),
      ' '), '')::tsvector
    from unnest(s.document) u
  )`;

/**
 * PostgreSQL: the documents written into a new table by `document` (an expression of the old row `s` and its call
 * `c`), with the call's company and time beside them when `withTime`; the indexes are built once it is full.
 * Quicker than updating a million documents under their GIN index, and it leaves no dead rows behind.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
async function rewritePostgres(db: Kysely<any>, document: string, withTime: boolean): Promise<void> {
  const time = withTime ? 'customer_id integer not null, created_at timestamptz not null,' : '';
  await sql
    .raw(
      `create table call_search_new (
    call_id bigint primary key references calls (id) on delete cascade,
    ${time}
    document tsvector not null
  )`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into call_search_new (call_id, ${withTime ? 'customer_id, created_at, ' : ''}document)
    select s.call_id, ${withTime ? 'c.customer_id, c.created_at, ' : ''}${document}
    from call_search s join calls c on c.id = s.call_id`,
    )
    .execute(db);
  await sql`drop table call_search`.execute(db);
  await sql`alter table call_search_new rename to call_search`.execute(db);
  await sql`alter index call_search_new_pkey rename to call_search_pkey`.execute(db);
  await sql`alter table call_search rename constraint call_search_new_call_id_fkey to call_search_call_id_fkey`.execute(
    db,
  );
  await sql`create index call_search_document_idx on call_search using gin (document)`.execute(db);
  if (withTime) {
    await sql`create index call_search_recent_idx on call_search (customer_id, created_at desc, call_id desc)`.execute(
      db,
    );
  }
  await sql`analyze call_search`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { isPostgres } = columnTypes(db);
  await (isPostgres ? rewritePostgres(db, POSTGRES_UP, true) : rewriteSqlite(db, SQLITE_UP));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  const { isPostgres } = columnTypes(db);
  await (isPostgres ? rewritePostgres(db, POSTGRES_DOWN, false) : rewriteSqlite(db, SQLITE_DOWN));
}
