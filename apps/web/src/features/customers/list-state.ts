import { useUrlSearch } from '../../lib/use-url-search';
import { type ListQuery, parseListQuery } from '@phonebot/shared';

type ListParam = 'page' | 'per_page' | 'sort' | 'search';

/**
 * The customers list's page, size, sort and search live in the URL, read with the shared list query reader,
 * which turns a hand-edited value into the default instead of an error.
 */
export function useListState() {
  const [params, setParams] = useUrlSearch();
  const query: ListQuery = parseListQuery(Object.fromEntries(params));

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
