export type {
  AssigneeResource,
  CallAttributes,
  CallDetail,
  CallListDocument,
  CallListQuery,
  CallQueueCounts,
  CallResource,
  NoteResource,
  SmsResource,
} from './contract';
export {
  CALL_RANGE_MAX_DAYS,
  assigneeResourceSchema,
  callAttributesSchema,
  callContracts,
  callDetailAttributesSchema,
  callDetailResourceSchema,
  callListDocumentSchema,
  callListMetaSchema,
  callListQuerySchema,
  callQueueCountsSchema,
  callResourceSchema,
  createCallAttributesSchema,
  noteAttributesSchema,
  noteResourceSchema,
  smsAttributesSchema,
  smsResourceSchema,
  updateCallAttributesSchema,
} from './contract';
export { callRoutes } from './routes';
export type { CallAttemptResource, CreateAttemptInput } from './attempts';
export {
  ATTEMPT_NOTE_MAX_LENGTH,
  CALL_ATTEMPT_OUTCOMES,
  type CallAttemptOutcome,
  SMS_OPT_IN_WORDS,
  SMS_OPT_OUT_WORDS,
} from './attempt-values';
export { attemptRoutes } from './attempt-routes';
export {
  attemptContracts,
  callAttemptResourceSchema,
  createAttemptSchema,
  twilioCallStatusSchema,
  twilioInboundSmsSchema,
} from './attempts';
export type {
  BulkAssignInput,
  BulkFieldsInput,
  BulkSnoozeInput,
  BulkStatusInput,
  CallIngest,
  CallTurn,
  SendSmsInput,
} from './schema';
export { type ExtractedFields, extractedSchema } from './schema';
export {
  CALLBACK_SLA_MAX_MINUTES,
  CALL_LIMITS,
  DEFAULT_CALLBACK_SLA_MINUTES,
  NOTE_MAX_LENGTH,
  SMS_MAX_LENGTH,
  SNOOZE_MAX_DAYS,
  assigneeSchema,
  bulkAssignSchema,
  bulkFieldsSchema,
  bulkSnoozeSchema,
  bulkStatusSchema,
  callIngestSchema,
  callResponseSchema,
  callbackSlaAttributesSchema,
  callbackSlaSchema,
  derivePriority,
  normalizePhoneNumber,
  noteSchema,
  notificationStatusSchema,
  sendSmsSchema,
  smsSegments,
  snoozeUntilSchema,
  updateCallCategorySchema,
  updateCallPrioritySchema,
  updateCallStatusSchema,
} from './schema';
export type { SmsState } from './sms';
export { SMS_STATES, smsErrorReasonSchema, smsStateSchema, twilioStatusCallbackSchema } from './sms';
export type {
  CallEventData,
  CallEventType,
  CallListFilter,
  CallPriority,
  CallStatus,
  CallView,
  SmsErrorReason,
} from './values';
export {
  BULK_MAX,
  CALL_EVENT_TYPES,
  CALL_LIST_FILTERS,
  CALL_PRIORITIES,
  CALL_SORTS,
  CALL_STATUSES,
  CALL_VIEWS,
  SMS_ERROR_REASONS,
  WITHHELD_NUMBER_CODES,
  isCallEventData,
  isSmsErrorReason,
  isWithheldNumber,
} from './values';
