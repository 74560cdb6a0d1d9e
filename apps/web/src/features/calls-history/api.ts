import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { CALLS_HISTORY_POLL_MS } from '@phonebot/shared';
import type { CallCountResource } from '@phonebot/shared/customers';
import { callsHistoryRoutes } from '@phonebot/shared/customers';
import { usageRoutes } from '@phonebot/shared/usage';
import { callApi } from '../../lib/api-client';

/** A row of Calls History; the customer's id tells apart two customers of the same name. */
export type CallCountRow = CallCountResource['attributes'];

export const callsHistoryKeys = {
  all: ['callsHistory'] as const,
  month: (month: string) => [...callsHistoryKeys.all, 'month', month] as const,
};

export async function fetchCallCounts(month: string, signal?: AbortSignal) {
  const document = await callApi(callsHistoryRoutes.callsCount, { query: { month } }, { signal });
  return { month: document.meta.month, rows: document.data.map((row) => row.attributes) };
}

/** Polled while the screen is open (docs/product.md §9), keeping the last month on screen while another one loads. */
export const callCountsQuery = (month: string) =>
  queryOptions({
    queryKey: callsHistoryKeys.month(month),
    queryFn: ({ signal }) => fetchCallCounts(month, signal),
    placeholderData: keepPreviousData,
    refetchInterval: CALLS_HISTORY_POLL_MS,
  });

export const usageKeys = {
  all: ['usage'] as const,
  month: (month: string) => [...usageKeys.all, 'month', month] as const,
};

/** Usage per customer and phonebot over twelve months (super), polled like Calls History. */
export const usageQuery = (month: string) =>
  queryOptions({
    queryKey: usageKeys.month(month),
    queryFn: ({ signal }) => callApi(usageRoutes.usage, { query: { month } }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: CALLS_HISTORY_POLL_MS,
  });
