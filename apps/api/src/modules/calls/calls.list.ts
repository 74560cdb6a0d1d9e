import crypto from 'node:crypto';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import {
  CALL_PRIORITIES,
  CALL_SORTS,
  CALL_STATUSES,
  type CallPriority,
  type CallStatus,
  type CallTurn,
  type CallView,
  type PagedQuery,
} from '@phonebot/shared';
import type { CallResource } from '@phonebot/shared/contracts/calls';
import type { Database } from '../../db/schema';
import { compiledQuery } from '../../db/compiled';
import { DAY } from '../../db/time';
import { containsIgnoreCase, parseSort } from '../../lib/list';

/** The calls of one view of one company, filtered by search and day. */
export type CallFilter = { customerId: number; view: CallView; search?: string | undefined; date?: string | undefined };

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
export async function categoryList(db: Kysely<Database>, customerId: number): Promise<string[]> {
  const phonebots = await db
    .selectFrom('phonebots')
    .select('settings')
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
  const terms = new Set<string>();
  for (const p of phonebots)
    for (const term of (JSON.parse(p.settings) as { category_terms?: string[] }).category_terms ?? []) terms.add(term);
  return [...terms];
}

function base(db: Kysely<Database>, filter: CallFilter) {
  let query = db
    .selectFrom('calls as c')
    .innerJoin('phonebots as p', 'p.id', 'c.phonebot_id')
    .where('c.customer_id', '=', filter.customerId);
  if (filter.view === 'open') query = query.where('c.status', 'in', ['New', 'In Progress']);
  if (filter.view === 'completed') query = query.where('c.status', '=', 'Completed');
  if (filter.view === 'new') query = query.where('c.status', '=', 'New').where('c.notified', '=', 0);
  if (filter.date) {
    const [start, end] = dayRange(filter.date);
    query = query.where('c.created_at', '>=', start).where('c.created_at', '<', end);
  }
  const term = filter.search?.trim().toLowerCase();
  // The simple dashboard (all calls) filters by phonebot name only (docs/product.md §7).
  if (term && filter.view === 'all') return query.where((eb) => containsIgnoreCase(eb.ref('p.bezeichnung'), term));
  if (term) {
    // Status and priority are fixed lists: a term matches the values containing it, which the indexes can use.
    const statuses = CALL_STATUSES.filter((s) => s.toLowerCase().includes(term));
    const priorities = CALL_PRIORITIES.filter((p) => p.toLowerCase().includes(term));
    query = query.where((eb) => {
      const any: Expression<SqlBool>[] = [
        containsIgnoreCase(eb.ref('p.bezeichnung'), term),
        containsIgnoreCase(eb.ref('c.selected_category'), term),
      ];
      if (statuses.length) any.push(eb('c.status', 'in', statuses));
      if (priorities.length) any.push(eb('c.priority', 'in', priorities));
      return eb.or(any);
    });
  }
  return query;
}

function rankOf(column: Expression<unknown>, values: readonly string[]) {
  if (values.length === 0) return sql<number>`0`;
  return sql<number>`case ${sql.join(
    values.map((v, i) => sql`when ${column} = ${v} then ${i}`),
    sql` `,
  )} else ${values.length} end`;
}

/** The ORDER BY of a list: the chosen field (docs/product.md §9 orders), then newest first and id, so pages never overlap. */
function ordered(db: Kysely<Database>, filter: CallFilter, sortParam: string | undefined, categories: string[]) {
  const sort = parseSort(sortParam, CALL_SORTS, { field: 'created_at', direction: 'desc' });
  let query = base(db, filter);
  const dir = sort.direction;
  switch (sort.field) {
    case 'priority':
      query = query.orderBy(rankOf(sql.ref('c.priority'), CALL_PRIORITIES), dir);
      break;
    case 'status':
      query = query.orderBy(rankOf(sql.ref('c.status'), CALL_STATUSES), dir);
      break;
    case 'category':
      // Uncategorized and unknown categories come last in both directions.
      query = query
        .orderBy(sql`case when c.selected_category is null then 1 else 0 end`, 'asc')
        .orderBy(sql`${rankOf(sql.ref('c.selected_category'), categories)} = ${categories.length}`, 'asc')
        .orderBy(rankOf(sql.ref('c.selected_category'), categories), dir);
      break;
    case 'phonebot':
      query = query.orderBy(sql`lower(p.bezeichnung)`, dir);
      break;
    case 'caller_number':
      query = query.orderBy('c.caller_number', dir);
      break;
    case 'created_at':
      break;
  }
  return query
    .orderBy('c.created_at', sort.field === 'created_at' ? dir : 'desc')
    .orderBy('c.id', sort.field === 'created_at' ? dir : 'desc');
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
};

function toResource(row: Row, termsCache: Map<string, string[]>): CallResource {
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
] as const;

export async function countCalls(db: Kysely<Database>, filter: CallFilter): Promise<number> {
  const row = await base(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listPage(
  db: Kysely<Database>,
  filter: CallFilter,
  query: PagedQuery,
  categories: string[],
): Promise<CallResource[]> {
  const perPage = query.per_page === 'all' ? BATCH : query.per_page;
  const rows = await ordered(db, filter, query.sort, categories)
    .select([...COLUMNS])
    .limit(perPage)
    .offset((query.page - 1) * perPage)
    .execute();
  const cache = new Map<string, string[]>();
  return rows.map((row) => toResource(row as Row, cache));
}

/** One call as the lists show it, or undefined when it is not the company's. */
export async function listedCall(
  db: Kysely<Database>,
  customerId: number,
  id: number,
): Promise<CallResource | undefined> {
  const row = await db
    .selectFrom('calls as c')
    .innerJoin('phonebots as p', 'p.id', 'c.phonebot_id')
    .select([...COLUMNS])
    .where('c.customer_id', '=', customerId)
    .where('c.id', '=', id)
    .executeTakeFirst();
  return row ? toResource(row as Row, new Map()) : undefined;
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
    const rows = await ordered(db, filter, sortParam, categories)
      .select([...COLUMNS])
      .limit(BATCH)
      .offset(offset)
      .execute();
    if (rows.length) yield rows.map((row) => toResource(row as Row, cache));
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
  query: PagedQuery,
): string {
  const key = JSON.stringify([
    viewer.customerId,
    viewer.userId,
    view,
    query.page,
    query.per_page,
    query.sort ?? '',
    query.search ?? '',
    query.date ?? '',
  ]);
  return `W/"${viewer.version}-${crypto.createHash('sha256').update(key).digest('base64url').slice(0, 22)}"`;
}
