import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { API_BASE, CALLS_POLL_MS } from '@phonebot/shared/constants';
import {
  BULK_MAX,
  type CallListAnswer,
  type CallPriority,
  type CallStatus,
  callResponseSchema,
} from '@phonebot/shared/schemas/call';
import type { JsonApiErrorObject } from '@phonebot/shared/schemas/common';
import { ApiError, api } from '../../lib/api-client';
import { getToken } from '../../lib/auth-token';
import { LIST_CONFIG, type CallListKind } from './constants';
import { apiQuery, type CallListParams } from './list-params';

export const callKeys = {
  all: ['calls'] as const,
  lists: () => [...callKeys.all, 'list'] as const,
  list: (kind: CallListKind, query: string) => [...callKeys.lists(), kind, query] as const,
  detail: (id: number) => [...callKeys.all, 'detail', id] as const,
  notes: (id: number) => [...callKeys.all, 'notes', id] as const,
};

// The list answer is typed by the shared CallListAnswer, which the server builds its answer from; a page of "All"
// can hold thousands of rows, too many to run through a runtime schema on every 5-second poll.
export async function fetchCallList(kind: CallListKind, params: CallListParams, signal?: AbortSignal) {
  return (await api.get(`${LIST_CONFIG[kind].path}?${apiQuery(params)}`, { signal })) as CallListAnswer;
}

export const callListQuery = (kind: CallListKind, params: CallListParams) =>
  queryOptions({
    queryKey: callKeys.list(kind, apiQuery(params)),
    queryFn: ({ signal }) => fetchCallList(kind, params, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** A call list, polled while the screen is open (SPEC §4, §9). */
export function useCallList(kind: CallListKind, params: CallListParams) {
  return useQuery({ ...callListQuery(kind, params), refetchInterval: CALLS_POLL_MS });
}

const noteSchema = z.object({
  id: z.number(),
  text: z.string(),
  created_at: z.string(),
  author: z.string().nullish(),
});
export type CallNote = z.infer<typeof noteSchema>;

/** The part of GET /calls/{id} the screens show; the conversation may arrive as a list or as a JSON string of one. */
const callDetailSchema = z.object({
  data: z.object({
    id: z.number(),
    caller_number: z.string(),
    response: callResponseSchema.catch([]),
    sms: z
      .array(
        z.object({
          id: z.number(),
          to: z.string(),
          message: z.string(),
          state: z.enum(['sent', 'failed']),
          error: z.string().nullish(),
          created_at: z.string(),
        }),
      )
      .catch([]),
  }),
});

export async function fetchCallDetail(id: number, signal?: AbortSignal) {
  return callDetailSchema.parse(await api.get(`/calls/${id}`, { signal })).data;
}

export const callDetailQuery = (id: number) =>
  queryOptions({ queryKey: callKeys.detail(id), queryFn: ({ signal }) => fetchCallDetail(id, signal) });

export async function fetchNotes(callId: number, signal?: AbortSignal) {
  return z.object({ data: z.array(noteSchema) }).parse(await api.get(`/notes/${callId}`, { signal })).data;
}

export const notesQuery = (callId: number) =>
  queryOptions({ queryKey: callKeys.notes(callId), queryFn: ({ signal }) => fetchNotes(callId, signal) });

/** A mutation of the call log; afterwards every call list is fetched again (the caller awaits it, so a row shows its new value when the success toast appears). */
function useCallMutation<Variables>(mutationFn: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: callKeys.lists() }),
  });
}

export function useUpdateStatus() {
  return useCallMutation(({ id, status }: { id: number; status: CallStatus }) =>
    api.patch(`/updateCallStatus/${id}`, { status }),
  );
}

export function useMarkCompleted() {
  return useCallMutation((id: number) => api.patch(`/updateCallStatusCompleted/${id}`));
}

export function useBulkStatus() {
  return useCallMutation(({ ids, status }: { ids: number[]; status: CallStatus }) =>
    api.patch('/updateBulkStatus', { calls: ids.map((id) => ({ id, status })) }),
  );
}

export function useUpdatePriority() {
  return useCallMutation(({ id, priority }: { id: number; priority: CallPriority }) =>
    api.patch(`/updateCallPriority/${id}`, { priority }),
  );
}

export function useUpdateCategory() {
  return useCallMutation(({ id, category }: { id: number; category: string | null }) =>
    api.patch(`/updateCallCategory/${id}`, { selected_category: category }),
  );
}

export function useDeleteCall() {
  return useCallMutation((id: number) => api.delete(`/calls/${id}`));
}

export function useAddNote(callId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post(`/notes/${callId}`, { text, created_at: new Date().toISOString() }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: callKeys.notes(callId) }),
        queryClient.invalidateQueries({ queryKey: callKeys.lists() }),
      ]),
  });
}

/** Sends an SMS; the call's history (its detail) shows it afterwards, sent or failed. */
export function useSendSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { call_id: number; to: string; message: string }) => api.post('/sendSms', input),
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: callKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: callKeys.detail(input.call_id) }),
      ]),
  });
}

/** Marks calls notified (the new-calls screen lists them), in batches of the API's bulk limit. */
export function useMarkNotified() {
  return useCallMutation(async (ids: number[]) => {
    for (let start = 0; start < ids.length; start += BULK_MAX) {
      await api.patch('/updateNotificationStatus', {
        calls: ids.slice(start, start + BULK_MAX).map((id) => ({ id })),
      });
    }
  });
}

async function errorsOf(response: Response): Promise<JsonApiErrorObject[]> {
  try {
    const body = (await response.json()) as { errors?: JsonApiErrorObject[] };
    if (Array.isArray(body.errors)) return body.errors;
  } catch {
    // Not a JSON:API error document: the status says enough.
  }
  return [{ status: String(response.status), title: response.statusText, detail: response.statusText }];
}

/**
 * Downloads call_log.csv of a list (its view, search, day and sort) from the server, which quotes the values and
 * neutralises formulas. The api client only reads JSON, so the file is fetched here with the same bearer token and
 * saved through an object URL.
 */
export async function downloadCallLog(kind: CallListKind, params: CallListParams): Promise<void> {
  const query = new URLSearchParams({ view: LIST_CONFIG[kind].exportView });
  if (params.search) query.set('search', params.search);
  if (params.date) query.set('date', params.date);
  if (params.sort) query.set('sort', params.sort);
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/calls/export?${query.toString()}`, {
      headers: { Accept: 'text/csv', ...(token === null ? {} : { Authorization: `Bearer ${token}` }) },
    });
  } catch {
    throw new ApiError(0, [
      { status: '0', code: 'serviceUnavailable', title: 'Unreachable', detail: 'The server could not be reached.' },
    ]);
  }
  if (!response.ok) throw new ApiError(response.status, await errorsOf(response));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'call_log.csv';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: the download has to start reading the blob first.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
