import { CALL_PRIORITIES, CALL_STATUSES } from '@phonebot/shared/calls';
import type { CallRow } from './api';
import { PREVIEW_LENGTH } from './constants';
import type { SortState } from './list-params';

/** docs/product.md §9: the message cut to 20 characters, then '...'; a shorter message is shown whole. */
export function messagePreview(message: string): string {
  return message.length > PREVIEW_LENGTH ? `${message.slice(0, PREVIEW_LENGTH)}...` : message;
}

/** Who spoke a turn of the conversation: the runtime names the caller's turns User… and its own Bot…. */
export function speakerOf(action: string): 'caller' | 'bot' | 'other' {
  if (/user/i.test(action)) return 'caller';
  if (/bot/i.test(action)) return 'bot';
  return 'other';
}

function rank(values: readonly string[], value: string): number {
  const index = values.indexOf(value);
  return index === -1 ? values.length : index;
}

/**
 * Orders rows as the server does (docs/product.md §9): priority and status by their fixed lists, then newest first and by id,
 * so a list sorted in the browser reads like one sorted by the server.
 */
export function compareCalls(sort: SortState): (a: CallRow, b: CallRow) => number {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const newestFirst = (a: CallRow, b: CallRow) => b.created_at.localeCompare(a.created_at) || b.id - a.id;
  return (a, b) => {
    switch (sort.field) {
      case 'priority':
        return sign * (rank(CALL_PRIORITIES, a.priority) - rank(CALL_PRIORITIES, b.priority)) || newestFirst(a, b);
      case 'status':
        return sign * (rank(CALL_STATUSES, a.status) - rank(CALL_STATUSES, b.status)) || newestFirst(a, b);
      case 'due':
      case 'callback_due_at':
        // Calls without a deadline last in both directions.
        if (a.callback_due_at === null || b.callback_due_at === null)
          return (a.callback_due_at === null ? 1 : 0) - (b.callback_due_at === null ? 1 : 0) || newestFirst(a, b);
        return sign * a.callback_due_at.localeCompare(b.callback_due_at) || newestFirst(a, b);
      case '':
        // A searched list held in the browser keeps the server's order (best matches first).
        return 0;
      default:
        return -sign * newestFirst(a, b);
    }
  };
}

/** The rows of one page of a list held in the browser. */
export function pageOf<T>(rows: readonly T[], page: number, perPage: number | 'all'): T[] {
  if (perPage === 'all') return [...rows];
  return rows.slice((page - 1) * perPage, page * perPage);
}

/** Whether a call is snoozed now (a past snooze time marks a call that came back). */
export function isSnoozed(row: { snoozed_until: string | null }, now: number = Date.now()): boolean {
  return row.snoozed_until !== null && Date.parse(row.snoozed_until) > now;
}

/** What the list carries of a call beyond the spec's fields, where the API sends it (platform calls, recordings). */
type RowExtras = {
  summary?: string | null;
  caller_name?: string | null;
  recording?: { duration_seconds: number } | null;
};

/** The caller's name as the voice-agent platform gave it, or null. */
export function callerNameOf(row: CallRow): string | null {
  const name = (row as CallRow & RowExtras).caller_name?.trim();
  return name ? name : null;
}

/** What a dense row shows of the call: the platform's summary, else the caller's first words. */
export function previewOf(row: CallRow): string {
  const summary = (row as CallRow & RowExtras).summary?.trim();
  return summary ? summary : row.message;
}

/** The length of the call's recording in seconds, or null without one. */
export function recordingSecondsOf(row: CallRow): number | null {
  const seconds = (row as CallRow & RowExtras).recording?.duration_seconds;
  return typeof seconds === 'number' ? seconds : null;
}

/** A length as m:ss (h:mm:ss from an hour). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
