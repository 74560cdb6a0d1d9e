import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardAnswerSchema } from '@phonebot/shared/schemas/user';
import { api } from '../../lib/api-client';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  counts: () => [...dashboardKeys.all, 'counts'] as const,
};

export async function fetchDashboardCounts(signal?: AbortSignal) {
  return dashboardAnswerSchema.parse(await api.get('/dashboard', { signal }));
}

export const dashboardCountsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.counts(),
    queryFn: ({ signal }) => fetchDashboardCounts(signal),
  });

export function useDashboardCounts() {
  return useQuery(dashboardCountsQuery());
}
