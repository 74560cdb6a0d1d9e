import { type Expression, type SqlBool, sql } from 'kysely';

/** `%term%` with LIKE's wildcards escaped, for a case-insensitive substring search. */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** lower(column) LIKE pattern, the same on SQLite and PostgreSQL. */
export function containsIgnoreCase(column: Expression<unknown>, term: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${likePattern(term)} escape '\\'`;
}

/** The sort of a list query: a field from the allowed list and a direction; anything else is the default. */
export function parseSort<F extends string>(
  sort: string | undefined,
  allowed: readonly F[],
  fallback: { field: F; direction: 'asc' | 'desc' },
): { field: F; direction: 'asc' | 'desc' } {
  if (!sort) return fallback;
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as F;
  return allowed.includes(field) ? { field, direction: descending ? 'desc' : 'asc' } : fallback;
}

/** One page of a query; "all" applies no limit (SQLite accepts no OFFSET without a LIMIT). */
export function paginate<Q extends { limit: (n: number) => Q; offset: (n: number) => Q }>(
  query: Q,
  page: number,
  perPage: number | 'all',
): Q {
  return perPage === 'all' ? query : query.limit(perPage).offset((page - 1) * perPage);
}
