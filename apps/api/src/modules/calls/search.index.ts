import { CompiledQuery, type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/engine';
import type { Database } from '../../db/schema';
import type { CallFacts, Change, ChangeSubscriber } from '../../lib/changes';
import { indexedTerms, postgresDocument } from './search.text';

/**
 * The call search's index (table `call_search`, made by the migration `call-search`), kept by the path of a change
 * in the transaction of the change: a new call is indexed as it is stored, a call whose notes or SMS changed is
 * indexed again. A call that goes (deleted by hand, by retention, with its phonebot or company, or with its
 * caller's erasure) takes its index row with it in the database itself: a trigger on SQLite, the foreign key on
 * PostgreSQL. Nothing of an erased caller is found, not even a word of a note.
 *
 * What is indexed of a call: its conversation's text, its summary and caller name, its notes and its SMS, and its
 * caller's number (search.numbers.ts), every term as a term of the call's company (`<company id>:<term>`, see
 * companyTerm in search.text.ts). SQLite keeps the terms search.text.ts makes in an FTS5 table; PostgreSQL keeps the
 * same terms as a tsvector (postgresDocument), made here, not by the database's text search configurations.
 */

/** Calls indexed per statement. */
const BATCH = 500;

// Statements on call_search are SQL text: it is a virtual table on SQLite and has a tsvector on PostgreSQL.

/**
 * The texts of calls, in the order they are indexed: the conversation's turns, the summary and the caller's name,
 * then the notes, then the SMS.
 */
type IndexedCall = { id: number; customer_id: number; caller_number: string; texts: string[] };

/**
 * What the search indexes of a call's own row, in order: the text of each turn of its conversation, its summary and
 * its caller's name (its notes and SMS follow them, see callTexts).
 */
export function searchTexts(turns: unknown, summary: string | null, callerName: string | null): string[] {
  const texts = Array.isArray(turns)
    ? turns.flatMap((turn) => {
        const text = (turn as { text?: unknown } | null)?.text;
        return typeof text === 'string' ? [text] : [];
      })
    : [];
  if (summary !== null) texts.push(summary);
  if (callerName !== null) texts.push(callerName);
  return texts;
}

/** A call's stored conversation (`calls.response`), or null where it is not JSON. */
export function parsedTurns(response: string): unknown {
  try {
    return JSON.parse(response);
  } catch {
    return null;
  }
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
        texts: searchTexts(parsedTurns(row.response), row.summary, row.caller_name),
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

/**
 * PostgreSQL: the columns of a call kept beside its document (migration `call-search-triage`, whose trigger on
 * `calls` keeps them as the call's), in an insert's list and taken from the call `c`; what a call indexed again takes
 * anew.
 */
const TRIAGE = 'status, priority, selected_category, phonebot_id';
const TRIAGE_OF_C = 'c.status, c.priority, c.selected_category, c.phonebot_id';
const REINDEXED = `document = excluded.document, ${TRIAGE.split(', ')
  .map((column) => `${column} = excluded.${column}`)
  .join(', ')}`;

/** PostgreSQL: writes the documents of calls (`replace`: calls indexed before). */
async function indexPostgres(trx: Kysely<Database>, callIds: readonly number[], replace: boolean): Promise<void> {
  const calls = await callTexts(trx, callIds, replace);
  if (calls.length === 0) return;
  const docs = calls.map((call) => postgresDocument(call.customer_id, call.caller_number, call.texts));
  const ids = calls.map((call) => call.id);
  const insert = `insert into call_search (call_id, customer_id, created_at, ${TRIAGE}, document)
    select c.id, c.customer_id, c.created_at, ${TRIAGE_OF_C}, d.doc::tsvector
    from unnest($1::bigint[], $2::text[]) d(id, doc) join calls c on c.id = d.id
    ${replace ? `on conflict (call_id) do update set ${REINDEXED}` : ''}`;
  await trx.executeQuery(CompiledQuery.raw(insert, [ids, docs]));
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
    const calls = batch.flatMap((change) => change.calls.map((call) => call.facts));
    if (calls.length === 0) return {};
    // A call stored without its texts at hand is read from its row (take), with the rest of its batch.
    if (calls.some((call) => call.texts === undefined)) return undefined;
    const column = <T>(of: (call: CallFacts) => T) => bind(calls.map(of));
    return {
      with: [
        `search_index as (
  insert into call_search (call_id, customer_id, created_at, ${TRIAGE}, document)
  select * from unnest(${column((call) => call.id)}::bigint[], ${column((call) => call.customer_id)}::integer[],
    ${column((call) => call.created_at)}::timestamptz[], ${column((call) => call.status)}::text[],
    ${column((call) => call.priority)}::text[], ${column((call) => call.selected_category)}::text[],
    ${column((call) => call.phonebot_id)}::integer[],
    ${column((call) => postgresDocument(call.customer_id, call.caller_number, call.texts!))}::tsvector[])
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
  let indexed = 0;
  for (let after = afterId; ;) {
    const rows = await db.selectFrom('calls').select('id').where('id', '>', after).orderBy('id').limit(BATCH).execute();
    if (rows.length === 0) return indexed;
    const ids = rows.map((row) => Number(row.id));
    await db.transaction().execute((trx) => (isPostgres(trx) ? indexPostgres : indexSqlite)(trx, ids, true));
    indexed += ids.length;
    after = ids[ids.length - 1]!;
  }
}
