import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { CALLS_HISTORY_POLL_MS } from '@phonebot/shared/constants';
import { api } from '../../lib/api-client';

/** GET /fetchCallsCount; rows also carry the customer's id, which tells apart two customers of the same name. */
const callCountsSchema = z.object({
  month: z.string(),
  data: z.array(
    z.object({
      name: z.string(),
      phonebot: z.string(),
      number_of_calls: z.number(),
      customer_id: z.number().optional(),
    }),
  ),
});

export type CallCountRow = z.infer<typeof callCountsSchema>['data'][number];

export const callsHistoryKeys = {
  all: ['callsHistory'] as const,
  month: (month: string) => [...callsHistoryKeys.all, 'month', month] as const,
};

export async function fetchCallCounts(month: string, signal?: AbortSignal) {
  return callCountsSchema.parse(await api.get(`/fetchCallsCount?month=${encodeURIComponent(month)}`, { signal }));
}

/** Polled while the screen is open (SPEC §9), keeping the last month on screen while another one loads. */
export const callCountsQuery = (month: string) =>
  queryOptions({
    queryKey: callsHistoryKeys.month(month),
    queryFn: ({ signal }) => fetchCallCounts(month, signal),
    placeholderData: keepPreviousData,
    refetchInterval: CALLS_HISTORY_POLL_MS,
  });
