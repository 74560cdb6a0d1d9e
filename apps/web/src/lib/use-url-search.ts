import { useCallback } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

/**
 * A screen's state kept in the URL's query, and a change to it that starts from the address as it is now. The router
 * renders a navigation in a transition, so the parameters of the last render can be one click behind: two quick
 * changes (clear the day, then sort) built on them would lose the first. The address bar is updated at once.
 */
export function useUrlSearch() {
  const [params, setParams] = useSearchParams();
  const change = useCallback(
    (next: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) =>
      setParams(() => next(new URLSearchParams(window.location.search)), options),
    [setParams],
  );
  return [params, change] as const;
}
