import { useCallback, useMemo } from 'react';
import { useUrlSearch } from '../../lib/use-url-search';
import { isIsoDay, parseListQuery } from '@phonebot/shared';
import {
  CALL_LIST_FILTERS,
  CALL_PRIORITIES,
  CALL_SORTS,
  CALL_STATUSES,
  type CallPriority,
  type CallStatus,
} from '@phonebot/shared/calls';
import { LIST_CONFIG, type CallListKind, type PageSize } from './constants';

/** A call list's state as it lives in the URL (page, per_page, sort, search, date, filters), so a pasted link shows the same list. */
export type CallListParams = {
  page: number;
  per_page: PageSize;
  /** `field` or `-field` as the URL names it; undefined is the screen's default (see defaultSort). */
  sort: string | undefined;
  /** The spec's search (the simple list: phonebot name). */
  search: string | undefined;
  /** The call search of the inbox screens (the API's `q`: what was said, notes, SMS, the number in any writing). */
  q?: string | undefined;
  date: string | undefined;
  /** The callback filters: `me`, `none` or a user id; only overdue; one caller's number; one phonebot's key; snoozed. */
  assignee?: string | undefined;
  overdue?: boolean | undefined;
  caller?: string | undefined;
  phonebot?: string | undefined;
  snoozed?: boolean | undefined;
  /** The Insights figures' filters: exact status, priority and category, a range of days, a weekday and hour in it. */
  status?: CallStatus | undefined;
  priority?: CallPriority | undefined;
  category?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  weekday?: number | undefined;
  hour?: number | undefined;
  /** The call open in the detail (beside the list from 1200 px, its own page below). */
  call?: number | undefined;
};

/** The filters beyond search and day, in the order they are written to the URL. */
export const LIST_FILTERS = CALL_LIST_FILTERS;

/** A filter value from the URL, or undefined when it is missing or not one the API takes. */
function filterParams(query: URLSearchParams) {
  const assignee = query.get('assignee') ?? '';
  const text = (name: string, max: number) => {
    const value = (query.get(name) ?? '').trim();
    return value && value.length <= max ? value : undefined;
  };
  const oneOf = <T extends string>(name: string, values: readonly T[]) =>
    values.find((value) => value === query.get(name));
  const day = (name: string) => {
    const value = query.get(name);
    return isIsoDay(value) ? value : undefined;
  };
  const whole = (name: string, max: number) => {
    const value = query.get(name) ?? '';
    return /^\d{1,2}$/.test(value) && Number(value) <= max ? Number(value) : undefined;
  };
  let from = day('from');
  let to = day('to');
  if (from && to && from > to) [from, to] = [undefined, undefined];
  return {
    assignee: /^(me|none|[1-9]\d{0,15})$/.test(assignee) ? assignee : undefined,
    overdue: query.get('overdue') === 'true' ? true : undefined,
    caller: text('caller', 40),
    phonebot: text('phonebot', 100),
    snoozed: query.get('snoozed') === 'true' ? true : undefined,
    status: oneOf('status', CALL_STATUSES),
    priority: oneOf('priority', CALL_PRIORITIES),
    category: text('category', 100),
    from,
    to,
    // A weekday and an hour count within a range of days only.
    weekday: from && to ? whole('weekday', 6) : undefined,
    hour: from && to ? whole('hour', 23) : undefined,
    call: /^[1-9]\d{0,15}$/.test(query.get('call') ?? '') ? Number(query.get('call')) : undefined,
  };
}

export type SortState = { field: string; direction: 'asc' | 'desc' };

export const DEFAULT_SORT: SortState = { field: 'created_at', direction: 'desc' };

/**
 * The API's sort by the callback deadline (overdue first, then soonest due, calls without one last): `due` once the
 * API lists it among the call sorts, `callback_due_at` (the same order) until then.
 */
export const DUE_SORT: string = (CALL_SORTS as readonly string[]).includes('due') ? 'due' : 'callback_due_at';

/** The screens whose list holds open calls: their default order is the callback deadline. */
const OPEN_KINDS: ReadonlySet<CallListKind> = new Set(['dashboard', 'new']);

/**
 * The order a list has when its URL names none: a searched list (`q`) lists the best matches first (the API's
 * default), the open views by due, the others newest first.
 */
export function defaultSort(kind: CallListKind, params: Pick<CallListParams, 'q'>): string | undefined {
  if (params.q) return undefined;
  return OPEN_KINDS.has(kind) ? DUE_SORT : undefined;
}

/** The sort a list is in: the URL's, else the screen's default (undefined: the API's own order). */
export function effectiveSort(params: CallListParams, kind: CallListKind): string | undefined {
  return params.sort ?? defaultSort(kind, params);
}

/** The order a screen's list is in, as field and direction. */
export function listSort(params: CallListParams, kind: CallListKind): SortState {
  return sortState(effectiveSort(params, kind), Boolean(params.q));
}

/** A sort parameter as field and direction; none is newest first, or no field at all for a searched list. */
export function sortState(sort: string | undefined, relevance = false): SortState {
  if (!sort) return relevance ? { field: '', direction: 'desc' } : DEFAULT_SORT;
  return sort.startsWith('-') ? { field: sort.slice(1), direction: 'desc' } : { field: sort, direction: 'asc' };
}

/** A sort for the URL: undefined when it is the screen's default, so a link stays short. */
export function sortParam(
  { field, direction }: SortState,
  kind: CallListKind = 'simple',
  params: Pick<CallListParams, 'q'> = {},
): string | undefined {
  const param = direction === 'desc' ? `-${field}` : field;
  // Without a default of the screen, the API's: newest first, or the best matches of a search (then any sort counts).
  const fallback = defaultSort(kind, params) ?? (params.q ? undefined : `-${DEFAULT_SORT.field}`);
  return param === fallback ? undefined : param;
}

/**
 * Reads the list state with the shared list query reader, whose defaults make a hand-edited URL show a list
 * rather than fail. A page size the screen does not offer falls back to the screen's default (the schema's own
 * default, 20, is the main dashboard's).
 */
export function parseListParams(query: URLSearchParams, kind: CallListKind): CallListParams {
  const config = LIST_CONFIG[kind];
  const parsed = parseListQuery(Object.fromEntries(query));
  const offered = query.has('per_page') && config.pageSizes.includes(parsed.per_page);
  const field = parsed.sort?.replace(/^-/, '');
  return {
    page: parsed.page,
    per_page: offered ? parsed.per_page : config.defaultPageSize,
    sort: field && (CALL_SORTS as readonly string[]).includes(field) ? parsed.sort : undefined,
    search: parsed.search || undefined,
    q: kind === 'simple' ? undefined : searchText(query.get('q')),
    date: parsed.date,
    ...filterParams(query),
  };
}

/** A search from the URL, trimmed, or undefined when empty or longer than the API takes. */
function searchText(value: string | null): string | undefined {
  const text = (value ?? '').trim();
  return text && text.length <= SEARCH_MAX ? text : undefined;
}
const SEARCH_MAX = 200;

/**
 * The API query of a list state (the screen's default sort written out); defaults of the API are left out so equal
 * lists share a cache entry and an ETag.
 */
export function apiQuery(params: CallListParams, kind: CallListKind = 'simple') {
  const sort = effectiveSort(params, kind);
  return {
    ...(params.page !== 1 ? { page: params.page } : {}),
    per_page: params.per_page,
    ...(sort ? { sort } : {}),
    ...(params.search ? { search: params.search } : {}),
    ...(params.q ? { q: params.q } : {}),
    ...(params.date ? { date: params.date } : {}),
    ...(params.assignee ? { assignee: params.assignee } : {}),
    ...(params.overdue ? { overdue: 'true' as const } : {}),
    ...(params.caller ? { caller: params.caller } : {}),
    ...(params.phonebot ? { phonebot: params.phonebot } : {}),
    ...(params.snoozed ? { snoozed: 'true' as const } : {}),
    ...(params.status ? { status: params.status } : {}),
    ...(params.priority ? { priority: params.priority } : {}),
    ...(params.category ? { category: params.category } : {}),
    ...(params.from ? { from: params.from } : {}),
    ...(params.to ? { to: params.to } : {}),
    ...(params.weekday !== undefined ? { weekday: params.weekday } : {}),
    ...(params.hour !== undefined ? { hour: params.hour } : {}),
  };
}

/** Whether a list shows only some calls by a filter beyond search and day. */
export function hasFilters(params: CallListParams): boolean {
  return LIST_FILTERS.some((name) => params[name] !== undefined);
}

/** The URL query of a list state; defaults are left out, so a link stays short. */
export function searchOf(params: CallListParams, kind: CallListKind): URLSearchParams {
  const result = new URLSearchParams();
  if (params.page !== 1) result.set('page', String(params.page));
  if (params.per_page !== LIST_CONFIG[kind].defaultPageSize) result.set('per_page', String(params.per_page));
  if (params.sort) result.set('sort', params.sort);
  if (params.search) result.set('search', params.search);
  if (params.q) result.set('q', params.q);
  if (params.date) result.set('date', params.date);
  // The filters stay while the list is paged, sorted or searched, until they are cleared.
  for (const name of LIST_FILTERS) {
    const value = params[name];
    if (value !== undefined && value !== false) result.set(name, String(value));
  }
  if (params.call !== undefined) result.set('call', String(params.call));
  return result;
}

/**
 * The list state of the current URL and a setter; a change of anything but the page goes back to page 1, except
 * opening or closing a call (`keepPage`), which leaves the list as it is. Each change starts from the address as
 * it is now, so two quick changes both apply.
 */
export function useCallListParams(kind: CallListKind) {
  const [query, setQuery] = useUrlSearch();
  const params = useMemo(() => parseListParams(query, kind), [query, kind]);

  const update = useCallback(
    (patch: Partial<CallListParams>, options: { replace?: boolean; keepPage?: boolean } = {}) => {
      setQuery(
        (current) => {
          const parsed = parseListParams(current, kind);
          return searchOf({ ...parsed, page: options.keepPage ? parsed.page : 1, ...patch }, kind);
        },
        { replace: options.replace ?? false },
      );
    },
    [setQuery, kind],
  );

  return [params, update] as const;
}
