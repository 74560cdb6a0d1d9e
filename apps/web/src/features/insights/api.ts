import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallStatsQuery } from '@phonebot/shared/insights';
import { insightsRoutes } from '@phonebot/shared/insights';
import { callApi } from '../../lib/api-client';

export const insightsKeys = {
  all: ['insights'] as const,
  callStats: (query: CallStatsQuery) => [...insightsKeys.all, 'call-stats', query] as const,
};

export async function fetchCallStats(query: CallStatsQuery, signal?: AbortSignal) {
  return callApi(insightsRoutes.callStats, { query }, { signal });
}

/**
 * The company's call statistics. No time zone is sent: the server's is the one the call list's day filter uses, so
 * a day here is the same day there.
 */
export const callStatsQuery = (query: CallStatsQuery) =>
  queryOptions({
    queryKey: insightsKeys.callStats(query),
    queryFn: ({ signal }) => fetchCallStats(query, signal),
    placeholderData: keepPreviousData,
  });

export function useCallStats(query: CallStatsQuery) {
  return useQuery(callStatsQuery(query));
}
