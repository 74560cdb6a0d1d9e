/*
 * The call log's values that need no schema: statuses, priorities, the lists' views, sorts and filters, the bulk
 * limit, the event types and the reasons of a failed SMS. schema.ts and sms.ts re-export them beside
 * the schemas; the web app's call screens import them from here, so they load no schema library.
 */

/** docs/product.md §6: call statuses and priorities, in their sort orders (§9). */
export const CALL_STATUSES = ['New', 'In Progress', 'Completed'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const CALL_PRIORITIES = ['Normal Callback', 'Important Callback', 'Send Email', 'Transferred'] as const;
export type CallPriority = (typeof CALL_PRIORITIES)[number];

/**
 * What carriers send instead of the number of a caller who withheld it, spelt on a phone's keypad: ANONYMOUS,
 * RESTRICTED, UNKNOWN, UNAVAILABLE.
 */
export const WITHHELD_NUMBER_CODES = ['+266696687', '+7378742833', '+8656696', '+86282452253'] as const;

/**
 * Whether a call's caller number names nobody: the caller withheld it or the network did not send it. That is any
 * value without a digit 1-9 ('anonymous', 'unknown', 'private', 'restricted', 'Unbekannt', '', '0', 'sip:anonymous@…')
 * and the carriers' codes above. Such calls are never grouped as one caller: no repeat count, no caller export,
 * erasure or timeline, no repeat caller in Insights (the API's SQL form is callers/withheld.ts).
 */
export function isWithheldNumber(number: string): boolean {
  const value = number.trim();
  return !/[1-9]/.test(value) || (WITHHELD_NUMBER_CODES as readonly string[]).includes(value);
}

/** The most calls one bulk change may name. */
export const BULK_MAX = 500;

/** Which calls a list shows: open (New, In Progress), completed, new (New and not notified) or all. */
export const CALL_VIEWS = ['open', 'completed', 'new', 'all'] as const;
export type CallView = (typeof CALL_VIEWS)[number];
export const CALL_SORTS = [
  'created_at',
  'priority',
  'status',
  'category',
  'phonebot',
  'caller_number',
  'callback_due_at',
  'due',
] as const;

/**
 * The call lists' filters beyond search and day, in the order the web app writes them to its URL; each is part of
 * a list's ETag (the query parameters are declared in contract.ts).
 */
export const CALL_LIST_FILTERS = [
  'assignee',
  'overdue',
  'caller',
  'phonebot',
  'snoozed',
  'status',
  'priority',
  'category',
  'from',
  'to',
  'weekday',
  'hour',
] as const;
export type CallListFilter = (typeof CALL_LIST_FILTERS)[number];

/** The events of a company's call log that the event stream carries. */
export const CALL_EVENT_TYPES = ['call.created', 'call.updated', 'call.deleted'] as const;
export type CallEventType = (typeof CALL_EVENT_TYPES)[number];

/** The `data` line of every call event: the identifier of the call that changed. */
export type CallEventData = { type: 'calls'; id: string };

/** Whether an event's parsed `data` is a call event's. */
export function isCallEventData(value: unknown): value is CallEventData {
  const data = value as Partial<Record<keyof CallEventData, unknown>> | null;
  return typeof data === 'object' && data !== null && data.type === 'calls' && typeof data.id === 'string';
}

/**
 * What a provider's refusal or delivery failure means for the reader, independent of the provider's own codes: a
 * number that is wrong or cannot take SMS is told apart from a provider that is down or misconfigured. `other` is a
 * code without a plain meaning; its provider message says more.
 */
export const SMS_ERROR_REASONS = [
  'invalid_number',
  'opted_out',
  'sender_cannot_reach',
  'unreachable',
  'unknown_number',
  'landline',
  'carrier_filtered',
  'carrier_error',
  'provider_credentials',
  'provider_unavailable',
  'other',
] as const;
export type SmsErrorReason = (typeof SMS_ERROR_REASONS)[number];

/** Whether a value (an error's `meta.reason`) is one of the reasons. */
export function isSmsErrorReason(value: unknown): value is SmsErrorReason {
  return (SMS_ERROR_REASONS as readonly unknown[]).includes(value);
}
