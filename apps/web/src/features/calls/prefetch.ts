import { getToken } from '../../lib/auth-token';
import { queryClient } from '../../lib/query-client';
import { callCountsQuery, callListQuery } from './api';
import type { CallListKind } from './constants';
import { parseListParams } from './list-params';

/**
 * Asks for a call screen's first page (and on the dashboard the quick filters' counts) as soon as the app starts
 * at its address, while the screen's code still loads: the screen then finds the answers in the cache.
 */
export function prefetchCallList(kind: CallListKind): void {
  if (getToken() === null) return;
  const params = parseListParams(new URLSearchParams(window.location.search), kind);
  void queryClient.prefetchQuery(callListQuery(kind, params));
  if (kind === 'dashboard') void queryClient.prefetchQuery(callCountsQuery());
}
