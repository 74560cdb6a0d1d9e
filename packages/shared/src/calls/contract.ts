import { z } from 'zod';
import { defineContract } from '../core/contract';
import {
  listDocument,
  metaDocument,
  pageMetaSchema,
  resourceIdentifierRequest,
  resourceObject,
  resourceRequest,
  singleDocument,
} from '../core/jsonapi';
import { CALL_LIMITS, CALL_PRIORITIES, CALL_SORTS, CALL_STATUSES, CALL_VIEWS, callResponseSchema } from './schema';
import {
  assigneeSchema,
  bulkAssignSchema,
  bulkFieldsSchema,
  bulkSnoozeSchema,
  bulkStatusSchema,
  noteSchema,
  notificationStatusSchema,
  sendSmsSchema,
  updateCallCategorySchema,
  updateCallPrioritySchema,
  snoozeUntilSchema,
  updateCallStatusSchema,
} from './schema';
import { idParamSchema } from '../core/fields';
import { smsErrorReasonSchema, smsStateSchema, twilioStatusCallbackSchema } from './sms';
import { isoDaySchema, pagedQuery } from '../core/paged-query';
import { canonicalTimeZone } from '../customers/business-hours';
import { callAttemptResourceSchema } from './attempts';
import { recordingSchema } from '../recordings/schema';

/** A call as the lists show it. */
export const callAttributesSchema = z.object({
  bezeichnung: z.string(),
  phonebot_name: z.string(),
  license_Key: z.string(),
  selected_category: z.string().nullable(),
  category_terms: z.array(z.string()),
  priority: z.enum(CALL_PRIORITIES),
  caller_number: z.string(),
  /** The caller's first words (at most 200 characters); the screens cut the preview shorter. */
  message: z.string(),
  status: z.enum(CALL_STATUSES),
  notified: z.boolean(),
  created_at: z.string(),
  /** The user the call is assigned to (an id of the company's users), or null. */
  assignee_id: z.string().nullable(),
  assignee_name: z.string().nullable(),
  /** When the callback is due: arrival plus the company's deadline for the priority, unless set by hand. */
  callback_due_at: z.string().nullable(),
  /** Until when the call is snoozed; a past time marks a call that came back from snoozing. */
  snoozed_until: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** Open and due in the past. */
  overdue: z.boolean(),
  /** Calls from the same number in the company within 90 days, this one included. */
  caller_call_count: z.number().int(),
  /** The caller's name as the phonebot or its platform understood it, or null. */
  caller_name: z.string().nullable(),
  /** What the call was about, as the phonebot or its platform summed it up, or null. */
  summary: z.string().nullable(),
  /**
   * In a searched list (`q` or `search`) only: where the call matches, a piece of its conversation, a note or an
   * SMS, HTML-escaped, the matching words in `<mark>`; the caller's number when only that matches; null when the
   * call matched by other fields.
   */
  highlight: z.string().nullable().optional(),
  /** How many callback attempts were recorded (always sent by this server). */
  attempt_count: z.number().int().optional(),
  /** The caller answered an SMS and nobody read the call since (always sent by this server). */
  unread_reply: z.boolean().optional(),
  /** The call's recording (`GET /calls/{id}/recording`), or null (always sent by this server). */
  recording: recordingSchema.optional(),
  /** Why the platform's recording could not be fetched, or null (always sent by this server). */
  recording_error: z.string().nullable().optional(),
});
export type CallAttributes = z.infer<typeof callAttributesSchema>;
export const callResourceSchema = resourceObject('calls', callAttributesSchema);
export type CallResource = z.infer<typeof callResourceSchema>;

/** A user a call can be assigned to, as the assignee pickers list them. */
export const assigneeResourceSchema = resourceObject('users', z.object({ name: z.string() }));
export type AssigneeResource = z.infer<typeof assigneeResourceSchema>;

export const noteAttributesSchema = z.object({
  text: z.string(),
  created_at: z.string(),
  author: z.string().nullable(),
});
export const noteResourceSchema = resourceObject('notes', noteAttributesSchema);
export type NoteResource = z.infer<typeof noteResourceSchema>;

export const smsAttributesSchema = z.object({
  to: z.string(),
  message: z.string(),
  state: smsStateSchema,
  /** The failure as one text (every failed SMS has it, also those recorded before the fields below existed). */
  error: z.string().nullable(),
  /** The provider's own error code, message and documentation link (Twilio's `code`, `message`, `more_info`). */
  error_code: z.number().int().nullable(),
  error_message: z.string().nullable(),
  error_more_info: z.string().nullable(),
  /** What the failure means, independent of the provider: a wrong number told apart from a provider that is down. */
  error_reason: z.union([smsErrorReasonSchema, z.null()]),
  created_at: z.string(),
  /** outbound: sent to the caller (`to`); inbound: the caller's reply (`from` the caller, `to` the company's number). */
  direction: z.enum(['outbound', 'inbound']).optional(),
  from: z.string().nullable().optional(),
});
export const smsResourceSchema = resourceObject('sms', smsAttributesSchema);
export type SmsResource = z.infer<typeof smsResourceSchema>;

const turnSchema = z.object({
  text: z.string(),
  action: z.string(),
  /** When the turn began, in seconds from the call's start; only where the phonebot or its platform said. */
  start_s: z.number().optional(),
});

/** One call with its whole conversation, its notes and its SMS history. */
export const callDetailAttributesSchema = callAttributesSchema.extend({
  response: z.array(turnSchema),
  started_at: z.string().nullable(),
  duration_s: z.number().int().nullable(),
  /**
   * The fields the phonebot or its platform extracted from the call, as names and values ({} when none; always sent
   * by this server).
   */
  extracted: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  notes: z.array(noteResourceSchema),
  sms: z.array(smsResourceSchema),
  /** The callback attempts, oldest first (always sent by this server). */
  attempts: z.array(callAttemptResourceSchema).optional(),
});
export const callDetailResourceSchema = resourceObject('calls', callDetailAttributesSchema);
export type CallDetail = z.infer<typeof callDetailResourceSchema>;

export const callListMetaSchema = pageMetaSchema.extend({ new_calls_count: z.number().int() });
export const callListDocumentSchema = listDocument(callResourceSchema, callListMetaSchema);
export type CallListDocument = z.infer<typeof callListDocumentSchema>;

const flag = (name: string) =>
  z.enum(['true', 'false'], { error: () => `${name} must be true or false` }).transform((value) => value === 'true');

/** The longest call search (`q`). */
const CALL_SEARCH_MAX_LENGTH = 200;

/** The filters every call list takes (in either spelling, `view` or `filter[view]`). */
const callFilters = {
  view: z.enum(CALL_VIEWS, { error: () => `view must be one of ${CALL_VIEWS.join(', ')}` }),
  /**
   * The call search: every word (German and English, by stem) and number (in any writing) must be found in the
   * conversation, a note, an SMS or the caller's number. Lists the newest 1,000 matching calls of the other
   * filters, ordered by relevance unless `sort` says otherwise.
   */
  q: z.string().trim().max(CALL_SEARCH_MAX_LENGTH, `q may hold at most ${CALL_SEARCH_MAX_LENGTH} characters`),
  /** `me`, `none` (unassigned) or a user id. */
  assignee: z
    .string()
    .regex(/^(me|none|[1-9]\d{0,15})$/, 'assignee must be me, none or a user id')
    .transform((value) => (value === 'me' || value === 'none' ? value : Number(value))),
  overdue: flag('overdue'),
  /** The caller's number as stored (E.164). */
  caller: z.string().trim().min(1, 'caller must not be empty').max(CALL_LIMITS.caller, 'caller is too long'),
  /** A phonebot's license key. */
  phonebot: z.string().trim().min(1, 'phonebot must not be empty').max(100, 'phonebot is too long'),
  /** true lists only the calls snoozed now; otherwise the open list leaves them out. */
  snoozed: flag('snoozed'),
  status: z.enum(CALL_STATUSES, { error: () => `status must be one of ${CALL_STATUSES.join(', ')}` }),
  priority: z.enum(CALL_PRIORITIES, { error: () => `priority must be one of ${CALL_PRIORITIES.join(', ')}` }),
  /** The category as stored; `Uncategorized` lists the calls without one. */
  category: z.string().trim().min(1, 'category must not be empty').max(100, 'category is too long'),
  /** The first and last day (YYYY-MM-DD, the server's time zone) of a range of days. */
  from: isoDaySchema,
  to: isoDaySchema,
  /** The weekday (0 Monday … 6 Sunday) and hour of the day (0 … 23) in the server's time zone, within from … to. */
  weekday: z.coerce
    .number({ error: () => 'weekday must be a whole number from 0 (Monday) to 6 (Sunday)' })
    .int('weekday must be a whole number from 0 (Monday) to 6 (Sunday)')
    .min(0, 'weekday must be a whole number from 0 (Monday) to 6 (Sunday)')
    .max(6, 'weekday must be a whole number from 0 (Monday) to 6 (Sunday)'),
  hour: z.coerce
    .number({ error: () => 'hour must be a whole number from 0 to 23' })
    .int('hour must be a whole number from 0 to 23')
    .min(0, 'hour must be a whole number from 0 to 23')
    .max(23, 'hour must be a whole number from 0 to 23'),
};
/** The longest range of days a list filter (from … to) may span. */
export const CALL_RANGE_MAX_DAYS = 366;
/** The checks of a list's range of days, for the lists and the export. */
function rangeChecked<T extends z.ZodType<{ from?: string; to?: string; weekday?: number; hour?: number }>>(schema: T) {
  return schema
    .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
    .refine((q) => (q.weekday === undefined && q.hour === undefined) || (q.from !== undefined && q.to !== undefined), {
      message: 'weekday and hour need a range of days (from and to)',
      path: ['from'],
    })
    .refine((q) => !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) < CALL_RANGE_MAX_DAYS * 86_400_000, {
      message: `a range may span at most ${CALL_RANGE_MAX_DAYS} days`,
      path: ['to'],
    });
}
export const callListQuerySchema = rangeChecked(pagedQuery(callFilters));
/**
 * The CSV export's query: a list's, and the language of its headers and values (default: the user's) and the time
 * zone of its times when the company has no business hours (default: the server's), as the browser tells them.
 */
export const callExportQuerySchema = rangeChecked(
  pagedQuery({
    ...callFilters,
    lang: z.enum(['en', 'de'], { error: () => 'lang must be en or de' }),
    tz: z
      .string()
      .max(64, 'tz is too long')
      .refine((zone) => canonicalTimeZone(zone) !== undefined, 'tz must be a time zone such as Europe/Berlin'),
  }),
);

/** How many open calls each quick filter of the callback inbox lists, and whether the company has a phonebot yet. */
export const callQueueCountsSchema = z.object({
  /** The open list: New and In Progress, not snoozed now. */
  open: z.number().int(),
  /** Of those, assigned to the signed-in user. */
  mine: z.number().int(),
  unassigned: z.number().int(),
  overdue: z.number().int(),
  /** Priority Important Callback. */
  important: z.number().int(),
  /** Open calls snoozed now (left out of the open list). */
  snoozed: z.number().int(),
  /** The company's phonebots: none yet means the inbox explains how to connect one. */
  phonebots: z.number().int(),
});
export type CallQueueCounts = z.infer<typeof callQueueCountsSchema>;
export type CallListQuery = z.output<typeof callListQuerySchema>;

const compatibility = ['Calls', 'Compatibility'] as const;
const callIdParams = z.object({ callId: idParamSchema.shape.id });
const view = ['calls.view'] as const;
const manage = ['calls.manage'] as const;

function compatibilityList(operationId: string, path: string, summary: string) {
  return defineContract({
    operationId,
    method: 'GET',
    path,
    summary,
    tags: compatibility,
    auth: 'user',
    operations: view,
    query: callListQuerySchema,
    sorts: CALL_SORTS,
    responses: { 200: callListDocumentSchema, 304: null },
    errors: [],
  });
}

/** A call entered by hand: a phonebot of the company (its license key), the caller, and optionally more. */
export const createCallAttributesSchema = z.object({
  phonebot: z
    .string({ error: () => 'invalidInput' })
    .min(1)
    .max(100),
  caller_number: z
    .string({ error: () => 'invalidInput' })
    .trim()
    .min(1)
    .max(40),
  response: callResponseSchema.optional(),
  priority: z.enum(CALL_PRIORITIES).optional(),
  selected_category: z.string().max(200).nullish(),
  status: z.enum(CALL_STATUSES).optional(),
});

/** The attributes a PATCH of a call may change. */
export const updateCallAttributesSchema = z.strictObject({
  status: updateCallStatusSchema.shape.status.optional(),
  priority: updateCallPrioritySchema.shape.priority.optional(),
  selected_category: updateCallCategorySchema.shape.selected_category.optional(),
  assignee_id: assigneeSchema.optional(),
  snoozed_until: snoozeUntilSchema.optional(),
  callback_due_at: z.iso
    .datetime({ offset: true, error: () => 'invalidInput' })
    .transform((value) => new Date(value).toISOString())
    .nullable()
    .optional(),
});

export const callContracts = {
  listCalls: defineContract({
    operationId: 'listCalls',
    method: 'GET',
    path: '/calls',
    summary:
      "Calls of the company: `filter[view]` open (New, In Progress), new (not notified), completed or all (default); `filter[q]`, the call search (conversation, notes, SMS and the caller's number in any writing; words by stem in German and English; the newest 1,000 matches by relevance, each row with its `highlight`); search, day filter, the callback filters (assignee, overdue, caller, phonebot, snoozed), exact status, priority and category, a range of days (from, to) and within it a weekday and hour (the Insights figures); sort and paging; ETag and 304 when nothing changed",
    tags: ['Calls', 'Compatibility'],
    auth: 'user',
    operations: view,
    query: callListQuerySchema,
    sorts: CALL_SORTS,
    responses: { 200: callListDocumentSchema, 304: null },
    errors: [],
  }),
  listOpenCalls: compatibilityList('listOpenCalls', '/callsview', 'The open calls (New and In Progress)'),
  listNewCalls: compatibilityList('listNewCalls', '/newcalls', 'New calls nobody was notified of yet'),
  listCompletedCalls: compatibilityList('listCompletedCalls', '/completed', 'The completed calls'),
  countCallQueues: defineContract({
    operationId: 'countCallQueues',
    method: 'GET',
    path: '/calls/counts',
    summary:
      'The counts of the callback inbox’s quick filters over the open calls (all, mine, unassigned, overdue, important, snoozed) and the number of phonebots; one read of the company’s open calls',
    tags: ['Calls'],
    auth: 'user',
    operations: view,
    responses: { 200: metaDocument(callQueueCountsSchema) },
    errors: [],
  }),
  listAssignees: defineContract({
    operationId: 'listAssignees',
    method: 'GET',
    path: '/calls/assignees',
    summary:
      'The company’s users a call can be assigned to (admins, adminusers and users; not guests), by name: what the assignee pickers offer to those who assign anyone',
    tags: ['Calls'],
    auth: 'user',
    operations: ['calls.assignAny'],
    responses: { 200: z.object({ data: z.array(assigneeResourceSchema) }) },
    errors: [],
  }),
  exportCalls: defineContract({
    operationId: 'exportCalls',
    method: 'GET',
    path: '/calls/export',
    summary:
      'call_log.csv of a list (view open, completed, new or all) with its search, day and sort, streamed: the spec’s columns, then owner, due, completed and notes',
    tags: ['Calls'],
    auth: 'user',
    operations: view,
    query: callExportQuerySchema,
    sorts: CALL_SORTS,
    responses: {
      200: {
        contentType: 'text/csv',
        description:
          'CSV, values quoted, formulas neutralised; English: comma-separated, German (lang=de): semicolon-separated, with a UTF-8 BOM, headers and values in the language, times in the company’s time zone',
      },
    },
    errors: [],
  }),
  getCall: defineContract({
    operationId: 'getCall',
    method: 'GET',
    path: '/calls/:id',
    summary: 'One call with its whole conversation, notes and SMS history',
    tags: compatibility,
    auth: 'user',
    operations: view,
    params: idParamSchema,
    responses: { 200: singleDocument(callDetailResourceSchema) },
    errors: [],
  }),
  createCall: defineContract({
    operationId: 'createCall',
    method: 'POST',
    path: '/calls',
    summary: 'Enter a call by hand (for a phonebot of the company); it is listed and counted like any other',
    tags: ['Calls'],
    auth: 'user',
    operations: manage,
    resource: { type: 'calls', id: 'none' },
    body: resourceRequest('calls', createCallAttributesSchema),
    responses: { 201: singleDocument(callResourceSchema) },
    errors: [],
  }),
  updateCall: defineContract({
    operationId: 'updateCall',
    method: 'PATCH',
    path: '/calls/:id',
    summary:
      'Change a call’s status, priority, category, assignee, snooze or due time (partial). Operators assign only themselves and release only their own calls (403), a call someone else holds answers 409; admins assign any user of the company (another company’s user: 422)',
    tags: ['Calls'],
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    resource: { type: 'calls', id: 'path' },
    body: resourceRequest('calls', updateCallAttributesSchema),
    responses: { 200: singleDocument(callResourceSchema) },
    errors: [403, 409],
  }),
  deleteCall: defineContract({
    operationId: 'deleteCall',
    method: 'DELETE',
    path: '/calls/:id',
    summary: 'Delete a call (its monthly count stays)',
    tags: compatibility,
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    resource: { type: 'calls', id: 'path' },
    body: resourceIdentifierRequest('calls'),
    responses: { 204: null },
    errors: [],
  }),
  updateCallStatus: defineContract({
    operationId: 'updateCallStatus',
    method: 'PATCH',
    path: '/updateCallStatus/:id',
    summary: 'Set a call’s status (New, In Progress, Completed)',
    tags: compatibility,
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    body: updateCallStatusSchema,
    responses: { 200: metaDocument(z.object({ status: z.enum(CALL_STATUSES) })) },
    errors: [],
  }),
  completeCall: defineContract({
    operationId: 'completeCall',
    method: 'PATCH',
    path: '/updateCallStatusCompleted/:id',
    summary: 'Mark a call completed',
    tags: compatibility,
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    responses: { 200: metaDocument(z.object({ status: z.literal('Completed') })) },
    errors: [],
  }),
  updateCallStatuses: defineContract({
    operationId: 'updateCallStatuses',
    method: 'PATCH',
    path: '/updateBulkStatus',
    summary: 'Set the status of several calls at once: all or none (404 when any id is not the company’s)',
    tags: compatibility,
    auth: 'user',
    operations: manage,
    body: bulkStatusSchema,
    responses: { 200: metaDocument(z.object({ updated: z.number().int() })) },
    errors: [404],
  }),
  assignCalls: defineContract({
    operationId: 'assignCalls',
    method: 'PATCH',
    path: '/updateBulkAssignee',
    summary:
      'Assign several calls to one user, or release them (assignee_id null): all or none. Operators assign only themselves, and only calls nobody else holds (409); 404 when any id is not the company’s, 422 for a user of another company',
    tags: ['Calls'],
    auth: 'user',
    operations: manage,
    body: bulkAssignSchema,
    responses: { 200: metaDocument(z.object({ updated: z.number().int() })) },
    errors: [403, 404, 409],
  }),
  snoozeCalls: defineContract({
    operationId: 'snoozeCalls',
    method: 'PATCH',
    path: '/updateBulkSnooze',
    summary:
      'Snooze several calls until a time in the next 90 days, or wake them (snoozed_until null): all or none (404 when any id is not the company’s)',
    tags: ['Calls'],
    auth: 'user',
    operations: manage,
    body: bulkSnoozeSchema,
    responses: { 200: metaDocument(z.object({ updated: z.number().int() })) },
    errors: [404],
  }),
  updateCallFields: defineContract({
    operationId: 'updateCallFields',
    method: 'PATCH',
    path: '/updateBulkFields',
    summary:
      'Set the priority and/or the category (null: Uncategorized) of several calls at once: all or none (404 when any id is not the company’s, 422 when the category is not a term of every call’s phonebot)',
    tags: ['Calls'],
    auth: 'user',
    operations: manage,
    body: bulkFieldsSchema,
    responses: { 200: metaDocument(z.object({ updated: z.number().int() })) },
    errors: [404],
  }),
  markCallsNotified: defineContract({
    operationId: 'markCallsNotified',
    method: 'PATCH',
    path: '/updateNotificationStatus',
    summary: 'Mark calls as notified (the new-calls screen was opened)',
    tags: compatibility,
    auth: 'user',
    operations: manage,
    body: notificationStatusSchema,
    responses: { 200: metaDocument(z.object({ updated: z.number().int() })) },
    errors: [],
  }),
  updateCallCategory: defineContract({
    operationId: 'updateCallCategory',
    method: 'PATCH',
    path: '/updateCallCategory/:id',
    summary: 'Set a call’s category: one of its phonebot’s terms, or null for Uncategorized',
    tags: compatibility,
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    body: updateCallCategorySchema,
    responses: { 200: metaDocument(z.object({ status: z.literal('updated') })) },
    errors: [],
  }),
  updateCallPriority: defineContract({
    operationId: 'updateCallPriority',
    method: 'PATCH',
    path: '/updateCallPriority/:id',
    summary: 'Set a call’s priority (one of the four)',
    tags: compatibility,
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    body: updateCallPrioritySchema,
    responses: { 200: metaDocument(z.object({ status: z.literal('updated') })) },
    errors: [],
  }),
  listCallNotes: defineContract({
    operationId: 'listCallNotes',
    method: 'GET',
    path: '/calls/:id/notes',
    summary: 'The notes of a call, oldest first',
    tags: ['Calls'],
    auth: 'user',
    operations: view,
    params: idParamSchema,
    responses: { 200: z.object({ data: z.array(noteResourceSchema) }) },
    errors: [],
  }),
  createCallNote: defineContract({
    operationId: 'createCallNote',
    method: 'POST',
    path: '/calls/:id/notes',
    summary: 'Add a note to a call (trimmed, 1 to 2,000 characters)',
    tags: ['Calls'],
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    resource: { type: 'notes', id: 'none' },
    body: resourceRequest('notes', noteSchema.pick({ text: true })),
    responses: { 201: singleDocument(noteResourceSchema) },
    errors: [],
  }),
  listNotesCompat: defineContract({
    operationId: 'listNotesCompat',
    method: 'GET',
    path: '/notes/:callId',
    summary: 'The notes of a call, oldest first',
    tags: compatibility,
    auth: 'user',
    operations: view,
    params: callIdParams,
    responses: { 200: z.object({ data: z.array(noteResourceSchema) }) },
    errors: [],
  }),
  addNoteCompat: defineContract({
    operationId: 'addNoteCompat',
    method: 'POST',
    path: '/notes/:callId',
    summary: 'Add a note to a call (text; the client’s created_at is ignored)',
    tags: compatibility,
    auth: 'user',
    operations: manage,
    params: callIdParams,
    body: noteSchema,
    responses: { 201: singleDocument(noteResourceSchema) },
    errors: [],
  }),
  listCallSms: defineContract({
    operationId: 'listCallSms',
    method: 'GET',
    path: '/calls/:id/sms',
    summary: 'The SMS sent about a call, with their delivery state, oldest first',
    tags: ['Calls'],
    auth: 'user',
    operations: view,
    params: idParamSchema,
    responses: { 200: z.object({ data: z.array(smsResourceSchema) }) },
    errors: [],
  }),
  sendCallSms: defineContract({
    operationId: 'sendCallSms',
    method: 'POST',
    path: '/calls/:id/sms',
    summary:
      'Send an SMS about a call to its caller (or a number the company allows), within the company’s SMS limits; 502 when the provider fails (the SMS is recorded as failed)',
    tags: ['Calls'],
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    resource: { type: 'sms', id: 'none' },
    body: resourceRequest('sms', sendSmsSchema.omit({ call_id: true })),
    responses: { 201: singleDocument(smsResourceSchema) },
    errors: [429, 502],
  }),
  sendSmsCompat: defineContract({
    operationId: 'sendSmsCompat',
    method: 'POST',
    path: '/sendSms',
    summary:
      'Send an SMS about a call (call_id, to, message) to its caller or a number the company allows, within its SMS limits; 502 when the provider fails',
    tags: compatibility,
    auth: 'user',
    operations: manage,
    body: sendSmsSchema,
    responses: { 201: singleDocument(smsResourceSchema) },
    errors: [404, 429, 502],
  }),
  smsStatusCallback: defineContract({
    operationId: 'receiveSmsStatusCallback',
    method: 'POST',
    path: '/sms/status',
    summary:
      'Twilio’s delivery reports of SMS (form-encoded, X-Twilio-Signature verified with the auth token over PUBLIC_URL and the parameters): the SMS’s state moves forward only; an unknown MessageSid changes nothing',
    tags: ['Calls'],
    auth: 'public',
    formBody: true,
    body: twilioStatusCallbackSchema,
    responses: { 204: null },
    errors: [403],
  }),
  listCategories: defineContract({
    operationId: 'listCategories',
    method: 'GET',
    path: '/getCategory',
    summary: 'The category list of the company’s phonebots, in the order the category sort uses',
    tags: compatibility,
    auth: 'user',
    operations: view,
    responses: { 200: metaDocument(z.object({ categories: z.array(z.string()) })) },
    errors: [],
  }),
  deleteOldCalls: defineContract({
    operationId: 'deleteOldCalls',
    method: 'DELETE',
    path: '/deleteOldCallLogs',
    summary: 'Run the retention now: delete calls older than CALL_RETENTION_DAYS (30 when unset); counts stay (super)',
    tags: compatibility,
    auth: 'user',
    operations: ['calls.retention'],
    responses: { 200: metaDocument(z.object({ deleted: z.number().int(), days: z.number().int() })) },
    errors: [],
  }),
};
