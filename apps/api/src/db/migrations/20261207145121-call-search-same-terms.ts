import { createRequire } from 'node:module';
import { type Kysely, sql } from 'kysely';
import type * as Snowball from 'snowball-stemmers';
import { columnTypes } from './dialect';

/**
 * PostgreSQL: every search document written anew with the terms SQLite indexes (each word's Snowball German and
 * English stems with their accents taken off, the caller's number tokens, every term a term of its company), made by
 * the application instead of the database's `german` and `english` configurations. Both engines then find a call by
 * the same words (a word those configurations leave out, such as "in", and a word written without its accents,
 * such as "Ruckruf"), and storing a call costs the database no text processing. SQLite keeps its index as it is.
 *
 * The GIN index is dropped while the documents are written and built again after (quicker than updating it a million
 * times). This copy of how a call's terms are made is the migration's own, as it was when this was written
 * (search.text.ts makes them for the calls stored after it).
 */

const BATCH = 1000;
const WITHHELD_CODES = ['+266696687', '+7378742833', '+8656696', '+86282452253'];
const MAX_LEXEME = 2046;
const MAX_POSITION = 16383;

/** The terms of calls as PostgreSQL's tsvector texts, as search.text.ts's postgresDocument made them. */
function documentMaker() {
  const snowball = createRequire(import.meta.url)('snowball-stemmers') as typeof Snowball;
  const stemmers = [snowball.newStemmer('german'), snowball.newStemmer('english')];
  const cache = new Map<string, string[]>();
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
  const stems = (word: string) => {
    let found = cache.get(word);
    if (!found) {
      found = [...new Set(stemmers.map((stemmer) => fold(stemmer.stem(word))))];
      if (cache.size > 50_000) cache.clear();
      cache.set(word, found);
    }
    return found;
  };
  const quote = (lexeme: string) => `'${lexeme.replace(/['\\]/g, (char) => char + char)}'`;
  return (customerId: number, callerNumber: string, texts: readonly string[]): string => {
    const positions = new Map<string, number[]>();
    const add = (term: string, position?: number) => {
      const lexeme = `${customerId}:${term}`;
      let at = positions.get(lexeme);
      if (!at) {
        if (Buffer.byteLength(lexeme) > MAX_LEXEME) return;
        at = [];
        positions.set(lexeme, at);
      }
      if (position !== undefined && at[at.length - 1] !== position) at.push(position);
    };
    const number = callerNumber.trim();
    const digits = number.replace(/\D/g, '');
    if (/[1-9]/.test(number) && !WITHHELD_CODES.includes(number) && digits) {
      add(`n:${digits}`);
      add(`r:${[...digits].reverse().join('')}`);
    }
    let position = 0;
    for (const text of texts) {
      for (const word of text
        .normalize('NFC')
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? []) {
        position = Math.min(position + 1, MAX_POSITION);
        for (const stem of stems(word)) add(stem, position);
      }
    }
    return [...positions]
      .map(([lexeme, at]) => (at.length ? `${quote(lexeme)}:${at.join(',')}` : quote(lexeme)))
      .join(' ');
  };
}

type CallRow = {
  id: number | string;
  customer_id: number;
  caller_number: string;
  response: string;
  summary: string | null;
  caller_name: string | null;
};

/** The texts of a call in the order they are indexed: its turns, summary and caller's name, notes, then SMS. */
function textsOf(call: CallRow): string[] {
  let turns: unknown;
  try {
    turns = JSON.parse(call.response);
  } catch {
    turns = null;
  }
  const texts = Array.isArray(turns)
    ? turns.flatMap((turn) => {
        const text = (turn as { text?: unknown } | null)?.text;
        return typeof text === 'string' ? [text] : [];
      })
    : [];
  if (call.summary !== null) texts.push(call.summary);
  if (call.caller_name !== null) texts.push(call.caller_name);
  return texts;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  if (!columnTypes(db).isPostgres) return;
  const documentOf = documentMaker();
  await sql`drop index call_search_document_idx`.execute(db);
  for (let after = 0; ;) {
    const calls: CallRow[] = await db
      .selectFrom('calls')
      .innerJoin('call_search', 'call_search.call_id', 'calls.id')
      .select(['id', 'calls.customer_id', 'caller_number', 'response', 'summary', 'caller_name'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (calls.length === 0) break;
    after = Number(calls[calls.length - 1]!.id);
    const ids = calls.map((call) => Number(call.id));
    const texts = new Map<number, string[]>(calls.map((call) => [Number(call.id), textsOf(call)]));
    // Then the notes, then the SMS, each in the order they were written.
    for (const [table, column] of [
      ['call_notes', 'text'],
      ['sms_messages', 'body'],
    ] as const) {
      const rows: { call_id: number | string; text: string }[] = await db
        .selectFrom(table)
        .select(['call_id', `${column} as text`])
        .where('call_id', 'in', ids)
        .orderBy('id')
        .execute();
      for (const row of rows) texts.get(Number(row.call_id))?.push(row.text);
    }
    const docs = calls.map((call) => documentOf(call.customer_id, call.caller_number, texts.get(Number(call.id))!));
    await sql`update call_search s set document = d.doc::tsvector
      from unnest(${ids}::bigint[], ${docs}::text[]) d(id, doc) where s.call_id = d.id`.execute(db);
  }
  await sql`create index call_search_document_idx on call_search using gin (document)`.execute(db);
}

/** The document of a call `c` as the database's own configurations made it before (with its notes and SMS). */
const OLD_DOCUMENT = `array_to_tsvector(array_remove(array[
    case when (c.caller_number ~ '[1-9]' and c.caller_number not in (${WITHHELD_CODES.map((code) => `'${code}'`).join(', ')}))
      then c.customer_id || ':n:' || regexp_replace(c.caller_number, '[^0-9]', '', 'g') end,
    case when (c.caller_number ~ '[1-9]' and c.caller_number not in (${WITHHELD_CODES.map((code) => `'${code}'`).join(', ')}))
      then c.customer_id || ':r:' || reverse(regexp_replace(c.caller_number, '[^0-9]', '', 'g')) end
  ], null)) || (select (select coalesce(string_agg('''' || c.customer_id || ':'
      || replace(replace(u.lexeme, '\\', '\\\\'), '''', '''''') || ''''
      || coalesce(':' || array_to_string(u.positions, ','), ''), ' '), '')::tsvector
    from unnest(to_tsvector('german', b.body) || to_tsvector('english', b.body)) u)
  from (select regexp_replace(concat_ws(' ',
    (select string_agg(t.value ->> 'text', ' ' order by t.i)
      from jsonb_array_elements(case when jsonb_typeof(c.response::jsonb) = 'array' then c.response::jsonb else '[]'::jsonb end)
      with ordinality t(value, i)),
    c.summary, c.caller_name,
    (select string_agg(n.text, ' ' order by n.id) from call_notes n where n.call_id = c.id),
    (select string_agg(s.body, ' ' order by s.id) from sms_messages s where s.call_id = c.id)
  ), '[[:punct:]]+', ' ', 'g') as body) b)`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  if (!columnTypes(db).isPostgres) return;
  await sql`drop index call_search_document_idx`.execute(db);
  await sql.raw(`update call_search s set document = ${OLD_DOCUMENT} from calls c where c.id = s.call_id`).execute(db);
  await sql`create index call_search_document_idx on call_search using gin (document)`.execute(db);
}
