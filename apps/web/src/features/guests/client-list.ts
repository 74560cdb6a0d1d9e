/** Guest Administration pages and searches its two lists in the browser: GET /guest answers them whole. */
export const CLIENT_PAGE_SIZE = 10;

/** True when the search is empty or one of the values contains it, ignoring case. */
export function matchesSearch(search: string | undefined, values: (string | null | undefined)[]): boolean {
  const term = search?.trim().toLowerCase() ?? '';
  return term === '' || values.some((value) => value?.toLowerCase().includes(term));
}

/** One page of `items`; a page past the end shows the last one. */
export function pageOf<T>(items: readonly T[], page: number, size = CLIENT_PAGE_SIZE) {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  const offset = (current - 1) * size;
  return { rows: items.slice(offset, offset + size), page: current, pages, offset };
}
