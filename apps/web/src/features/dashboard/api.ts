import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardContracts } from '@phonebot/shared/contracts/profile';
import { callApi } from '../../lib/api-client';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  counts: () => [...dashboardKeys.all, 'counts'] as const,
};

export async function fetchDashboardCounts(signal?: AbortSignal) {
  return (await callApi(dashboardContracts.dashboard, {}, { signal })).meta;
}

export const dashboardCountsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.counts(),
    queryFn: ({ signal }) => fetchDashboardCounts(signal),
  });

export function useDashboardCounts() {
  return useQuery(dashboardCountsQuery());
}
