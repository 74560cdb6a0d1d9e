import { type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { isPostgres } from '../../db/engine';
import type { Database } from '../../db/schema';
import { customerDefaultCountry } from '../customers';
import { type SearchTerm, companyTerm, fold, ftsParts, highlightOf, postgresQuery, searchTerms } from './search.text';

/**
 * The call search in the lists' queries: a search's terms prepared once per request, the calls they match (with
 * their relevance), and the highlight of the rows of a page. The index is search.index.ts.
 */

/** A search ready for the lists' queries: its terms, and on PostgreSQL the tsquery they make. */
export type PreparedSearch = {
  terms: readonly SearchTerm[];
  /**
   * PostgreSQL: the terms as the text of one tsquery of the company's terms (postgresQuery), so the list's
   * statements compare a constant.
   */
  tsquery?: string;
};

/**
 * Prepares a search of a company's calls: its terms read with the company's country; undefined when it asks for
 * nothing (no word or number).
 */
export async function prepareSearch(
  db: Kysely<Database>,
  customerId: number,
  text: string | undefined,
): Promise<PreparedSearch | undefined> {
  if (!text?.trim()) return undefined;
  const terms = searchTerms(text, await customerDefaultCountry(db, customerId));
  if (terms.length === 0) return undefined;
  return isPostgres(db) ? { terms, tsquery: postgresQuery(customerId, terms) } : { terms };
}

/**
 * The most calls a call search (`q`) lists: the newest of the filter's calls it matches, best matches first. A
 * search stays as quick when a word is in every other call of a million (a count and a relevance of every match
 * would not), and what an inbox is searched for is recent.
 */
const SEARCH_WINDOW = 1000;

/**
 * What a filter asks of a call's status, priority, category and phonebot, which PostgreSQL keeps beside each search
 * document (migration `call-search-triage`): the filter's calls are still the filtered query's, but the word's matches
 * outside these are left before any document or call is read. `statuses`: one of them; `categories`: one of the names,
 * or none at all with `none`; `phonebots`: a query of the phonebots' ids.
 */
export type Triage = {
  /** Whether the filter asks nothing else of a call. */
  whole?: boolean;
  statuses?: readonly string[] | undefined;
  priority?: string | undefined;
  categories?: { names: readonly string[]; none: boolean } | undefined;
  phonebots?: Expression<unknown> | undefined;
};

/**
 * PostgreSQL: a triage as conditions on `call_search`, by its indexes `(customer_id, status, priority)`,
 * `(customer_id, selected_category)` and `(customer_id, phonebot_id)`: the database intersects their entries with the
 * word's GIN list (a BitmapAnd). Nothing when the triage asks nothing.
 */
function triageConditions(customerId: number, triage: Triage): RawBuilder<unknown> {
  const { statuses, priority, categories, phonebots } = triage;
  const conditions: RawBuilder<unknown>[] = [];
  if (statuses !== undefined) conditions.push(sql`status = any(${[...statuses]}::text[])`);
  if (priority !== undefined) conditions.push(sql`priority = ${priority}`);
  if (categories !== undefined) {
    const named = sql`selected_category = any(${[...categories.names]}::text[])`;
    conditions.push(categories.none ? sql`(${named} or selected_category is null)` : named);
  }
  if (phonebots !== undefined) conditions.push(sql`phonebot_id in (${phonebots})`);
  if (conditions.length === 0) return sql``;
  return sql`and customer_id = ${customerId} and ${sql.join(conditions, sql` and `)}`;
}

/** The calls of a company's calls table a search looks among: a filtered query `calls as c`. */
type Filtered = SelectQueryBuilder<Database & { c: Database['calls'] }, 'c', object>;
/** A call a search found, with its relevance (higher first). */
export type SearchHit = { id: number; score: number };

/**
 * PostgreSQL: the most matches of a search read from the word's lists in the GIN index before its newest calls are
 * found by walking them newest first instead. Reading a match costs about three times a step of the walk, and the
 * walk needs SEARCH_WINDOW / (the word's share of the calls) steps: a word with more matches than this is common
 * enough that the walk finds its newest thousand sooner.
 */
export const SEARCH_LIST_CAP = 20_000;

/**
 * The newest calls of a filter (`filtered`, or undefined for all the company's calls) that a search matches, at most
 * SEARCH_WINDOW, with their relevance: found once per request (the count and the page read them, see hitsTable).
 *
 * SQLite walks the FTS5 index from the newest call (the rowid is the call's id) and stops once it has enough, the
 * rarest term first (rarestFirst), a word being typed asking for its terms by name (beginningsOf).
 * PostgreSQL does not leave the choice to its planner, whose estimate of a word's matches can be off by a factor
 * of three and then walks half a million documents: it reads the word's matches from the GIN index (at most
 * `cap`), and only when there are more (a common word) walks the newest documents of the company, or the newest
 * calls of the filter, testing each. A word the planner's statistics call common (more than `cap` matches in a
 * filter, WALK_FROM in all) is walked first, for at most WALK_STEPS documents, and read from the GIN index only when
 * those held too few; a word with many matches in all is read for a recent span of the company's time first
 * (recentMatches). A filter's status, priority, category and phonebot (`triage`) are conditions on the index itself,
 * intersected with the word's GIN list; a filter they say all of reads no call. The relevance is worked out for the
 * kept calls only.
 */
export async function findSearchHits(
  db: Kysely<Database>,
  customerId: number,
  search: PreparedSearch,
  filtered: Filtered | undefined,
  triage: Triage = {},
  cap = SEARCH_LIST_CAP,
): Promise<SearchHit[]> {
  if (!isPostgres(db)) {
    const parts = ftsParts(customerId, search.terms, await beginningsOf(db, customerId, search.terms));
    const counted = await rarestFirst(db, parts);
    const match = sql<boolean>`s.call_search match ${counted.map(({ part }) => part).join(' AND ')}`;
    // Relevance: FTS5's bm25() when every term is rare, else what relevanceOf makes it of (the call's terms with the
    // matched ones marked, and their number).
    const rare = counted.every(({ n }) => n < PROBE);
    const columns = rare
      ? [sql<number>`-bm25(s.call_search)`.as('score')]
      : [
          sql<string>`highlight(s.call_search, 0, char(1), '')`.as('marked'),
          sql<number>`length(s.terms) - length(replace(s.terms, ' ', '')) + 1`.as('length'),
        ];
    const hits = filtered
      ? filtered
          .innerJoin(sql`call_search`.as('s'), (join) => join.on(sql<boolean>`s.rowid = c.id`))
          .where(match)
          .select([sql<number>`c.id`.as('id'), ...columns])
      : db
          .selectFrom(sql`call_search`.as('s'))
          .where(match)
          .select([sql<number>`s.rowid`.as('id'), ...columns]);
    const rows = await hits
      .orderBy(sql`s.rowid`, 'desc')
      .limit(SEARCH_WINDOW)
      .execute();
    return rare
      ? rows.map((row) => ({ id: Number(row.id), score: Number((row as { score?: number }).score) }))
      : relevanceOf(rows as unknown as Parameters<typeof relevanceOf>[0]);
  }
  return searchedStatements(db, true, async (trx) => {
    const query = sql`${search.tsquery}::tsquery`;
    let ids: number[] | undefined;
    // A word the statistics call common is walked first, for a bounded number of steps.
    const within = triageConditions(customerId, triage);
    // A filter its triage says all of is the index's alone: no call is read to test it.
    const among = triage.whole ? undefined : filtered;
    const estimate = await estimatedMatches(trx, query, within);
    if (estimate > (among ? Math.min(cap, await walkFrom(trx, among)) : WALK_FROM)) {
      ids = await walkNewest(trx, customerId, query, within, among, WALK_STEPS);
    }
    // A number's estimate is the planner's guess for its beginnings, far above its few matches.
    const words = search.terms.every((term) => term.kind === 'word');
    if (!ids && !among && words && estimate > RECENT_FROM) {
      ids = await recentMatches(trx, customerId, query, within, estimate);
    }
    if (!ids) {
      const listed = await listMatches(trx, query, within, among, cap);
      ids = listed.over ? ((await walkNewest(trx, customerId, query, within, among)) ?? []) : listed.ids;
    }
    if (ids.length === 0) return [];
    const scores = await sql<{ id: string; score: number }>`
      select call_id as id, ts_rank(document, ${query}) as score from call_search where call_id = any(${ids}::bigint[])
    `.execute(trx);
    return scores.rows.map((row) => ({ id: Number(row.id), score: Number(row.score) }));
  });
}

/**
 * How far the calls of a part of a search are counted (SQLite), to tell the rarer parts from the more common ones
 * and whether bm25() may weigh the terms' rarity: it reads every call of each term for it. Counting this far took
 * 3-4 ms at 1M calls; bm25() of a term in 20,000 calls about as long.
 */
const PROBE = 20_000;

/**
 * SQLite: the parts of a search (one per term), each with its calls counted up to PROBE, the rarest first. FTS5 reads
 * an AND by stepping its first part and seeking the others: a common word first stepped through a list of most of
 * the company's calls, and marking the found calls' terms read them all again (three to four times as long).
 */
async function rarestFirst(db: Kysely<Database>, parts: readonly string[]) {
  const counted = await Promise.all(
    parts.map(async (part) => {
      const row = await sql<{ n: number }>`select count(*) as n from
        (select 1 from call_search where call_search match ${part} limit ${PROBE})`.execute(db);
      return { part, n: Number(row.rows[0]?.n ?? 0) };
    }),
  );
  return counted.sort((a, b) => a.n - b.n);
}

/** The most index terms a word being typed is asked for by name; one with more asks FTS5 for the beginning. */
const MAX_BEGINNINGS = 64;
/** After every other character in the index's order (UTF-8 bytes): the end of the terms that begin with a text. */
const LAST = '\u{10FFFF}';

/**
 * SQLite: the index's terms that a search's words being typed begin, by the term's place in `terms` (see ftsQuery):
 * read from the vocabulary of the index (migration `call-search-vocabulary`), which counts each term's calls as it
 * goes, so a stem's own term (often the most common one, "gut" of "guten") is left out of the ranges. A word with
 * more than MAX_BEGINNINGS such terms is left to FTS5's own reading of a beginning.
 */
async function beginningsOf(db: Kysely<Database>, customerId: number, terms: readonly SearchTerm[]) {
  const beginnings = new Map<number, string[]>();
  for (const [i, term] of terms.entries()) {
    if (term.kind !== 'word' || !term.prefix) continue;
    const stems = [...new Set(term.stems.map((stem) => fold(companyTerm(customerId, stem))))];
    const found = new Set<string>();
    for (const [from, to] of beginningRanges(stems)) {
      const rows = await sql<{ term: string }>`select term from call_search_vocabulary
        where term >= ${from} and term <= ${to} limit ${MAX_BEGINNINGS + 1}`.execute(db);
      for (const row of rows.rows) if (!stems.includes(row.term)) found.add(row.term);
      if (found.size > MAX_BEGINNINGS) break;
    }
    if (found.size <= MAX_BEGINNINGS) beginnings.set(i, [...found]);
  }
  return beginnings;
}

/**
 * The ranges `[from, to]` of the terms longer than one of `stems` that begin with it, without the stems themselves:
 * a stem that begins with another ("guten", "gut") splits the other's range around itself.
 */
export function beginningRanges(stems: readonly string[]): [string, string][] {
  const ranges: [string, string][] = [];
  for (const stem of stems) {
    let from = `${stem}\u0001`;
    const inside = stems.filter((other) => other.length > stem.length && other.startsWith(stem)).sort();
    for (const other of inside) {
      ranges.push([from, justBefore(other)]);
      from = `${other}\u0001`;
    }
    ranges.push([from, `${stem}${LAST}`]);
  }
  return ranges;
}

/** The last text before `term` in the index's order that is not itself a term's beginning of it. */
function justBefore(term: string): string {
  const last = term.codePointAt(term.length - 1)!;
  return `${term.slice(0, -1)}${String.fromCodePoint(last - 1)}${LAST}`;
}

/** BM25's weights of a term's count in a call and of the call's length against the others'. */
const K1 = 1.2;
const B = 0.75;

/**
 * SQLite: the relevance of the calls found for a search with a common term, from how often the search's terms are in
 * each and how long it is (BM25 without the terms' rarity, as PostgreSQL's ts_rank has none either): FTS5's own
 * bm25() reads every call of each term to weigh its rarity, which for a word in most calls of a million took longer
 * than the search. A search of rare terms keeps bm25(): marking reads each found call's terms, which costs more
 * than bm25()'s reading of a rare term's calls.
 */
function relevanceOf(rows: readonly { id: number; marked: string; length: number }[]): SearchHit[] {
  const average = rows.reduce((sum, row) => sum + Number(row.length), 0) / Math.max(1, rows.length);
  return rows.map((row) => {
    const count = row.marked.split('\u0001').length - 1;
    const norm = K1 * (1 - B + (B * Number(row.length)) / Math.max(1, average));
    return { id: Number(row.id), score: (count * (K1 + 1)) / (count + norm) };
  });
}

/** PostgreSQL: the most steps a walk takes on the statistics' word that it is common, before the GIN lists decide. */
const WALK_STEPS = 50_000;

/**
 * PostgreSQL: the planner's estimate of the documents a tsquery of company terms matches (only the company's can;
 * a condition on the company would only make the planner read all of its documents' index entries as well).
 */
async function estimatedMatches(trx: Kysely<Database>, query: RawBuilder<unknown>, within: RawBuilder<unknown>) {
  const plan = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`explain (format json)
    select call_id from call_search where document @@ ${query} ${within}`.execute(trx);
  return Number(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
}

/**
 * PostgreSQL: the planner's estimate of a word's matches from which the company's newest documents are walked first
 * (without a filter): reading the GIN list of such a word costs more than walking to its thousandth match. The
 * estimate of a word with two stems adds up both beginnings, often twice the matches.
 */
const WALK_FROM = 100_000;

/**
 * PostgreSQL: the matches of a word among a filter's calls (the planner's estimate) from which the filter's newest
 * calls are walked first. Walking to the thousandth match takes SEARCH_WINDOW / share steps (the share of the
 * filter's calls the word is in), reading them takes a document each and costs about a third of that per match, so
 * the two meet at sqrt(SEARCH_WINDOW * calls / 3): about 5,000 matches among the 80,000 open calls of a million.
 */
async function walkFrom(trx: Kysely<Database>, filtered: Filtered): Promise<number> {
  const plan = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`explain (format json)
    ${filtered.select(sql<number>`c.id`.as('id'))}`.execute(trx);
  const calls = Number(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  return Math.sqrt((SEARCH_WINDOW * calls) / 3);
}

/** PostgreSQL: the most matches a word may have for all of them to be read from the GIN lists at once. */
const RECENT_FROM = 3 * SEARCH_WINDOW;

/**
 * PostgreSQL: the newest matches of a word with many (more than RECENT_FROM by the planner's estimate), read from the
 * GIN lists for the company's documents of a recent span only: the database intersects the word's list with the
 * span's entries of the time index (a BitmapAnd) and reads only their documents, where reading all of a word's
 * 20,000 matches took 200 ms. The span is the share of the company's time that should hold one and a half times
 * SEARCH_WINDOW matches if the calls came evenly, made longer by the rate of matches found while it holds too few
 * (only the older part is read again); undefined once it would reach half of the company's time (all matches are
 * read then, listMatches).
 */
export async function recentMatches(
  trx: Kysely<Database>,
  customerId: number,
  query: RawBuilder<unknown>,
  within: RawBuilder<unknown>,
  estimate: number,
  window = SEARCH_WINDOW,
): Promise<number[] | undefined> {
  const oldest = await sql<{ created_at: Date | string }>`select created_at from call_search
    where customer_id = ${customerId} order by created_at, call_id limit 1`.execute(trx);
  const first = oldest.rows[0]?.created_at;
  if (first === undefined) return [];
  const now = Date.now();
  const time = now - new Date(first).getTime();
  // The planner may walk the time index newest first and test each document instead, which suits common words only.
  await sql`set local enable_indexscan = off`.execute(trx);
  try {
    const ids: number[] = [];
    let before: string | undefined;
    for (let span = (time * 1.5 * window) / estimate; span < time / 2;) {
      const from = new Date(now - span).toISOString();
      // Only the part of the span the last round did not read.
      const older = before === undefined ? sql`` : sql`and created_at < ${before}`;
      const rows = await sql<{ id: string }>`select call_id as id from call_search
        where document @@ ${query} and customer_id = ${customerId} and created_at >= ${from} ${older} ${within}
        order by created_at desc, call_id desc limit ${window - ids.length}`.execute(trx);
      for (const row of rows.rows) ids.push(Number(row.id));
      if (ids.length >= window) return ids;
      // Long enough for what is missing at the rate found so far, with a margin: two to eight times as long.
      span *= Math.min(8, Math.max(2, (1.3 * window) / Math.max(1, ids.length)));
      before = from;
    }
    return undefined;
  } finally {
    await sql`set local enable_indexscan to default`.execute(trx);
  }
}

/**
 * PostgreSQL: the newest matches (of the filter) read from the GIN lists: at most `cap` of the word's documents
 * are read (the planner may not scan the table instead); `over` when there were more. The company's terms match
 * only its documents, so no condition on the company is added (the planner would read the company's million
 * entries of the time index to intersect them).
 */
async function listMatches(
  trx: Kysely<Database>,
  query: RawBuilder<unknown>,
  within: RawBuilder<unknown>,
  filtered: Filtered | undefined,
  cap: number,
) {
  await sql`set local enable_seqscan = off`.execute(trx);
  const conditions = filtered ? sql`where m.call_id in (${filtered.select(sql<number>`c.id`.as('id'))})` : sql``;
  const listed = await sql<{ id: string; matched: string }>`
    with m as materialized (
      select call_id, created_at from call_search where document @@ ${query} ${within}
      limit ${cap + 1}
    )
    select m.call_id as id, (select count(*) from m) as matched from m ${conditions}
    order by m.created_at desc, m.call_id desc
    limit ${SEARCH_WINDOW}`.execute(trx);
  // Back as it was, for the rest of a transaction this ran in.
  await sql`set local enable_seqscan to default`.execute(trx);
  return { ids: listed.rows.map((row) => Number(row.id)), over: Number(listed.rows[0]?.matched ?? 0) > cap };
}

/**
 * PostgreSQL: the newest matches found by walking the company's newest documents (or the filter's newest calls) and
 * testing each. With `steps`, at most that many are tested, and undefined answers that they held too few matches.
 */
async function walkNewest(
  trx: Kysely<Database>,
  customerId: number,
  query: RawBuilder<unknown>,
  within: RawBuilder<unknown>,
  filtered: Filtered | undefined,
  steps?: number,
): Promise<number[] | undefined> {
  const newest = filtered
    ? filtered.select([sql<string>`c.id`.as('id'), sql<string>`c.created_at`.as('created_at')])
    : trx
        .selectFrom(sql`call_search`.as('c'))
        .where(sql<boolean>`c.customer_id = ${customerId} ${within}`)
        .select([sql<string>`c.call_id`.as('id'), sql<string>`c.created_at`.as('created_at')]);
  // By the names of the selected columns: the calls' `id` or the documents' `call_id`.
  const ordered = newest.orderBy(sql`created_at`, 'desc').orderBy(sql`id`, 'desc');
  if (steps === undefined) await sql`set local enable_bitmapscan = off`.execute(trx);
  const rows = await trx
    .selectFrom((steps === undefined ? ordered : ordered.limit(steps)).as('t'))
    .innerJoin(sql`call_search`.as('s'), (join) => join.on(sql<boolean>`s.call_id = t.id`))
    .where(sql<boolean>`s.document @@ ${query}`)
    .select(sql<string>`t.id`.as('id'))
    .orderBy(sql`t.created_at`, 'desc')
    .orderBy(sql`t.id`, 'desc')
    .limit(SEARCH_WINDOW)
    .execute();
  if (steps === undefined) await sql`set local enable_bitmapscan to default`.execute(trx);
  else if (rows.length < SEARCH_WINDOW) return undefined;
  return rows.map((row) => Number(row.id));
}

/**
 * The calls a search found (findSearchHits, run once per request) as a table `(id, score)` for the lists' queries: the
 * count is their number and a page joins them.
 */
export function hitsTable(db: Kysely<Database>, hits: readonly SearchHit[]) {
  if (isPostgres(db)) {
    const ids = hits.map((hit) => hit.id);
    const scores = hits.map((hit) => hit.score);
    return sql<{ id: number; score: number }>`(select h.id, h.score
      from unnest(${ids}::bigint[], ${scores}::float8[]) as h(id, score))`;
  }
  const rows = JSON.stringify(hits.map((hit) => [hit.id, hit.score]));
  return sql<{ id: number; score: number }>`(select value ->> '$[0]' as id, value ->> '$[1]' as score
    from json_each(${rows}))`;
}

/**
 * Runs the statements of a searched list. On PostgreSQL without parallel workers and without JIT compilation (in a
 * transaction of its own, `set local`): a search reads a few thousand rows at most, and starting workers for it took
 * three to four times the query itself on two cores.
 */
export async function searchedStatements<T>(
  db: Kysely<Database>,
  searched: boolean,
  run: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (!searched || !isPostgres(db) || db.isTransaction) return run(db);
  return db.transaction().execute(async (trx) => {
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    // Nor compiled: a search's statements look costly to the planner (a GIN list of thousands), and compiling them
    // took 15 ms of a 40 ms search.
    await sql`set local jit = off`.execute(trx);
    return run(trx);
  });
}

/**
 * The texts a highlight is taken from: each turn of the conversation, the summary, the caller's name, each note,
 * each SMS, in that order.
 */
async function textsOf(db: Kysely<Database>, customerId: number, ids: readonly number[]) {
  const calls = await db
    .selectFrom('calls')
    .select(['id', 'caller_number', 'response', 'summary', 'caller_name'])
    .where('customer_id', '=', customerId)
    .where('id', 'in', ids)
    .execute();
  const texts = new Map<number, { callerNumber: string; texts: string[] }>();
  for (const call of calls) {
    let turns: unknown;
    try {
      turns = JSON.parse(call.response);
    } catch {
      turns = [];
    }
    const said = Array.isArray(turns)
      ? turns.flatMap((turn) => {
          const value = (turn as { text?: unknown } | null)?.text;
          return typeof value === 'string' && value.trim() ? [value] : [];
        })
      : [];
    for (const text of [call.summary, call.caller_name]) if (text?.trim()) said.push(text);
    texts.set(Number(call.id), { callerNumber: call.caller_number, texts: said });
  }
  const [notes, sms] = await Promise.all([
    db
      .selectFrom('call_notes')
      .select(['call_id', 'text'])
      .where('customer_id', '=', customerId)
      .where('call_id', 'in', ids)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('sms_messages')
      .select(['call_id', 'body as text'])
      .where('customer_id', '=', customerId)
      .where('call_id', 'in', ids)
      .orderBy('id')
      .execute(),
  ]);
  for (const row of [...notes, ...sms]) texts.get(Number(row.call_id))?.texts.push(row.text);
  return texts;
}

/** The highlight of each row of a page by call id (null where nothing of the call's texts or number matches). */
export async function highlights(
  db: Kysely<Database>,
  customerId: number,
  ids: readonly number[],
  search: PreparedSearch,
): Promise<Map<number, string | null>> {
  const result = new Map<number, string | null>();
  if (ids.length === 0) return result;
  for (const [id, call] of await textsOf(db, customerId, ids)) result.set(id, highlightOf(call, search.terms));
  return result;
}
