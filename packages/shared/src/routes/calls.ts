/** The method and path of each operation of contracts/calls.ts, typed by it: a client calls them without its schemas. */
import type { callContracts } from '../contracts/calls';
import { apiRoutes } from '../contract';

export const callRoutes = apiRoutes<typeof callContracts>({
  listCalls: ['GET', '/calls'],
  listOpenCalls: ['GET', '/callsview'],
  listNewCalls: ['GET', '/newcalls'],
  listCompletedCalls: ['GET', '/completed'],
  countCallQueues: ['GET', '/calls/counts'],
  exportCalls: ['GET', '/calls/export'],
  getCall: ['GET', '/calls/:id'],
  createCall: ['POST', '/calls'],
  updateCall: ['PATCH', '/calls/:id'],
  deleteCall: ['DELETE', '/calls/:id'],
  updateCallStatus: ['PATCH', '/updateCallStatus/:id'],
  completeCall: ['PATCH', '/updateCallStatusCompleted/:id'],
  updateCallStatuses: ['PATCH', '/updateBulkStatus'],
  assignCalls: ['PATCH', '/updateBulkAssignee'],
  snoozeCalls: ['PATCH', '/updateBulkSnooze'],
  markCallsNotified: ['PATCH', '/updateNotificationStatus'],
  updateCallCategory: ['PATCH', '/updateCallCategory/:id'],
  updateCallPriority: ['PATCH', '/updateCallPriority/:id'],
  listCallNotes: ['GET', '/calls/:id/notes'],
  createCallNote: ['POST', '/calls/:id/notes'],
  listNotesCompat: ['GET', '/notes/:callId'],
  addNoteCompat: ['POST', '/notes/:callId'],
  listCallSms: ['GET', '/calls/:id/sms'],
  sendCallSms: ['POST', '/calls/:id/sms'],
  sendSmsCompat: ['POST', '/sendSms'],
  smsStatusCallback: ['POST', '/sms/status'],
  listCategories: ['GET', '/getCategory'],
  deleteOldCalls: ['DELETE', '/deleteOldCallLogs'],
});
