import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type CallAttemptOutcome, attemptRoutes } from '@phonebot/shared/calls';
import { profileRoutes } from '@phonebot/shared/profile';
import { callApi } from '../../lib/api-client';
import { callKeys } from './api';

/** Calling back: recording an attempt, click-to-call, and whether the portal can place calls. */

export function useRecordAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, outcome, note }: { id: number; outcome: CallAttemptOutcome; note: string }) =>
      callApi(attemptRoutes.createCallAttempt, {
        params: { id },
        body: { data: { type: 'call-attempts', attributes: { outcome, ...(note.trim() ? { note } : {}) } } },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: callKeys.all }),
  });
}

export function useDial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(attemptRoutes.dialCall, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: callKeys.all }),
  });
}

/** Whether calls can be placed through the portal (Twilio is set up), as GET /me says; read once per session. */
export const clickToCallQuery = () =>
  queryOptions({
    queryKey: ['profile', 'me', 'click-to-call'] as const,
    queryFn: async ({ signal }) => (await callApi(profileRoutes.me, {}, { signal })).meta?.click_to_call ?? false,
    staleTime: Infinity,
  });

const HOUR = 3_600_000;

/** The retry times offered after an attempt that did not reach the caller: in 1 hour, this afternoon, tomorrow morning. */
export function retryChoices(now: Date) {
  const at = (days: number, hour: number) => {
    const date = new Date(now);
    date.setDate(date.getDate() + days);
    date.setHours(hour, 0, 0, 0);
    return date;
  };
  const afternoon = at(0, 15);
  return [
    { key: 'hour', until: new Date(now.getTime() + HOUR) },
    // This afternoon only while it is still ahead (and more than the hour away).
    ...(afternoon.getTime() > now.getTime() + HOUR ? [{ key: 'afternoon', until: afternoon }] : []),
    { key: 'morning', until: at(1, 9) },
  ] as { key: 'hour' | 'afternoon' | 'morning'; until: Date }[];
}
