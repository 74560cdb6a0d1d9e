import type { FastifyRequest } from 'fastify';
import type { PageLinks, PageMeta, PagedQuery } from '@phonebot/shared';

/** The number of the last page of a list (1 for an empty list or "all"). */
export function lastPage(total: number, perPage: number | 'all'): number {
  return perPage === 'all' ? 1 : Math.max(1, Math.ceil(total / perPage));
}

/**
 * The paging links of a list answer, relative to the API's origin, in the spelling the request used (`page` or
 * JSON:API's `page[number]`), keeping every other parameter.
 */
export function pageLinks(req: FastifyRequest, query: PagedQuery, total: number): PageLinks {
  const url = new URL(req.url, 'http://api.invalid');
  const jsonApi = url.searchParams.has('page[number]') || url.searchParams.has('page[size]');
  const last = lastPage(total, query.per_page);
  const at = (page: number) => {
    const params = new URLSearchParams(url.search);
    params.delete('page');
    params.delete('page[number]');
    if (page > 1) params.set(jsonApi ? 'page[number]' : 'page', String(page));
    const search = params.toString();
    return `${url.pathname}${search ? `?${search}` : ''}`;
  };
  // A link that does not exist is left out (JSON:API allows omitting it or null; omitting suits every client).
  return {
    self: at(query.page),
    first: at(1),
    ...(query.page > 1 ? { prev: at(Math.min(query.page - 1, last)) } : {}),
    ...(query.page < last ? { next: at(query.page + 1) } : {}),
    last: at(last),
  };
}

export function pageMeta(query: PagedQuery, total: number): PageMeta {
  return { total, page: query.per_page === 'all' ? 1 : query.page, per_page: query.per_page };
}
