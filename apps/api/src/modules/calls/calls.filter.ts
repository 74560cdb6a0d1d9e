import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import {
  CALL_PRIORITIES,
  CALL_STATUSES,
  type CallPriority,
  type CallStatus,
  type CallView,
} from '@phonebot/shared/calls';
import type { Database } from '../../db/schema';
import { DAY } from '../../db/time';
import { containsIgnoreCase } from '../../lib/list';
import { phonebotIdByLicenseKeyQuery, phonebotIdsNamedQuery } from '../phonebots';
import { localHourSpans, serverZone } from './local-time';
import {
  type PreparedSearch,
  hitsTable,
  prepareSearch,
  findSearchHits,
  type Triage,
  type SearchHit,
  searchedStatements,
} from './search.query';

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
  /**
   * The call search (search.text.ts): the calls whose conversation, notes, SMS or caller's number match every word
   * and number of it, ordered by relevance unless a sort is chosen. `search` finds these too, besides its fields.
   */
  q?: string | undefined;
  /** `q` and `search` as the queries use them (prepareFilter); a filter with either is prepared before it is read. */
  prepared?:
    | {
        q: PreparedSearch | undefined;
        search: PreparedSearch | undefined;
        /** The calls `q` found among the filter's. */
        window?: SearchHits;
        /** The calls the call search finds for `search`'s text among the filter's (its other conditions). */
        searchWindow?: SearchHits;
      }
    | undefined;
};

/** The calls a search (`q`) found for a filter, with their relevance (search.query.ts). */
type SearchHits = readonly SearchHit[];

/**
 * A filter with its searches prepared for the queries: one read of the company's country, and on PostgreSQL one of
 * the query's tsquery.
 */
export async function prepareFilter(db: Kysely<Database>, filter: CallFilter): Promise<CallFilter> {
  if (filter.prepared || (!filter.q && !filter.search)) return filter;
  const [q, search] = await Promise.all([
    prepareSearch(db, filter.customerId, filter.q),
    prepareSearch(db, filter.customerId, filter.search),
  ]);
  // `search`'s text part: the newest calls the call search finds among the filter's other conditions (at most
  // SEARCH_WINDOW, as for `q`), found once; its own four fields are conditions of the list's queries.
  const others = { ...filter, search: undefined };
  const searchWindow = search
    ? await findSearchHits(
        db,
        filter.customerId,
        search,
        wholeCompany(others) ? undefined : narrowedCalls(db, others),
        triageOf(db, others),
      )
    : undefined;
  if (!q) return { ...filter, prepared: { q, search, searchWindow } };
  // The calls `q` finds among the filter's (at most SEARCH_WINDOW), found once: the count and the page read them.
  // A filter that holds all the company's calls needs nothing of the calls table: the index's terms are the company's.
  const narrowed = wholeCompany(filter) ? undefined : narrowedCalls(db, filter, searchWindow);
  return {
    ...filter,
    prepared: {
      q,
      search,
      searchWindow,
      window: await findSearchHits(db, filter.customerId, q, narrowed, triageOf(db, filter)),
    },
  };
}

/**
 * The statuses, priority, category and phonebot a filter's calls have (narrowedCalls), for the call search to read
 * beforehand.
 */
function triageOf(db: Kysely<Database>, filter: CallFilter): Triage {
  const views: Partial<Record<CallView, readonly string[]>> = {
    open: OPEN_STATUSES,
    completed: ['Completed'],
    new: ['New'],
  };
  const open: readonly string[] = OPEN_STATUSES;
  let statuses = views[filter.view];
  // Each further condition on the status keeps the statuses of both.
  if (filter.overdue === true) statuses = (statuses ?? open).filter((status) => open.includes(status));
  if (filter.status !== undefined)
    statuses = (statuses ?? [filter.status]).filter((status) => status === filter.status);
  const { category, phonebot } = filter;
  return {
    whole: triageIsWhole(filter),
    statuses,
    priority: filter.priority,
    categories:
      category === undefined
        ? undefined
        : category === UNCATEGORIZED
          ? { names: ['', UNCATEGORIZED], none: true }
          : { names: [category], none: false },
    phonebots: phonebot === undefined ? undefined : phonebotIdByLicenseKeyQuery(db, filter.customerId, phonebot),
  };
}

/** Whether a filter holds every call of its company: the view of all calls and no other condition but `q`. */
function wholeCompany(filter: CallFilter): boolean {
  const { customerId: _company, now: _now, view, q: _q, prepared: _prepared, ...conditions } = filter;
  return view === 'all' && Object.values(conditions).every((value) => value === undefined || value === '');
}

/** Whether a filter asks nothing of a call but `q` and what its triage holds (triageOf). */
function triageIsWhole(filter: CallFilter): boolean {
  const { customerId: _company, now: _now, q: _q, prepared: _prepared, view, ...conditions } = filter;
  const { status: _status, priority: _priority, category: _category, phonebot: _phonebot, ...others } = conditions;
  // The open view also leaves out what is snoozed, the new view what was seen.
  return (
    (view === 'all' || view === 'completed') &&
    Object.values(others).every((value) => value === undefined || value === '')
  );
}

/** The prepared searches of a filter; a filter that searches must have been prepared (prepareFilter). */
function preparedOf(filter: CallFilter) {
  if ((filter.q || filter.search) && !filter.prepared) throw new Error('A call filter that searches is prepared first');
  return filter.prepared ?? { q: undefined, search: undefined };
}

/** The statuses of an open call. */
export const OPEN_STATUSES = ['New', 'In Progress'] as const;
/** How a call without a category is named in filters, Insights and exports. */
export const UNCATEGORIZED = 'Uncategorized';

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

/**
 * The calls of a filter, from the calls table alone: a count needs no join, so the database can answer it from the
 * tenant-first indexes; a page joins the phonebot and the assignee for its columns (`ordered`).
 */
export function filteredCalls(db: Kysely<Database>, filter: CallFilter) {
  const prepared = preparedOf(filter);
  const query = narrowedCalls(db, filter, prepared.searchWindow);
  if (!prepared.q) return query;
  // The call search: the calls it found (prepareFilter) with their relevance, as `w` (`w.score` orders the page).
  // The join keeps the query's type: only raw SQL reads `w`.
  return db
    .selectFrom('calls as c')
    .innerJoin(hitsTable(db, prepared.window ?? []).as('w'), (join) => join.onRef(sql.ref('w.id'), '=', 'c.id'))
    .where('c.customer_id', '=', filter.customerId) as unknown as typeof query;
}

/**
 * The calls of a filter but its call search (`q`): the view, the other filters and `search`, whose text part is the
 * calls the call search found for it (`found`, prepareFilter).
 */
function narrowedCalls(db: Kysely<Database>, filter: CallFilter, found?: SearchHits) {
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
  // Besides its own fields, `search` finds what the call search finds.
  const text = (eb: ExpressionBuilder<{ c: Database['calls'] }, 'c'>) =>
    found?.length ? [sql<SqlBool>`${eb.ref('c.id')} in (select h.id from ${hitsTable(db, found)} as h)`] : [];
  // The simple dashboard (all calls) filters by phonebot name only (docs/product.md §7).
  if (filter.view === 'all') return query.where((eb) => eb.or([eb('c.phonebot_id', 'in', namedBots), ...text(eb)]));
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
    any.push(...text(eb));
    return eb.or(any);
  });
  return query;
}

/** The count of a list's calls, as a query (`bench/explain.ts` shows its plan). */
export function countQuery(db: Kysely<Database>, filter: CallFilter) {
  return filteredCalls(db, filter).select((eb) => eb.fn.countAll<number>().as('n'));
}

export async function countCalls(db: Kysely<Database>, filter: CallFilter): Promise<number> {
  const prepared = await prepareFilter(db, filter);
  // A call search's calls are those it found, the filter's other conditions already applied.
  if (prepared.prepared?.window) return prepared.prepared.window.length;
  const row = await searchedStatements(db, searches(prepared), (reader) =>
    countQuery(reader, prepared).executeTakeFirstOrThrow(),
  );
  return Number(row.n);
}

/** Whether a prepared filter searches the calls' texts (`q`, or `search` besides its fields). */
export function searches(filter: CallFilter): boolean {
  return filter.prepared?.q !== undefined || filter.prepared?.search !== undefined;
}
