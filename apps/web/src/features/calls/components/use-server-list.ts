import { useCallList } from '../api';
import type { CallListKind } from '../constants';
import type { CallListParams } from '../list-params';
import type { CallListView } from './call-list-screen';

/** A list as the server pages, sorts and filters it, polled while the screen is open. */
export function useServerList(kind: CallListKind, params: CallListParams): CallListView {
  const query = useCallList(kind, params);
  return {
    rows: query.data?.rows,
    total: query.data?.total ?? 0,
    newCallsCount: query.data?.newCallsCount ?? 0,
    stale: query.isPlaceholderData,
    error: query.isError ? query.error : null,
    retry: () => void query.refetch(),
    retrying: query.isFetching,
  };
}
