import { type Kysely, sql } from 'kysely';
import { WITHHELD_NUMBER_CODES } from '@phonebot/shared/calls';
import { isPostgres } from '../../db/engine';
import type { Database } from '../../db/schema';
import type { Change, ChangeSubscriber } from '../../lib/changes';
import { indexedTerms } from './search.text';

/**
 * The call search's index (table `call_search`, made by the migration `call-search`), kept by the path of a change
 * in the transaction of the change: a new call is indexed as it is stored, a call whose notes or SMS changed is
 * indexed again. A call that goes (deleted by hand, by retention, with its phonebot or company, or with its
 * caller's erasure) takes its index row with it in the database itself: a trigger on SQLite, the foreign key on
 * PostgreSQL. Nothing of an erased caller is found, not even a word of a note.
 *
 * What is indexed of a call: its conversation's text, its summary and caller name, its notes and its SMS, and its
 * caller's number (search.numbers.ts), every term as a term of the call's company (`<company id>:<term>`, see
 * companyTerm in search.text.ts). SQLite keeps the terms search.text.ts makes in an FTS5 table; PostgreSQL keeps a
 * tsvector of the texts in its `german` and `english` configurations plus the same number tokens.
 */

/** Calls indexed per statement. */
const BATCH = 500;

// Statements on call_search are SQL text: it is a virtual table on SQLite and has a tsvector on PostgreSQL.

/**
 * The texts of calls, in the order they are indexed: the conversation's turns, the summary and the caller's name,
 * then the notes, then the SMS.
 */
type IndexedCall = { id: number; customer_id: number; caller_number: string; texts: string[] };

function turnsOf(response: string): string[] {
  let turns: unknown;
  try {
    turns = JSON.parse(response);
  } catch {
    return [];
  }
  if (!Array.isArray(turns)) return [];
  return turns.flatMap((turn) => {
    const text = (turn as { text?: unknown } | null)?.text;
    return typeof text === 'string' ? [text] : [];
  });
}

/** The calls with their texts (`followUps`: with their notes and SMS; a new call has none). */
async function callTexts(trx: Kysely<Database>, ids: readonly number[], followUps: boolean): Promise<IndexedCall[]> {
  const rows = await trx
    .selectFrom('calls')
    .select(['id', 'customer_id', 'caller_number', 'response', 'summary', 'caller_name'])
    .where('id', 'in', ids)
    .execute();
  const calls = new Map<number, IndexedCall>(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        customer_id: row.customer_id,
        caller_number: row.caller_number,
        texts: [...turnsOf(row.response), ...[row.summary, row.caller_name].filter((text) => text !== null)],
      },
    ]),
  );
  if (followUps) {
    const notes = await trx
      .selectFrom('call_notes')
      .select(['call_id', 'text'])
      .where('call_id', 'in', ids)
      .orderBy('id')
      .execute();
    for (const note of notes) calls.get(Number(note.call_id))?.texts.push(note.text);
    const sms = await trx
      .selectFrom('sms_messages')
      .select(['call_id', 'body'])
      .where('call_id', 'in', ids)
      .orderBy('id')
      .execute();
    for (const message of sms) calls.get(Number(message.call_id))?.texts.push(message.body);
  }
  return [...calls.values()];
}

/** SQLite: writes the terms of calls (`replace`: calls indexed before). */
async function indexSqlite(trx: Kysely<Database>, ids: readonly number[], replace: boolean): Promise<void> {
  const calls = await callTexts(trx, ids, replace);
  if (replace) await sql`delete from call_search where rowid in (${sql.join(ids)})`.execute(trx);
  if (calls.length === 0) return;
  const rows = calls.map(
    (call) => sql`(${call.id}, ${indexedTerms(call.customer_id, call.caller_number, call.texts)})`,
  );
  await sql`insert into call_search (rowid, terms) values ${sql.join(rows)}`.execute(trx);
}

const codes = WITHHELD_NUMBER_CODES.map((code) => `'${code}'`).join(', ');
/** `not isWithheldNumber(c.caller_number)`, as withheld.ts writes it. */
const NAMED = `(c.caller_number ~ '[1-9]' and c.caller_number not in (${codes}))`;
const DIGITS = `regexp_replace(c.caller_number, '[^0-9]', '', 'g')`;
/** The texts of a call `c` as one text, punctuation as spaces (so "030/1234567" is two numbers, as in search.text.ts). */
const TURNS = `(select string_agg(t.value ->> 'text', ' ' order by t.i)
  from jsonb_array_elements(case when jsonb_typeof(c.response::jsonb) = 'array' then c.response::jsonb else '[]'::jsonb end)
    with ordinality t(value, i))`;
const FOLLOW_UPS = `(select string_agg(n.text, ' ' order by n.id) from call_notes n where n.call_id = c.id),
  (select string_agg(s.body, ' ' order by s.id) from sms_messages s where s.call_id = c.id)`;

/**
 * PostgreSQL: a tsvector `vector` of a call `c` with each lexeme made a term of the call's company
 * (search.text.ts, companyTerm), its positions kept (a number's groups are found one after the other by them).
 */
export function companyVector(vector: string): string {
  const lexeme = `replace(replace(u.lexeme, '\\', '\\\\'), '''', '''''')`;
  const term = `'''' || c.customer_id || ':' || ${lexeme} || '''' || coalesce(':' || array_to_string(u.positions, ','), '')`;
  return `(select coalesce(string_agg(${term}, ' '), '')::tsvector from unnest(${vector}) u)`;
}

/** PostgreSQL: the document of a call `c` (`followUps`: with its notes and SMS). */
function pgDocument(followUps: boolean): string {
  const texts = `${TURNS}, c.summary, c.caller_name${followUps ? `, ${FOLLOW_UPS}` : ''}`;
  const body = `regexp_replace(concat_ws(' ', ${texts}), '[[:punct:]]+', ' ', 'g')`;
  const words = companyVector(`to_tsvector('german', b.body) || to_tsvector('english', b.body)`);
  return `array_to_tsvector(array_remove(array[
    case when ${NAMED} then c.customer_id || ':n:' || ${DIGITS} end,
    case when ${NAMED} then c.customer_id || ':r:' || reverse(${DIGITS}) end
  ], null)) || (select ${words} from (select ${body} as body) b)`;
}

/** PostgreSQL: what a call indexed again takes anew. */
const REINDEXED = `document = excluded.document, ${['status', 'priority', 'selected_category', 'phonebot_id']
  .map((column) => `${column} = excluded.${column}`)
  .join(', ')}`;
/**
 * PostgreSQL: the columns of a call kept beside its document (migration `call-search-triage`, whose trigger on `calls`
 * keeps them as the call's), in an insert's list.
 */
const TRIAGE = 'status, priority, selected_category, phonebot_id';
const TRIAGE_OF_C = 'c.status, c.priority, c.selected_category, c.phonebot_id';

/** PostgreSQL: writes the documents of calls (`replace`: calls indexed before). */
async function indexPostgres(trx: Kysely<Database>, ids: readonly number[], replace: boolean): Promise<void> {
  await sql`insert into call_search (call_id, customer_id, created_at, ${sql.raw(TRIAGE)}, document)
    select c.id, c.customer_id, c.created_at, ${sql.raw(TRIAGE_OF_C)}, ${sql.raw(pgDocument(replace))}
    from calls c where c.id in (${sql.join(ids)})
    ${sql.raw(replace ? `on conflict (call_id) do update set ${REINDEXED}` : '')}`.execute(trx);
}

/** Indexes calls just stored, or again those whose notes or SMS changed (`replace`). */
async function indexCalls(trx: Kysely<Database>, ids: readonly number[], replace: boolean): Promise<void> {
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += BATCH) {
    const slice = unique.slice(i, i + BATCH);
    await (isPostgres(trx) ? indexPostgres(trx, slice, replace) : indexSqlite(trx, slice, replace));
  }
}

/** The calls a change asks to index: new ones, and those whose texts changed. */
function toIndex(changes: readonly Change[]): { created: number[]; changed: number[] } {
  const created: number[] = [];
  const changed: number[] = [];
  for (const change of changes) {
    if (change.kind === 'created') created.push(...change.calls.map((call) => call.facts.id));
    else if (change.kind === 'updated' && change.text) changed.push(...change.callIds);
    else if (change.kind === 'sms') changed.push(change.sms.call_id);
  }
  return { created, changed };
}

export const searchIndexSubscriber: ChangeSubscriber = {
  name: 'search index',
  async take(trx, changes) {
    const { created, changed } = toIndex(changes);
    if (created.length) await indexCalls(trx, created, false);
    if (changed.length) await indexCalls(trx, changed, true);
  },
  createdInOneStatement(batch, bind) {
    const ids = batch.flatMap((change) => change.calls.map((call) => call.facts.id));
    if (ids.length === 0) return {};
    return {
      with: [
        `search_index as (
  insert into call_search (call_id, customer_id, created_at, ${TRIAGE}, document)
  select c.id, c.customer_id, c.created_at, ${TRIAGE_OF_C}, ${pgDocument(false)}
  from calls c where c.id = any(${bind(ids)}::bigint[])
  returning 1
)`,
      ],
      columns: ['(select count(*) from search_index) as search_index'],
    };
  },
};

/**
 * Indexes, again, every call with an id above `afterId`, with its notes and SMS: what the migration does for the
 * calls there were, for a benchmark's generated calls or to rebuild the index. Answers how many calls it indexed.
 */
export async function indexCallsAfter(db: Kysely<Database>, afterId = 0): Promise<number> {
  if (isPostgres(db)) {
    // By ranges of ids, each statement well within the statement timeout.
    const last = await db
      .selectFrom('calls')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    let indexed = 0;
    for (let from = afterId; from < Number(last?.id ?? 0); from += 20 * BATCH) {
      const result = await sql`insert into call_search (call_id, customer_id, created_at, ${sql.raw(TRIAGE)}, document)
        select c.id, c.customer_id, c.created_at, ${sql.raw(TRIAGE_OF_C)}, ${sql.raw(pgDocument(true))} from calls c
        where c.id > ${from} and c.id <= ${from + 20 * BATCH}
        on conflict (call_id) do update set ${sql.raw(REINDEXED)}`.execute(db);
      indexed += Number(result.numAffectedRows ?? 0);
    }
    return indexed;
  }
  let indexed = 0;
  for (let after = afterId; ;) {
    const rows = await db.selectFrom('calls').select('id').where('id', '>', after).orderBy('id').limit(BATCH).execute();
    if (rows.length === 0) return indexed;
    const ids = rows.map((row) => Number(row.id));
    await db.transaction().execute((trx) => indexSqlite(trx, ids, true));
    indexed += ids.length;
    after = ids[ids.length - 1]!;
  }
}
