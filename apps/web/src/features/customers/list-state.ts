import { useUrlSearch } from '../../lib/use-url-search';
import { type ListQuery, parseListQuery } from '@phonebot/shared';
import { CUSTOMER_SORTS } from '@phonebot/shared/customers';

type ListParam = 'page' | 'per_page' | 'sort' | 'search';

/** The customers list's query read from its URL: a sort the server does not offer is dropped, not sent. */
export function customerListQuery(params: URLSearchParams): ListQuery {
  const parsed = parseListQuery(Object.fromEntries(params));
  const field = parsed.sort?.replace(/^-/, '');
  return { ...parsed, sort: field && (CUSTOMER_SORTS as readonly string[]).includes(field) ? parsed.sort : undefined };
}

/**
 * The customers list's page, size, sort and search live in the URL, read with the shared list query reader,
 * which turns a hand-edited value into the default instead of an error; a sort the server does not offer (it would
 * answer 400) is dropped the same way.
 */
export function useListState() {
  const [params, setParams] = useUrlSearch();
  const query = customerListQuery(params);

  const update = (changes: Partial<Record<ListParam, string | undefined>>, options: { replace?: boolean } = {}) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: options.replace ?? false },
    );
  };

  return { query, update };
}
