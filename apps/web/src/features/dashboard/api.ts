import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardRoutes } from '@phonebot/shared/profile';
import { callApi } from '../../lib/api-client';
import { dashboardKeys } from './keys';

/** The runtime's first heartbeat and the first call happen elsewhere: an open checklist looks again now and then. */
const CHECKLIST_POLL_MS = 15_000;

export async function fetchDashboardCounts(signal?: AbortSignal) {
  return (await callApi(dashboardRoutes.dashboard, {}, { signal })).meta;
}

export async function fetchChecklist(signal?: AbortSignal) {
  return (await callApi(dashboardRoutes.checklist, {}, { signal })).meta;
}

export const dashboardCountsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.counts(),
    queryFn: ({ signal }) => fetchDashboardCounts(signal),
  });

export const checklistQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.checklist(),
    queryFn: ({ signal }) => fetchChecklist(signal),
    refetchInterval: (query) => (query.state.data?.complete ? false : CHECKLIST_POLL_MS),
  });

export function useDashboardCounts() {
  return useQuery(dashboardCountsQuery());
}

export function useChecklist() {
  return useQuery(checklistQuery());
}
