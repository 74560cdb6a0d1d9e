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
