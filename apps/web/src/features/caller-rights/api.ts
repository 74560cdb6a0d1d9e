import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallerExportDocument } from '@phonebot/shared/callers';
import { callerRightsRoutes } from '@phonebot/shared/callers';
import { callApi } from '../../lib/api-client';

const callerKey = (number: string) => ['callers', number] as const;

/** How many calls, notes and SMS the company keeps of a number (asked when the erase dialog opens). */
export function useCallerCounts(number: string, enabled: boolean) {
  return useQuery({
    queryKey: callerKey(number),
    queryFn: async ({ signal }) =>
      (await callApi(callerRightsRoutes.getCaller, { params: { number } }, { signal })).data.attributes,
    enabled,
    staleTime: 0,
  });
}

export async function fetchCallerExport(number: string): Promise<CallerExportDocument> {
  return callApi(callerRightsRoutes.exportCaller, { params: { number } });
}

/** Erases the caller; every call list, detail and timeline is read again afterwards. */
export function useEraseCaller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (number: string) => (await callApi(callerRightsRoutes.eraseCaller, { params: { number } })).meta,
    onSuccess: (_counts, number) => {
      queryClient.removeQueries({ queryKey: callerKey(number) });
      void queryClient.invalidateQueries({ queryKey: ['calls'] });
    },
  });
}
