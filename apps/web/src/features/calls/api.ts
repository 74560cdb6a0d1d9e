import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CALLS_POLL_MS, contractQueryString } from '@phonebot/shared';
import { callerTimelineRoutes } from '@phonebot/shared/callers';
import { BULK_MAX, type CallPriority, type CallStatus, callRoutes } from '@phonebot/shared/calls';
import type { CallAttributes, CallResource, NoteResource, SmsResource } from '@phonebot/shared/calls';
import { callApi } from '../../lib/api-client';
import { useLiveState } from '../../lib/live-events';
import type { CallListKind } from './constants';
import { apiQuery, type CallListParams } from './list-params';

export const callKeys = {
  all: ['calls'] as const,
  lists: () => [...callKeys.all, 'list'] as const,
  list: (kind: CallListKind, query: string) => [...callKeys.lists(), kind, query] as const,
  detail: (id: number) => [...callKeys.all, 'detail', id] as const,
  notes: (id: number) => [...callKeys.all, 'notes', id] as const,
  counts: () => [...callKeys.all, 'counts'] as const,
};

/** A call as the screens hold it: the resource's attributes with its numeric id. */
export type CallRow = CallAttributes & { id: number };
export type CallList = { rows: CallRow[]; total: number; newCallsCount: number };
export type CallNote = NoteResource['attributes'] & { id: number };
export type CallSms = SmsResource['attributes'] & { id: number };

const toRow = (resource: CallResource): CallRow => ({ id: Number(resource.id), ...resource.attributes });
const withId = <A>(resource: { id: string; attributes: A }): A & { id: number } => ({
  id: Number(resource.id),
  ...resource.attributes,
});

const LIST_CONTRACTS = {
  dashboard: callRoutes.listOpenCalls,
  new: callRoutes.listNewCalls,
  completed: callRoutes.listCompletedCalls,
  simple: callRoutes.listCalls,
} as const;

/**
 * Whether the Calls Dashboard shows calls of every status: asked for a status or a range of days (the Insights
 * figures open exactly their calls there, completed ones too); otherwise it shows the open calls.
 */
function dashboardOfAll(kind: CallListKind, params: CallListParams): boolean {
  return kind === 'dashboard' && (params.status !== undefined || params.from !== undefined || params.to !== undefined);
}

export async function fetchCallList(kind: CallListKind, params: CallListParams, signal?: AbortSignal) {
  const query = apiQuery(params, kind);
  const document = dashboardOfAll(kind, params)
    ? await callApi(callRoutes.listCalls, { query: { ...query, view: 'all' } }, { signal })
    : await callApi(LIST_CONTRACTS[kind], { query }, { signal });
  return {
    rows: document.data.map(toRow),
    total: document.meta.total,
    newCallsCount: document.meta.new_calls_count,
  } satisfies CallList;
}

export const callListQuery = (kind: CallListKind, params: CallListParams) =>
  queryOptions({
    queryKey: callKeys.list(kind, contractQueryString(apiQuery(params, kind))),
    queryFn: ({ signal }) => fetchCallList(kind, params, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** A call list; polled while the screen is open and the live connection is not (see useCallsLive). */
export function useCallList(kind: CallListKind, params: CallListParams) {
  const live = useLiveState();
  return useQuery({ ...callListQuery(kind, params), refetchInterval: live === 'open' ? false : CALLS_POLL_MS });
}

/**
 * Whom a call can be assigned to (for those who assign anyone), by name. Kept under the users' key, so a user added,
 * renamed or removed on the Users screen shows here too.
 */
export const assigneesQuery = () =>
  queryOptions({
    queryKey: ['users', 'assignees'] as const,
    queryFn: async ({ signal }) =>
      (await callApi(callRoutes.listAssignees, {}, { signal })).data.map((user) => ({
        id: Number(user.id),
        name: user.attributes.name,
      })),
  });

/** The counts of the inbox's quick filters; polled like the lists while the live connection is down. */
export const callCountsQuery = () =>
  queryOptions({
    queryKey: callKeys.counts(),
    queryFn: async ({ signal }) => (await callApi(callRoutes.countCallQueues, {}, { signal })).meta,
  });

export function useCallCounts(enabled: boolean) {
  const live = useLiveState();
  return useQuery({
    ...callCountsQuery(),
    enabled,
    refetchInterval: live === 'open' ? false : CALLS_POLL_MS,
  });
}

/** One call with its whole conversation, notes and SMS. */
export async function fetchCallDetail(id: number, signal?: AbortSignal) {
  const { data } = await callApi(callRoutes.getCall, { params: { id } }, { signal });
  const { notes, sms, ...attributes } = data.attributes;
  return { id: Number(data.id), ...attributes, notes: notes.map(withId), sms: sms.map(withId) };
}

export const callDetailQuery = (id: number) =>
  queryOptions({ queryKey: callKeys.detail(id), queryFn: ({ signal }) => fetchCallDetail(id, signal) });

export async function fetchNotes(callId: number, signal?: AbortSignal): Promise<CallNote[]> {
  return (await callApi(callRoutes.listCallNotes, { params: { id: callId } }, { signal })).data.map(withId);
}

export const notesQuery = (callId: number) =>
  queryOptions({ queryKey: callKeys.notes(callId), queryFn: ({ signal }) => fetchNotes(callId, signal) });

/**
 * A mutation of the call log; afterwards every call list, the counts and the open call are fetched again (the
 * caller awaits it, so a row shows its new value when the success toast appears).
 */
function useCallMutation<Variables>(mutationFn: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: callKeys.all }),
  });
}

/** Changes one call through the calls resource. */
function patchCall(
  id: number,
  attributes: { status?: CallStatus; priority?: CallPriority; selected_category?: string | null },
) {
  return callApi(callRoutes.updateCall, {
    params: { id },
    body: { data: { type: 'calls', id: String(id), attributes } },
  });
}

export function useUpdateStatus() {
  return useCallMutation(({ id, status }: { id: number; status: CallStatus }) => patchCall(id, { status }));
}

export function useMarkCompleted() {
  return useCallMutation((id: number) => patchCall(id, { status: 'Completed' }));
}

export function useBulkStatus() {
  return useCallMutation(({ ids, status }: { ids: number[]; status: CallStatus }) =>
    callApi(callRoutes.updateCallStatuses, { body: { calls: ids.map((id) => ({ id, status })) } }),
  );
}

export function useUpdatePriority() {
  return useCallMutation(({ id, priority }: { id: number; priority: CallPriority }) => patchCall(id, { priority }));
}

export function useUpdateCategory() {
  return useCallMutation(({ id, category }: { id: number; category: string | null }) =>
    patchCall(id, { selected_category: category }),
  );
}

/** Assigns a call (a user id), or releases it (null). */
export function useAssignCall() {
  return useCallMutation(({ id, assignee }: { id: number; assignee: number | null }) =>
    callApi(callRoutes.updateCall, {
      params: { id },
      body: {
        data: {
          type: 'calls',
          id: String(id),
          attributes: { assignee_id: assignee === null ? null : String(assignee) },
        },
      },
    }),
  );
}

/** Snoozes a call until a moment (ISO), or wakes it (null). */
export function useSnoozeCall() {
  return useCallMutation(({ id, until }: { id: number; until: string | null }) =>
    callApi(callRoutes.updateCall, {
      params: { id },
      body: { data: { type: 'calls', id: String(id), attributes: { snoozed_until: until } } },
    }),
  );
}

/**
 * Sets one priority or category on several calls, one call after the other (the API changes these one call at a
 * time); the lists are fetched again once, at the end.
 */
export function useBulkFields() {
  return useCallMutation(
    async ({
      ids,
      attributes,
    }: {
      ids: number[];
      attributes: { priority: CallPriority } | { selected_category: string | null };
    }) => callApi(callRoutes.updateCallFields, { body: { calls: ids.map((id) => ({ id })), ...attributes } }),
  );
}

export function useBulkAssign() {
  return useCallMutation(({ ids, assignee }: { ids: number[]; assignee: number | null }) =>
    callApi(callRoutes.assignCalls, {
      body: { calls: ids.map((id) => ({ id })), assignee_id: assignee === null ? null : String(assignee) },
    }),
  );
}

export function useBulkSnooze() {
  return useCallMutation(({ ids, until }: { ids: number[]; until: string | null }) =>
    callApi(callRoutes.snoozeCalls, { body: { calls: ids.map((id) => ({ id })), snoozed_until: until } }),
  );
}

/** A caller's calls in the company, newest first, with their notes and SMS. */
export async function fetchCallerTimeline(number: string, page: number, signal?: AbortSignal) {
  const document = await callApi(
    callerTimelineRoutes.listCallerCalls,
    { params: { number }, query: { page } },
    { signal },
  );
  return {
    total: document.meta.total,
    calls: document.data.map(({ id, attributes: { notes, sms, ...call } }) => ({
      id: Number(id),
      ...call,
      notes: notes.map(withId),
      sms: sms.map(withId),
    })),
  };
}

export const callerTimelineQuery = (number: string, page = 1) =>
  queryOptions({
    queryKey: [...callKeys.all, 'caller', number, page] as const,
    queryFn: ({ signal }) => fetchCallerTimeline(number, page, signal),
  });

export function useDeleteCall() {
  return useCallMutation((id: number) => callApi(callRoutes.deleteCall, { params: { id } }));
}

export function useAddNote(callId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      callApi(callRoutes.createCallNote, {
        params: { id: callId },
        body: { data: { type: 'notes', attributes: { text } } },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: callKeys.all }),
  });
}

/** Sends an SMS; the call's history (its detail) shows it afterwards, sent or failed. */
export function useSendSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { call_id: number; to: string; message: string }) =>
      callApi(callRoutes.sendCallSms, {
        params: { id: input.call_id },
        body: { data: { type: 'sms', attributes: { to: input.to, message: input.message } } },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: callKeys.all }),
  });
}

/** Marks calls notified (the new-calls screen lists them), in batches of the API's bulk limit. */
export function useMarkNotified() {
  return useCallMutation(async (ids: number[]) => {
    for (let start = 0; start < ids.length; start += BULK_MAX) {
      await callApi(callRoutes.markCallsNotified, {
        body: { calls: ids.slice(start, start + BULK_MAX).map((id) => ({ id })) },
      });
    }
  });
}
