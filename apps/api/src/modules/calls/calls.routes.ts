import type { Kysely } from 'kysely';
import {
  bulkStatusSchema,
  idParamSchema,
  noteSchema,
  notificationStatusSchema,
  sendSmsSchema,
  updateCallCategorySchema,
  updateCallPrioritySchema,
  updateCallStatusSchema,
} from '@phonebot/shared';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import { type ApiRouter, customerOf } from '../../lib/router';
import type { SmsProvider } from '../../lib/sms';
import {
  addNote,
  callDetail,
  deleteCall,
  deleteOldCalls,
  listNotes,
  markNotified,
  sendSms,
  setCategory,
  setPriority,
  setStatus,
  setStatuses,
} from './calls.service';
import type { SmsLimits } from './sms-guard';

export type CallsDeps = {
  db: Kysely<Database>;
  sms: SmsProvider;
  smsLimits: SmsLimits;
  retentionDays: number | undefined;
};

const callIdParams = z.object({ callId: idParamSchema.shape.id });
const okSchema = z.object({ status: z.string() });

/** Changes to calls, their notes and SMS, and the retention run. The lists are in calls-lists.routes.ts. */
export function registerCallRoutes(router: ApiRouter, deps: CallsDeps): void {
  const { db } = deps;
  const tags = ['Calls'];

  router.authed(
    {
      method: 'GET',
      url: '/calls/:id',
      summary: 'One call with its whole conversation, notes and SMS history',
      tags,
      operations: ['calls.view'],
      params: idParamSchema,
      responses: { 200: { description: 'The call' }, ...errorResponses(401, 403, 404) },
    },
    async ({ principal, params }) => ({ data: await callDetail(db, customerOf(principal), params.id) }),
  );

  router.authed(
    {
      method: 'DELETE',
      url: '/calls/:id',
      summary: 'Delete a call (its monthly count stays)',
      tags,
      operations: ['calls.manage'],
      params: idParamSchema,
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
    },
    async ({ principal, params, reply }) => {
      await deleteCall(db, customerOf(principal), params.id);
      reply.code(204);
    },
  );

  router.authed(
    {
      method: 'PATCH',
      url: '/updateCallStatus/:id',
      summary: 'Set a call’s status (New, In Progress, Completed)',
      tags,
      operations: ['calls.manage'],
      params: idParamSchema,
      body: updateCallStatusSchema,
      responses: { 200: { description: 'Updated', schema: okSchema }, ...errorResponses(401, 403, 404, 422) },
    },
    async ({ principal, params, body }) => {
      await setStatus(db, customerOf(principal), params.id, body.status);
      return { status: body.status };
    },
  );

  router.authed(
    {
      method: 'PATCH',
      url: '/updateCallStatusCompleted/:id',
      summary: 'Mark a call completed',
      tags,
      operations: ['calls.manage'],
      params: idParamSchema,
      responses: { 200: { description: 'Updated', schema: okSchema }, ...errorResponses(401, 403, 404) },
    },
    async ({ principal, params }) => {
      await setStatus(db, customerOf(principal), params.id, 'Completed');
      return { status: 'Completed' };
    },
  );

  router.authed(
    {
      method: 'PATCH',
      url: '/updateBulkStatus',
      summary: 'Set the status of several calls at once: all or none (404 when any id is not the company’s)',
      tags,
      operations: ['calls.manage'],
      body: bulkStatusSchema,
      responses: {
        200: { description: 'Updated', schema: z.object({ updated: z.number() }) },
        ...errorResponses(401, 403, 404, 422),
      },
    },
    async ({ principal, body }) => ({ updated: await setStatuses(db, customerOf(principal), body) }),
  );

  router.authed(
    {
      method: 'PATCH',
      url: '/updateNotificationStatus',
      summary: 'Mark calls as notified (the new-calls screen was opened); a write, so not for guests',
      tags,
      operations: ['calls.manage'],
      body: notificationStatusSchema,
      responses: {
        200: { description: 'Updated', schema: z.object({ updated: z.number() }) },
        ...errorResponses(401, 403, 422),
      },
    },
    async ({ principal, body }) => ({
      updated: await markNotified(
        db,
        customerOf(principal),
        body.calls.map((c) => c.id),
      ),
    }),
  );

  router.authed(
    {
      method: 'PATCH',
      url: '/updateCallCategory/:id',
      summary: 'Set a call’s category: one of its phonebot’s terms, or null for Uncategorized',
      tags,
      operations: ['calls.manage'],
      params: idParamSchema,
      body: updateCallCategorySchema,
      responses: { 200: { description: 'Updated', schema: okSchema }, ...errorResponses(401, 403, 404, 422) },
    },
    async ({ principal, params, body }) => {
      await setCategory(db, customerOf(principal), params.id, body.selected_category);
      return { status: 'updated' };
    },
  );

  router.authed(
    {
      method: 'PATCH',
      url: '/updateCallPriority/:id',
      summary: 'Set a call’s priority (one of the four)',
      tags,
      operations: ['calls.manage'],
      params: idParamSchema,
      body: updateCallPrioritySchema,
      responses: { 200: { description: 'Updated', schema: okSchema }, ...errorResponses(401, 403, 404, 422) },
    },
    async ({ principal, params, body }) => {
      await setPriority(db, customerOf(principal), params.id, body.priority);
      return { status: 'updated' };
    },
  );

  router.authed(
    {
      method: 'GET',
      url: '/notes/:callId',
      summary: 'The notes of a call, oldest first',
      tags,
      operations: ['calls.view'],
      params: callIdParams,
      responses: { 200: { description: 'The notes' }, ...errorResponses(401, 403, 404) },
    },
    async ({ principal, params }) => {
      const customerId = customerOf(principal);
      await callDetailExists(db, customerId, params.callId);
      return { data: await listNotes(db, customerId, params.callId) };
    },
  );

  router.authed(
    {
      method: 'POST',
      url: '/notes/:callId',
      summary: 'Add a note to a call (trimmed, 1 to 2,000 characters)',
      tags,
      operations: ['calls.manage'],
      params: callIdParams,
      body: noteSchema,
      responses: { 201: { description: 'The note' }, ...errorResponses(401, 403, 404, 422) },
    },
    async ({ principal, params, body, reply }) => {
      const note = await addNote(db, customerOf(principal), principal.userId, params.callId, body.text);
      reply.code(201);
      return { data: note };
    },
  );

  router.authed(
    {
      method: 'POST',
      url: '/sendSms',
      summary:
        'Send an SMS about a call to its caller (or a number the company allows), within the company’s SMS limits; 502 when the provider fails',
      tags,
      operations: ['calls.manage'],
      body: sendSmsSchema,
      responses: { 201: { description: 'Sent and recorded' }, ...errorResponses(401, 403, 404, 422, 429, 502) },
    },
    async ({ principal, body, reply }) => {
      const record = await sendSms(deps, customerOf(principal), principal.userId, body);
      reply.code(201);
      return { data: record };
    },
  );

  router.authed(
    {
      method: 'DELETE',
      url: '/deleteOldCallLogs',
      summary:
        'Run the retention now: delete calls older than CALL_RETENTION_DAYS (30 when unset); counts stay (super)',
      tags,
      operations: ['calls.retention'],
      responses: {
        200: {
          description: 'How many calls were deleted',
          schema: z.object({ deleted: z.number(), days: z.number() }),
        },
        ...errorResponses(401, 403),
      },
    },
    async () => {
      const days = deps.retentionDays ?? 30;
      return { deleted: await deleteOldCalls(db, days), days };
    },
  );
}

async function callDetailExists(db: Kysely<Database>, customerId: number, id: number) {
  const row = await db
    .selectFrom('calls')
    .select('id')
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw notFound();
}
