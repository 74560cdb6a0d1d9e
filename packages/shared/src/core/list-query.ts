import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';

/*
 * A list's state as a URL holds it, read without the schema library, so the list screens (the Calls Dashboard,
 * which the signed-in start shows) load no schema to read their URL. The API reads its queries with the schemas of
 * paged-query.ts; isIsoDay is the day rule of both.
 */

/** The list query parameters, the same on every list (docs/api.md). */
export type ListQuery = {
  page: number;
  per_page: number | 'all';
  sort?: string | undefined;
  search?: string | undefined;
  date?: string | undefined;
};

const SEARCH_MAX_LENGTH = 200;

/** Whether a value is a day of the calendar written YYYY-MM-DD. */
export function isIsoDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A whole number from a query value (as a number input reads it), or undefined. */
function wholeNumber(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const number = Number(value);
  return Number.isInteger(number) ? number : undefined;
}

/**
 * Reads the list query parameters of a URL's query. A bad value falls back to its default (page 1, 20 a page) or
 * is left out, instead of failing, so a pasted or hand-edited URL always shows a list.
 */
export function parseListQuery(query: Record<string, unknown>): ListQuery {
  const page = wholeNumber(query.page);
  const size = query.per_page === 'all' ? 'all' : wholeNumber(query.per_page);
  const result: ListQuery = {
    page: page !== undefined && page >= 1 ? page : 1,
    per_page: size === 'all' || (size !== undefined && size >= 1 && size <= MAX_PAGE_SIZE) ? size : DEFAULT_PAGE_SIZE,
  };
  if (typeof query.sort === 'string' && /^-?[a-z_]{1,40}$/i.test(query.sort)) result.sort = query.sort;
  if (typeof query.search === 'string' && query.search.trim().length <= SEARCH_MAX_LENGTH)
    result.search = query.search.trim();
  if (typeof query.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(query.date)) result.date = query.date;
  return result;
}
