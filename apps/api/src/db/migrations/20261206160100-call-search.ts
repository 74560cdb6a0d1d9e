import { createRequire } from 'node:module';
import { type Kysely, sql } from 'kysely';
import type * as Snowball from 'snowball-stemmers';
import { columnTypes } from './dialect';

/**
 * The call search's index (modules/calls/search*.ts), built here for the calls that exist, and each company's
 * country for reading phone numbers (`default_country`, DE to begin with).
 *
 * SQLite: `call_search`, an FTS5 table, its rowid the call's id. It holds terms the application makes (the Snowball
 * German and English stems of every word, the company's token `t:<id>`, the caller's number as `n:<digits>` and
 * `r:<digits reversed>`), and keeps them as its content: with them `secure-delete` removes a deleted call's terms
 * from the index pages at once (an FTS5 table without content can only mark them deleted, and its pages would keep
 * an erased caller's words until they are merged). A trigger deletes them with the call, however the call goes.
 *
 * PostgreSQL: `call_search (call_id, document tsvector)` with a GIN index: the texts as `german` and `english`
 * vectors and the same tokens; the foreign key deletes it with the call.
 *
 * The backfill below keeps its own copy of how a call's terms are made, as they were when this was written.
 */

/** The texts of calls indexed per statement. */
const BATCH = 500;
const WITHHELD_CODES = ['+266696687', '+7378742833', '+8656696', '+86282452253'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { isPostgres } = columnTypes(db);
  await db.schema
    .alterTable('customers')
    .addColumn('default_country', 'text', (col) => col.notNull().defaultTo('DE'))
    .execute();
  if (isPostgres) {
    await sql`create table call_search (
      call_id bigint primary key references calls (id) on delete cascade,
      document tsvector not null
    )`.execute(db);
    await sql`create index call_search_document_idx on call_search using gin (document)`.execute(db);
    await sql`insert into call_search (call_id, document)
      select c.id,
        array_to_tsvector(array_remove(array[
          't:' || c.customer_id,
          case when ${named(sql`c.caller_number`)} then 'n:' || regexp_replace(c.caller_number, '[^0-9]', '', 'g') end,
          case when ${named(sql`c.caller_number`)} then 'r:' || reverse(regexp_replace(c.caller_number, '[^0-9]', '', 'g')) end
        ], null))
        || to_tsvector('german', b.body) || to_tsvector('english', b.body)
      from calls c
      cross join lateral (select regexp_replace(concat_ws(' ',
        (select string_agg(t.value ->> 'text', ' ' order by t.i)
          from jsonb_array_elements(case when jsonb_typeof(c.response::jsonb) = 'array' then c.response::jsonb else '[]'::jsonb end)
            with ordinality t(value, i)),
        (select string_agg(n.text, ' ' order by n.id) from call_notes n where n.call_id = c.id),
        (select string_agg(s.body, ' ' order by s.id) from sms_messages s where s.call_id = c.id)
      ), '[[:punct:]]+', ' ', 'g') as body) b`.execute(db);
    await sql`analyze call_search`.execute(db);
    return;
  }
  await sql`create virtual table call_search using fts5(
    terms, tokenize="unicode61 remove_diacritics 2 tokenchars ':'"
  )`.execute(db);
  await sql`insert into call_search (call_search, rank) values ('secure-delete', 1)`.execute(db);
  await sql`create trigger call_search_delete after delete on calls begin
    delete from call_search where rowid = old.id;
  end`.execute(db);
  await backfillSqlite(db);
}

/** `not isWithheldNumber(number)` as SQL: a digit 1-9 and none of the carriers' codes for a withheld number. */
function named(number: ReturnType<typeof sql>) {
  const codes = sql.join(WITHHELD_CODES.map((code) => sql.lit(code)));
  return sql`(${number} ~ '[1-9]' and ${number} not in (${codes}))`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
async function backfillSqlite(db: Kysely<any>): Promise<void> {
  const snowball = createRequire(import.meta.url)('snowball-stemmers') as typeof Snowball;
  const stemmers: Snowball.Stemmer[] = [snowball.newStemmer('german'), snowball.newStemmer('english')];
  const cache = new Map<string, string[]>();
  const stems = (word: string) => {
    let found = cache.get(word);
    if (!found) {
      found = [...new Set(stemmers.map((stemmer) => stemmer.stem(word)))];
      if (cache.size > 50_000) cache.clear();
      cache.set(word, found);
    }
    return found;
  };
  const words = (text: string) =>
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const numberTokens = (number: string) => {
    const value = number.trim();
    if (!/[1-9]/.test(value) || WITHHELD_CODES.includes(value)) return [];
    const digits = value.replace(/\D/g, '');
    return [`n:${digits}`, `r:${[...digits].reverse().join('')}`];
  };
  for (let after = 0; ;) {
    const calls: { id: number; customer_id: number; caller_number: string; response: string }[] = await db
      .selectFrom('calls')
      .select(['id', 'customer_id', 'caller_number', 'response'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (calls.length === 0) return;
    after = Number(calls[calls.length - 1]!.id);
    const ids = calls.map((call) => call.id);
    const texts = new Map<number, string[]>(ids.map((id) => [id, []]));
    for (const call of calls) {
      let turns: unknown;
      try {
        turns = JSON.parse(call.response);
      } catch {
        turns = [];
      }
      if (Array.isArray(turns)) {
        for (const turn of turns) {
          const text = (turn as { text?: unknown } | null)?.text;
          if (typeof text === 'string') texts.get(call.id)!.push(text);
        }
      }
    }
    const notes: { call_id: number; text: string }[] = await db
      .selectFrom('call_notes')
      .select(['call_id', 'text'])
      .where('call_id', 'in', ids)
      .orderBy('id')
      .execute();
    for (const note of notes) texts.get(note.call_id)?.push(note.text);
    const sms: { call_id: number; body: string }[] = await db
      .selectFrom('sms_messages')
      .select(['call_id', 'body'])
      .where('call_id', 'in', ids)
      .orderBy('id')
      .execute();
    for (const message of sms) texts.get(message.call_id)?.push(message.body);
    const rows = calls.map((call) => {
      const terms = [`t:${call.customer_id}`, ...numberTokens(call.caller_number)];
      for (const text of texts.get(call.id)!) for (const word of words(text)) terms.push(...stems(word));
      return sql`(${call.id}, ${terms.join(' ')})`;
    });
    await sql`insert into call_search (rowid, terms) values ${sql.join(rows)}`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  const { isPostgres } = columnTypes(db);
  if (!isPostgres) await sql`drop trigger call_search_delete`.execute(db);
  await sql`drop table call_search`.execute(db);
  await db.schema.alterTable('customers').dropColumn('default_country').execute();
}
