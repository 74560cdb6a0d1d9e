/**
 * The calls module's front door: what other modules, the runtime and the change path may use of it. Everything
 * else in this folder is its own.
 */

// The routes.
export { registerCallListRoutes } from './calls-lists.routes';
export { type CallsDeps, registerCallRoutes } from './calls.routes';
export { registerSmsStatusRoutes } from './sms-status.routes';
export { type AttemptsDeps, registerAttemptRoutes } from './attempts.routes';
// The callback attempts the Insights count (reach rate, attempts per completed call).
export { attemptCounts } from './attempts.store';

// Its part in the path of a change (change-subscribers.ts), and the calls version that path moves.
export { callsVersion, callsVersionSubscriber } from './calls-version';
export { shownCallsSubscriber } from './shown-calls';
// The call search's index, kept by the change path in each change's transaction.
export { indexCallsAfter, searchIndexSubscriber, searchTexts } from './search.index';

// New calls: stored in the caller's transaction, then published (the Bot API's ingest, the demo seed).
export {
  type CallTarget,
  type NewCall,
  insertCallRow,
  newCallRow,
  publishNewCalls,
  storeCall,
} from './new-calls.service';
export { type CallbackSla, companySla, parseSla } from './callbacks.service';
// A call's status as a user sets it (the demo seed: its calls' counts and search index follow).
export { setStatus } from './calls.service';
export { addBusinessMinutes } from './business-hours';
// A call a voice-agent platform completes with a later event (connectors).
export { type CallCompletion, type CompletionResult, completeCall } from './platform-calls';

// The periodic jobs.
export { countExpiringCalls, deleteOldCalls } from './retention.service';
export { deleteOldSmsCounters } from './sms-guard';

// Reads: the lists' rows and counts, a call's SMS, the server's local time and withheld numbers.
export { type CallFilter, UNCATEGORIZED, countCalls, countQuery, prepareFilter } from './calls.filter';
export { allCalls, categoryList, listPage, listedCall, pageQuery } from './calls.list';
export { queueCountsQuery } from './queue-counts';
export { SMS_COLUMNS, deleteSmsOf, smsCount, smsOfCalls, smsResource } from './sms.service';
export { deleteNotesOf, noteCount, notesOfCalls } from './notes.service';
export { addDays, hourBounds, hourOf, localHour, localHourSpans, serverZone } from './local-time';
export { callerNumberSql, withheldNumberSql } from './withheld';

// The calls table's own reads and writes that other modules need (calls.store.ts).
export {
  type UrgentMailDue,
  callConversations,
  callIdsQuery,
  callsAfterQuery,
  callerCallCount,
  callerCallIdsQuery,
  claimUrgentMail,
  deleteCallRows,
  lastCallTimes,
  lockCallFacts,
  lockCallerCalls,
  untakenUrgentCallIds,
  urgentMailCalls,
} from './calls.store';
