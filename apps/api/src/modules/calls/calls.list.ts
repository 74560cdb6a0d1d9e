import crypto from 'node:crypto';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { PagedQuery } from '@phonebot/shared';
import {
  CALL_LIST_FILTERS,
  CALL_PRIORITIES,
  CALL_SORTS,
  CALL_STATUSES,
  type CallPriority,
  type CallStatus,
  type CallTurn,
  type CallView,
} from '@phonebot/shared/calls';
import type { CallQueueCounts, CallResource } from '@phonebot/shared/calls';
import type { Database } from '../../db/schema';
import { compiledQuery } from '../../db/compiled';
import { DAY } from '../../db/time';
import { containsIgnoreCase, parseSort } from '../../lib/list';
import { withheldNumberSql } from '../callers/withheld';
import { localHourSpans, serverZone } from '../insights/local-time';
import {
  categoryTermsOf,
  phonebotCount,
  phonebotIdByLicenseKeyQuery,
  phonebotIdsNamedQuery,
} from '../phonebots/phonebots.store';

/** The calls of one view of one company, filtered by search, day and the callback workflow's filters. */
export type CallFilter = {
  customerId: number;
  view: CallView;
  search?: string | undefined;
  date?: string | undefined;
  /** A user id, or 'none' for the unassigned calls ('me' is resolved by the route). */
  assignee?: number | 'none' | undefined;
  overdue?: boolean | undefined;
  caller?: string | undefined;
  /** A phonebot's license key. */
  phonebot?: string | undefined;
  snoozed?: boolean | undefined;
  status?: CallStatus | undefined;
  priority?: CallPriority | undefined;
  /** The category as stored; `Uncategorized` stands for none. */
  category?: string | undefined;
  /** A range of days (YYYY-MM-DD, the server's time zone), and within it a weekday (0 Monday) and an hour. */
  from?: string | undefined;
  to?: string | undefined;
  weekday?: number | undefined;
  hour?: number | undefined;
  /** The moment "overdue" and "snoozed" are judged at. */
  now: string;
};

const OPEN_STATUSES = ['New', 'In Progress'] as const;
/** How a call without a category is named in filters, Insights and exports. */
export const UNCATEGORIZED = 'Uncategorized';
/** How far back a caller's earlier calls count towards caller_call_count. */
export const CALLER_HISTORY_DAYS = 90;

const BATCH = 500;
const MESSAGE_LENGTH = 200;

/** The start and end of a calendar day in the server's time zone, as UTC ISO strings. */
export function dayRange(date: string): [string, string] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const start = new Date(y, m - 1, d);
  const end = new Date(y, m - 1, d + 1);
  // An invalid date (2026-02-31) rolls over; it still yields a well-formed, if empty, range.
  return [
    start.toISOString(),
    Number.isNaN(end.getTime()) ? new Date(start.getTime() + DAY).toISOString() : end.toISOString(),
  ];
}

/** The category list that orders the category sort: every term of the company's phonebots, first seen first. */
export const categoryList = categoryTermsOf;

/**
 * The calls of a filter, from the calls table alone: a count needs no join, so the database can answer it from the
 * tenant-first indexes; a page joins the phonebot and the assignee for its columns (`ordered`).
 */
function base(db: Kysely<Database>, filter: CallFilter) {
  let query = db.selectFrom('calls as c').where('c.customer_id', '=', filter.customerId);
  if (filter.view === 'open') query = query.where('c.status', 'in', [...OPEN_STATUSES]);
  if (filter.view === 'completed') query = query.where('c.status', '=', 'Completed');
  if (filter.view === 'new') query = query.where('c.status', '=', 'New').where('c.notified', '=', 0);
  if (filter.date) {
    const [start, end] = dayRange(filter.date);
    query = query.where('c.created_at', '>=', start).where('c.created_at', '<', end);
  }
  if (filter.assignee === 'none') query = query.where('c.assignee_id', 'is', null);
  else if (filter.assignee !== undefined) query = query.where('c.assignee_id', '=', filter.assignee);
  if (filter.overdue === true) {
    query = query.where('c.status', 'in', [...OPEN_STATUSES]).where('c.callback_due_at', '<', filter.now);
  } else if (filter.overdue === false) {
    query = query.where((eb) =>
      eb.or([
        eb('c.status', 'not in', [...OPEN_STATUSES]),
        eb('c.callback_due_at', 'is', null),
        eb('c.callback_due_at', '>=', filter.now),
      ]),
    );
  }
  if (filter.caller !== undefined) query = query.where('c.caller_number', '=', filter.caller);
  if (filter.phonebot !== undefined) {
    // Resolved within the company first, so the call rows are read by (customer_id, phonebot_id, created_at).
    query = query.where('c.phonebot_id', 'in', phonebotIdByLicenseKeyQuery(db, filter.customerId, filter.phonebot));
  }
  if (filter.status !== undefined) query = query.where('c.status', '=', filter.status);
  if (filter.priority !== undefined) query = query.where('c.priority', '=', filter.priority);
  if (filter.category === UNCATEGORIZED) {
    // As Insights and the export name them: no category at all (or one stored under that very name).
    query = query.where((eb) =>
      eb.or([eb('c.selected_category', 'is', null), eb('c.selected_category', 'in', ['', UNCATEGORIZED])]),
    );
  } else if (filter.category !== undefined) query = query.where('c.selected_category', '=', filter.category);
  if (filter.from) query = query.where('c.created_at', '>=', dayRange(filter.from)[0]);
  if (filter.to) query = query.where('c.created_at', '<', dayRange(filter.to)[1]);
  if (filter.from && filter.to && (filter.weekday !== undefined || filter.hour !== undefined)) {
    // The hours of the range on that weekday and at that hour, as the Insights heatmap adds them up.
    const spans = localHourSpans(filter.from, filter.to, serverZone(), filter.weekday, filter.hour);
    query = query.where((eb) =>
      eb.or(spans.map(([start, end]) => eb.and([eb('c.created_at', '>=', start), eb('c.created_at', '<', end)]))),
    );
  }
  if (filter.snoozed === true) query = query.where('c.snoozed_until', '>', filter.now);
  // The open list leaves out what is snoozed now: it comes back by itself when the time has passed.
  else if (filter.snoozed === false || filter.view === 'open') {
    query = query.where((eb) => eb.or([eb('c.snoozed_until', 'is', null), eb('c.snoozed_until', '<=', filter.now)]));
  }
  const term = filter.search?.trim().toLowerCase();
  if (!term) return query;
  // The company's phonebots whose name contains the term, resolved within the company.
  const namedBots = phonebotIdsNamedQuery(db, filter.customerId, term);
  // The simple dashboard (all calls) filters by phonebot name only (docs/product.md §7).
  if (filter.view === 'all') return query.where((eb) => eb('c.phonebot_id', 'in', namedBots));
  // Status and priority are fixed lists: a term matches the values containing it, which the indexes can use.
  const statuses = CALL_STATUSES.filter((s) => s.toLowerCase().includes(term));
  const priorities = CALL_PRIORITIES.filter((p) => p.toLowerCase().includes(term));
  query = query.where((eb) => {
    const any: Expression<SqlBool>[] = [
      eb('c.phonebot_id', 'in', namedBots),
      containsIgnoreCase(eb.ref('c.selected_category'), term),
    ];
    if (statuses.length) any.push(eb('c.status', 'in', statuses));
    if (priorities.length) any.push(eb('c.priority', 'in', priorities));
    return eb.or(any);
  });
  return query;
}

function rankOf(column: Expression<unknown>, values: readonly string[]) {
  if (values.length === 0) return sql<number>`0`;
  return sql<number>`case ${sql.join(
    values.map((v, i) => sql`when ${column} = ${v} then ${i}`),
    sql` `,
  )} else ${values.length} end`;
}

/** The columns a list can be ordered by, as the page selects them. */
type OrderColumn =
  | 'priority'
  | 'status'
  | 'selected_category'
  | 'bezeichnung'
  | 'caller_number'
  | 'callback_due_at'
  | 'created_at'
  | 'id';

type OrderTerm = [Expression<unknown>, 'asc' | 'desc'];

/**
 * The ORDER BY of a list: the chosen field (docs/product.md §9 orders), then newest first and id, so pages never
 * overlap. `column` names where each ordered column is read: the tables of the page's query, or the page itself.
 */
function orderTerms(
  sortParam: string | undefined,
  categories: string[],
  column: (name: OrderColumn) => Expression<unknown>,
): OrderTerm[] {
  const sort = parseSort(sortParam, CALL_SORTS, { field: 'created_at', direction: 'desc' });
  const dir = sort.direction;
  const terms: OrderTerm[] = [];
  switch (sort.field) {
    case 'priority':
      terms.push([rankOf(column('priority'), CALL_PRIORITIES), dir]);
      break;
    case 'status':
      terms.push([rankOf(column('status'), CALL_STATUSES), dir]);
      break;
    case 'category': {
      // Uncategorized and unknown categories come last in both directions.
      const category = column('selected_category');
      terms.push(
        [sql`case when ${category} is null then 1 else 0 end`, 'asc'],
        [sql`${rankOf(category, categories)} = ${categories.length}`, 'asc'],
        [rankOf(category, categories), dir],
      );
      break;
    }
    case 'phonebot':
      terms.push([sql`lower(${column('bezeichnung')})`, dir]);
      break;
    case 'caller_number':
      terms.push([column('caller_number'), dir]);
      break;
    case 'callback_due_at':
      // Calls without a deadline come last in both directions, on both engines.
      terms.push(
        [sql`case when ${column('callback_due_at')} is null then 1 else 0 end`, 'asc'],
        [column('callback_due_at'), dir],
      );
      break;
    case 'created_at':
      break;
  }
  const last = sort.field === 'created_at' ? dir : 'desc';
  terms.push([column('created_at'), last], [column('id'), last]);
  return terms;
}

const tableColumn = (name: OrderColumn) => sql.ref(name === 'bezeichnung' ? 'p.bezeichnung' : `c.${name}`);
const pageColumn = (name: OrderColumn) => sql.ref(`page.${name}`);

/** The rows of a filter in the list's order. */
function ordered(db: Kysely<Database>, filter: CallFilter, sortParam: string | undefined, categories: string[]) {
  let query = rowsOf(base(db, filter));
  for (const [expression, dir] of orderTerms(sortParam, categories, tableColumn)) {
    query = query.orderBy(expression, dir);
  }
  return query;
}

/** The caller's first words, kept in the call's preview column at ingest. */
export function previewOf(turns: CallTurn[]): string {
  const first = turns.find((t) => /user/i.test(t.action) && t.text.trim()) ?? turns.find((t) => t.text.trim());
  return (first?.text ?? '').slice(0, MESSAGE_LENGTH);
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
};

function toResource(row: Row, termsCache: Map<string, string[]>, now: string): CallResource {
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
] as const;

/** The columns of a list's rows, read from a call, its phonebot and its assignee. */
function rowsOf(query: ReturnType<typeof base>) {
  return query
    .innerJoin('phonebots as p', 'p.id', 'c.phonebot_id')
    .leftJoin('users as u', 'u.id', 'c.assignee_id')
    .select([...COLUMNS]);
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
    .selectAll('page')
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

function toResources(rows: Row[], now: string, cache: Map<string, string[]>): CallResource[] {
  return rows.map((row) => toResource(row, cache, now));
}

/** The count of a list's calls, as a query (`bench/explain.ts` shows its plan). */
export function countQuery(db: Kysely<Database>, filter: CallFilter) {
  return base(db, filter).select((eb) => eb.fn.countAll<number>().as('n'));
}

export async function countCalls(db: Kysely<Database>, filter: CallFilter): Promise<number> {
  const row = await countQuery(db, filter).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The read behind the inbox counts, as a query (`bench/explain.ts` shows its plan). */
export function queueCountsQuery(db: Kysely<Database>, customerId: number, userId: number, now: string) {
  const awake = sql<SqlBool>`(c.snoozed_until is null or c.snoozed_until <= ${now})`;
  const sum = (condition: Expression<SqlBool>) =>
    sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
  return db
    .selectFrom('calls as c')
    .where('c.customer_id', '=', customerId)
    .where('c.status', 'in', [...OPEN_STATUSES])
    .select([
      sum(awake).as('open'),
      sum(sql<SqlBool>`${awake} and c.assignee_id = ${userId}`).as('mine'),
      sum(sql<SqlBool>`${awake} and c.assignee_id is null`).as('unassigned'),
      sum(sql<SqlBool>`${awake} and c.callback_due_at < ${now}`).as('overdue'),
      sum(sql<SqlBool>`${awake} and c.priority = ${'Important Callback'}`).as('important'),
      sum(sql<SqlBool>`c.snoozed_until > ${now}`).as('snoozed'),
    ]);
}

/**
 * The counts of the inbox's quick filters: one pass over the company's open calls through an index that starts
 * with (customer_id, status), each count a conditional sum, plus the company's phonebots.
 */
export async function queueCounts(
  db: Kysely<Database>,
  customerId: number,
  userId: number,
  now: string,
): Promise<CallQueueCounts> {
  const [row, bots] = await Promise.all([
    queueCountsQuery(db, customerId, userId, now).executeTakeFirstOrThrow(),
    phonebotCount(db, { customerId }),
  ]);
  return {
    open: Number(row.open),
    mine: Number(row.mine),
    unassigned: Number(row.unassigned),
    overdue: Number(row.overdue),
    important: Number(row.important),
    snoozed: Number(row.snoozed),
    phonebots: bots,
  };
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
  const rows = ordered(db, filter, sortParam, categories).limit(limit).offset(offset);
  return withCallerCounts(db, filter.customerId, rows, filter.now, (column) =>
    orderTerms(sortParam, categories, column),
  );
}

export async function listPage(
  db: Kysely<Database>,
  filter: CallFilter,
  query: PagedQuery,
  categories: string[],
): Promise<CallResource[]> {
  const rows = await pageQuery(db, filter, query, categories).execute();
  return toResources(rows as Row[], filter.now, new Map());
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
  for (let offset = 0; ; offset += BATCH) {
    const rows = await rowsPage(db, filter, sortParam, categories, BATCH, offset).execute();
    if (rows.length) yield toResources(rows as Row[], filter.now, cache);
    if (rows.length < BATCH) return;
  }
}

const versionQuery = compiledQuery<{ version: number }, [number]>(
  (db, customerId) => db.selectFrom('calls_version').select('version').where('customer_id', '=', customerId!),
  1,
);

/** The company's calls version: read on every list request and poll, so its query is compiled once. */
export async function callsVersion(db: Kysely<Database>, customerId: number): Promise<number> {
  const [row] = await versionQuery(db, customerId);
  return Number(row?.version ?? 0);
}

/**
 * The list's ETag: the company's calls version and the request, bound to the company and the user asking, so a
 * browser shared by two users (or a tag copied from another company) never gets another list's 304. An unchanged
 * poll costs one indexed read.
 */
export function listEtag(
  viewer: { customerId: number; userId: number; version: number },
  view: CallView,
  query: PagedQuery & Partial<Record<(typeof CALL_LIST_FILTERS)[number], unknown>>,
  minute: number,
): string {
  // "Overdue" and "snoozed" change with the clock: the minute is part of the tag, so a poll sees them within one.
  const key = JSON.stringify([
    viewer.customerId,
    viewer.userId,
    view,
    query.page,
    query.per_page,
    query.sort ?? '',
    query.search ?? '',
    query.date ?? '',
    ...CALL_LIST_FILTERS.map((key) => query[key] ?? ''),
    minute,
  ]);
  let digest = etagDigests.get(key);
  if (digest === undefined) {
    digest = crypto.hash('sha256', key, 'base64url').slice(0, 22);
    if (etagDigests.size >= 10_000) etagDigests.delete(etagDigests.keys().next().value as string);
    etagDigests.set(key, digest);
  }
  return `W/"${viewer.version}-${digest}"`;
}

/** The digests of recent requests' ETag keys: a dashboard polls the same key every few seconds within a minute. */
const etagDigests = new Map<string, string>();
