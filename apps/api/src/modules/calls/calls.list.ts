import { type Kysely, sql } from 'kysely';
import type { PagedQuery } from '@phonebot/shared';
import type { CallPriority, CallResource, CallStatus } from '@phonebot/shared/calls';
import type { RecordingContentType } from '@phonebot/shared/recordings';
import type { Database } from '../../db/schema';
import { DAY } from '../../db/time';
import { categoryTermsOf } from '../phonebots';
import { type CallFilter, filteredCalls, prepareFilter, searches } from './calls.filter';
import { type OrderColumn, type OrderTerm, listSort, orderTerms } from './calls.order';
import { highlights, searchedStatements } from './search.query';
import { withheldNumberSql } from './withheld';

/**
 * The rows of the call lists as the API shows them: a page, every call of a filter in batches (exports), one call.
 * Which calls a list holds is calls.filter.ts, their order calls.order.ts.
 */

/** How far back a caller's earlier calls count towards caller_call_count. */
export const CALLER_HISTORY_DAYS = 90;

const BATCH = 500;

/** The category list that orders the category sort: every term of the company's phonebots, first seen first. */
export const categoryList = categoryTermsOf;

const tableColumn = (name: OrderColumn) =>
  sql.ref(name === 'bezeichnung' ? 'p.bezeichnung' : name === 'score' ? 'w.score' : `c.${name}`);
const pageColumn = (name: OrderColumn) => sql.ref(`page.${name}`);

/** Whether a filter's list is ordered by the relevance of the call search (see orderTerms). */
const byRelevance = (filter: CallFilter) => filter.prepared?.q !== undefined;

/** The rows of a filter in the list's order. */
function ordered(db: Kysely<Database>, filter: CallFilter, sortParam: string | undefined, categories: string[]) {
  let query = rowsOf(filteredCalls(db, filter), byRelevance(filter));
  for (const [expression, dir] of orderTerms(
    listSort(sortParam, filter),
    categories,
    tableColumn,
    byRelevance(filter),
  )) {
    query = query.orderBy(expression, dir);
  }
  return query;
}

type Row = {
  id: number;
  bezeichnung: string;
  license_key: string;
  settings: string;
  selected_category: string | null;
  priority: string;
  caller_number: string;
  preview: string;
  status: string;
  notified: number;
  created_at: string;
  assignee_id: number | null;
  assignee_name: string | null;
  callback_due_at: string | null;
  snoozed_until: string | null;
  completed_at: string | null;
  /** PostgreSQL answers a count as a string. */
  caller_call_count: number | string;
  attempt_count: number;
  unread_reply: number;
  caller_name: string | null;
  summary: string | null;
  /** The call's recording (call_recordings, joined per row of the page). */
  recording_type: string | null;
  recording_size: number | null;
  recording_duration: number | null;
  recording_error: string | null;
};

/** The highlight of each row by call id, when the list was searched (search.query.ts). */
type Highlights = Map<number, string | null> | undefined;

function toResource(row: Row, termsCache: Map<string, string[]>, now: string, found?: Highlights): CallResource {
  let terms = termsCache.get(row.license_key);
  if (!terms) {
    terms = (JSON.parse(row.settings) as { category_terms?: string[] }).category_terms ?? [];
    termsCache.set(row.license_key, terms);
  }
  return {
    type: 'calls',
    id: String(row.id),
    attributes: {
      bezeichnung: row.bezeichnung,
      phonebot_name: row.bezeichnung,
      license_Key: row.license_key,
      selected_category: row.selected_category,
      category_terms: terms,
      priority: row.priority as CallPriority,
      caller_number: row.caller_number,
      message: row.preview,
      status: row.status as CallStatus,
      notified: row.notified === 1,
      created_at: row.created_at,
      assignee_id: row.assignee_id === null ? null : String(row.assignee_id),
      assignee_name: row.assignee_id === null ? null : row.assignee_name,
      callback_due_at: row.callback_due_at,
      snoozed_until: row.snoozed_until,
      completed_at: row.completed_at,
      overdue:
        row.status !== 'Completed' && row.callback_due_at !== null && Date.parse(row.callback_due_at) < Date.parse(now),
      caller_call_count: Number(row.caller_call_count),
      attempt_count: Number(row.attempt_count),
      unread_reply: Number(row.unread_reply) === 1,
      caller_name: row.caller_name,
      summary: row.summary,
      recording:
        row.recording_type === null
          ? null
          : {
              duration_seconds: row.recording_duration === null ? null : Number(row.recording_duration),
              content_type: row.recording_type as RecordingContentType,
              size: Number(row.recording_size),
            },
      recording_error: row.recording_error,
      ...(found ? { highlight: found.get(Number(row.id)) ?? null } : {}),
    },
  };
}

const COLUMNS = [
  'c.id',
  'p.bezeichnung',
  'p.license_key',
  'p.settings',
  'c.selected_category',
  'c.priority',
  'c.caller_number',
  'c.preview',
  'c.status',
  'c.notified',
  'c.created_at',
  'c.assignee_id',
  'u.name as assignee_name',
  'c.callback_due_at',
  'c.snoozed_until',
  'c.completed_at',
  'c.attempt_count',
  'c.unread_reply',
  'c.caller_name',
  'c.summary',
] as const;

/**
 * The columns of a list's rows, read from a call, its phonebot and its assignee, and the relevance of a call found
 * by the call search (`w.score`, 0 otherwise).
 */
function rowsOf(query: ReturnType<typeof filteredCalls>, relevance = false) {
  return query
    .innerJoin('phonebots as p', 'p.id', 'c.phonebot_id')
    .leftJoin('users as u', 'u.id', 'c.assignee_id')
    .select([...COLUMNS])
    .select((relevance ? sql<number>`w.score` : sql<number>`0`).as('score'));
}

/**
 * Rows of a list with each caller's calls to the company within the last 90 days (the repeat-caller badge), in one
 * query: the rows are chosen first (with their own order and limit), then each row's count is read from the
 * (customer_id, caller_number, created_at) index for those rows only. SQL keeps no order of a subquery, so the outer
 * query orders the rows again by the same terms, over at most one page.
 */
function withCallerCounts(
  db: Kysely<Database>,
  customerId: number,
  rows: ReturnType<typeof rowsOf>,
  now: string,
  order: (column: typeof pageColumn) => OrderTerm[],
) {
  const since = new Date(Date.parse(now) - CALLER_HISTORY_DAYS * DAY).toISOString();
  let query = db
    .selectFrom(rows.as('page'))
    // The recording of each row of the page (its owner is the recordings module; one row per call at most).
    .leftJoin('call_recordings as rec', 'rec.call_id', 'page.id')
    .selectAll('page')
    .select([
      'rec.content_type as recording_type',
      'rec.size as recording_size',
      'rec.duration_seconds as recording_duration',
      'rec.error as recording_error',
    ])
    .select((eb) => {
      const earlier = eb
        .selectFrom('calls as h')
        .select(eb.fn.countAll<number>().as('n'))
        .where('h.customer_id', '=', customerId)
        .whereRef('h.caller_number', '=', 'page.caller_number')
        .where('h.created_at', '>=', since);
      // A withheld number ('anonymous') is nobody's: its call counts only itself.
      return sql<number>`case when ${withheldNumberSql(eb.ref('page.caller_number'))} then 1 else (${earlier}) end`.as(
        'caller_call_count',
      );
    });
  for (const [expression, dir] of order(pageColumn)) query = query.orderBy(expression, dir);
  return query;
}

function toResources(rows: Row[], now: string, cache: Map<string, string[]>, found?: Highlights): CallResource[] {
  return rows.map((row) => toResource(row, cache, now, found));
}

/** The highlights of a page's rows when its filter searched the calls' texts (null for rows found otherwise). */
async function highlightsOf(db: Kysely<Database>, filter: CallFilter, rows: Row[]): Promise<Highlights> {
  const search = filter.prepared?.q ?? filter.prepared?.search;
  if (!search) return undefined;
  return highlights(
    db,
    filter.customerId,
    rows.map((row) => Number(row.id)),
    search,
  );
}

/** One page of a list, as a query (`bench/explain.ts` shows its plan). */
export function pageQuery(db: Kysely<Database>, filter: CallFilter, query: PagedQuery, categories: string[]) {
  const perPage = query.per_page === 'all' ? BATCH : query.per_page;
  return rowsPage(db, filter, query.sort, categories, perPage, (query.page - 1) * perPage);
}

function rowsPage(
  db: Kysely<Database>,
  filter: CallFilter,
  sortParam: string | undefined,
  categories: string[],
  limit: number,
  offset: number,
) {
  // Listed best first: only the found calls that can be on the page are joined (a thousand calls read otherwise).
  const paged = byRelevance(filter) && !listSort(sortParam, filter) ? withBestHits(filter, offset + limit) : filter;
  const rows = ordered(db, paged, sortParam, categories).limit(limit).offset(offset);
  return withCallerCounts(db, filter.customerId, rows, filter.now, (column) =>
    orderTerms(listSort(sortParam, filter), categories, column, byRelevance(filter)),
  );
}

/**
 * A filter whose call search keeps only the found calls that can be among the first `count` by relevance: those
 * scoring at least the `count`-th best (all that tie with it, so the list's other order terms still decide among
 * them).
 */
function withBestHits(filter: CallFilter, count: number): CallFilter {
  const prepared = filter.prepared;
  const hits = prepared?.window;
  if (!prepared || !hits || hits.length <= count || count <= 0) return filter;
  const least = hits.map((hit) => hit.score).sort((a, b) => b - a)[count - 1]!;
  return { ...filter, prepared: { ...prepared, window: hits.filter((hit) => hit.score >= least) } };
}

export async function listPage(
  db: Kysely<Database>,
  filter: CallFilter,
  query: PagedQuery,
  categories: string[],
): Promise<CallResource[]> {
  const searched = await prepareFilter(db, filter);
  const rows = (await searchedStatements(db, searches(searched), (reader) =>
    pageQuery(reader, searched, query, categories).execute(),
  )) as Row[];
  return toResources(rows, filter.now, new Map(), await highlightsOf(db, searched, rows));
}

/** One call as the lists show it, or undefined when it is not the company's. */
export async function listedCall(
  db: Kysely<Database>,
  customerId: number,
  id: number,
): Promise<CallResource | undefined> {
  const now = new Date().toISOString();
  const rows = rowsOf(db.selectFrom('calls as c').where('c.customer_id', '=', customerId).where('c.id', '=', id));
  const row = await withCallerCounts(db, customerId, rows, now, () => []).executeTakeFirst();
  return row ? toResource(row as Row, new Map(), now) : undefined;
}

/** Every call of a filter in order, in batches, so "All" and exports never hold a whole log in memory. */
export async function* allCalls(
  db: Kysely<Database>,
  filter: CallFilter,
  sortParam: string | undefined,
  categories: string[],
): AsyncGenerator<CallResource[]> {
  const cache = new Map<string, string[]>();
  const searched = await prepareFilter(db, filter);
  for (let offset = 0; ; offset += BATCH) {
    const rows = (await searchedStatements(db, searches(searched), (reader) =>
      rowsPage(reader, searched, sortParam, categories, BATCH, offset).execute(),
    )) as Row[];
    if (rows.length) yield toResources(rows, filter.now, cache, await highlightsOf(db, searched, rows));
    if (rows.length < BATCH) return;
  }
}
