import { useDebouncedCallback } from '@mantine/hooks';
import { useLocation } from 'react-router';

/**
 * A search typed into a list, applied (to the page's URL) once the typing pauses. A search still waiting when the
 * user has left the page, a link clicked within the delay, is dropped: the list stays on screen while the next page
 * loads, and applying the search then would take the user back to the list.
 */
export function useDebouncedSearch(apply: (value: string) => void, delay: number): (value: string) => void {
  const { pathname } = useLocation();
  return useDebouncedCallback((value: string) => {
    if (window.location.pathname !== pathname) return;
    apply(value);
  }, delay);
}
