import { useUrlSearch } from '../../lib/use-url-search';
import { parseListQuery } from '@phonebot/shared';

/** The two lists of Guest Administration keep their page and search in the URL under their own prefix. */
export type ListSection = 'guests' | 'bots';

export function useSectionState(section: ListSection) {
  const [params, setParams] = useUrlSearch();
  const state = parseListQuery({
    page: params.get(`${section}_page`) ?? undefined,
    search: params.get(`${section}_search`) ?? undefined,
  });

  const update = (changes: { page?: number; search?: string }) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (changes.search !== undefined) {
          // A new search starts on its first page.
          next.delete(`${section}_page`);
          if (changes.search.trim() === '') next.delete(`${section}_search`);
          else next.set(`${section}_search`, changes.search.trim());
        }
        if (changes.page !== undefined) {
          if (changes.page <= 1) next.delete(`${section}_page`);
          else next.set(`${section}_page`, String(changes.page));
        }
        return next;
      },
      // Typing replaces the entry; moving between pages can be undone with the back button.
      { replace: changes.search !== undefined },
    );
  };

  return { page: state.page, search: state.search, update };
}
