import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
import { isIsoDay } from './list-query';

/**
 * The query of a list operation as the API reads it. Both spellings are accepted: the original one (`page`,
 * `per_page`, `search`, `date`, `<filter>`) and JSON:API's (`page[number]`, `page[size]`, `filter[search]`,
 * `filter[date]`, `filter[<filter>]`). A bad value answers 400; unknown parameters are ignored.
 */
const pageNumber = z.coerce
  .number({ error: () => 'page must be a whole number from 1' })
  .int('page must be a whole number from 1')
  .min(1, 'page must be a whole number from 1');
const pageSize = z.union([z.literal('all'), z.coerce.number().int().min(1).max(MAX_PAGE_SIZE)], {
  error: () => `the page size must be a whole number from 1 to ${MAX_PAGE_SIZE}, or all`,
});
const sortText = z
  .string()
  .regex(/^-?[a-z_]{1,40}(,-?[a-z_]{1,40}){0,4}$/i, 'sort must name fields, each optionally led by -');
const searchText = z.string().trim().max(200, 'search may hold at most 200 characters');
export const isoDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day must be written YYYY-MM-DD')
  .refine(isIsoDay, 'no such day');

export type PagedQuery = {
  page: number;
  per_page: number | 'all';
  sort: string | undefined;
  search: string | undefined;
  date: string | undefined;
};

type FilterShape = Record<string, z.ZodType>;
type BracketShape<F extends FilterShape> = { [K in keyof F & string as `filter[${K}]`]: z.ZodOptional<F[K]> };
type PlainShape<F extends FilterShape> = { [K in keyof F]: z.ZodOptional<F[K]> };
type Filters<F extends FilterShape> = { [K in keyof F]?: z.output<F[K]> };

const baseShape = {
  page: pageNumber.optional(),
  per_page: pageSize.optional(),
  'page[number]': pageNumber.optional(),
  'page[size]': pageSize.optional(),
  sort: sortText.optional(),
  search: searchText.optional(),
  'filter[search]': searchText.optional(),
  date: isoDaySchema.optional(),
  'filter[date]': isoDaySchema.optional(),
};

/** A list query with the given extra filters, normalised to one shape whichever spelling was sent. */
export function pagedQuery<F extends FilterShape = Record<never, z.ZodType>>(
  filters: F = {} as F,
  defaults: { perPage?: number | 'all' } = {},
) {
  const plain = Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v.optional()])) as PlainShape<F>;
  const bracket = Object.fromEntries(
    Object.entries(filters).map(([k, v]) => [`filter[${k}]`, v.optional()]),
  ) as BracketShape<F>;
  return z.object({ ...baseShape, ...plain, ...bracket }).transform((parsed) => {
    const raw = parsed as Record<string, unknown>;
    const q = parsed as { [K in keyof typeof baseShape]: z.output<(typeof baseShape)[K]> };
    const picked = Object.fromEntries(
      Object.keys(filters).map((k) => [k, raw[`filter[${k}]`] ?? raw[k]]),
    ) as Filters<F>;
    const query: PagedQuery = {
      page: q['page[number]'] ?? q.page ?? 1,
      per_page: q['page[size]'] ?? q.per_page ?? defaults.perPage ?? DEFAULT_PAGE_SIZE,
      sort: q.sort,
      search: (q['filter[search]'] ?? q.search) || undefined,
      date: q['filter[date]'] ?? q.date,
    };
    return { ...query, ...picked };
  });
}
