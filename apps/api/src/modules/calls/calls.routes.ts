import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import {
  CALL_VIEWS,
  type CallListItem,
  type CallView,
  bulkStatusSchema,
  idParamSchema,
  listQuerySchema,
  noteSchema,
  notificationStatusSchema,
  sendSmsSchema,
  updateCallCategorySchema,
  updateCallPrioritySchema,
  updateCallStatusSchema,
} from '@phonebot/shared';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { csvRow } from '../../lib/csv';
import { notFound } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import type { ApiRouter, Principal } from '../../lib/router';
import type { SmsProvider } from '../../lib/sms';
import { allCalls, callsVersion, categoryList, countCalls, listEtag, listPage, type CallFilter } from './calls.list';
import {
  addNote,
  callDetail,
  deleteCall,
  deleteOldCalls,
  listNotes,
  markNotified,
  newCallsCount,
  sendSms,
  setCategory,
  setPriority,
  setStatus,
  setStatuses,
} from './calls.service';

export type CallsDeps = { db: Kysely<Database>; sms: SmsProvider; retentionDays: number | undefined };

const callIdParams = z.object({ callId: idParamSchema.shape.id });
const exportQuerySchema = listQuerySchema.extend({ view: z.enum(CALL_VIEWS).catch('open').default('open') });
const listAnswerSchema = z.object({
  call_logs: z.array(z.record(z.string(), z.unknown())),
  new_calls_count: z.number(),
  total: z.number(),
  meta: z.object({ total: z.number(), page: z.number(), per_page: z.union([z.number(), z.literal('all')]) }),
});
const okSchema = z.object({ status: z.string() });

function customerOf(principal: Principal): number {
  if (principal.customerId === null) throw notFound();
  return principal.customerId;
}

/**
 * Counts change only with the company's calls version, so they are kept per version: a list whose calls did not
 * change is counted once, however often it is polled or paged.
 */
const COUNT_CACHE_SIZE = 5000;
const countCache = new Map<string, number>();
async function cachedCount(key: string, count: () => Promise<number>): Promise<number> {
  const hit = countCache.get(key);
  if (hit !== undefined) return hit;
  const value = await count();
  if (countCache.size >= COUNT_CACHE_SIZE) countCache.delete(countCache.keys().next().value as string);
  countCache.set(key, value);
  return value;
}

/** Date/Time for exports: local date and time, YYYY-MM-DD HH:MM. */
function exportTime(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function registerCallRoutes(router: ApiRouter, deps: CallsDeps): void {
  const { db } = deps;
  const tags = ['Calls'];

  const lists: [string, CallView, string][] = [
    ['/callsview', 'open', 'The open calls (New and In Progress)'],
    ['/newcalls', 'new', 'New calls nobody was notified of yet'],
    ['/completed', 'completed', 'The completed calls'],
    ['/calls', 'all', 'All calls (the simple dashboard)'],
  ];
  for (const [url, view, summary] of lists) {
    router.authed(
      {
        method: 'GET',
        url,
        summary: `${summary}: search, day filter, sort and paging on the server; ETag and 304 when nothing changed`,
        tags,
        operations: ['calls.view'],
        query: listQuerySchema,
        responses: {
          200: { description: 'A page of calls', schema: listAnswerSchema },
          304: { description: 'Not modified' },
          ...errorResponses(401, 403),
        },
      },
      async ({ principal, query, req, reply }) => {
        const customerId = customerOf(principal);
        const version = await callsVersion(db, customerId);
        const etag = listEtag(version, view, query);
        reply.header('etag', etag).header('cache-control', 'private, no-cache');
        if (req.headers['if-none-match'] === etag) return reply.code(304).send();

        const filter: CallFilter = { customerId, view, search: query.search, date: query.date };
        const categories = query.sort?.replace(/^-/, '') === 'category' ? await categoryList(db, customerId) : [];
        const countKey = `${customerId}:${version}:${view}:${query.search ?? ''}:${query.date ?? ''}`;
        const [total, newCount] = await Promise.all([
          cachedCount(countKey, () => countCalls(db, filter)),
          cachedCount(`${customerId}:${version}:new-count`, () => newCallsCount(db, customerId)),
        ]);
        const meta = { total, page: query.page, per_page: query.per_page };
        if (query.per_page !== 'all') {
          return { call_logs: await listPage(db, filter, query, categories), new_calls_count: newCount, total, meta };
        }
        // "All" is streamed in batches: nothing holds a company's whole log in memory.
        async function* json() {
          yield '{"call_logs":[';
          let first = true;
          for await (const batch of allCalls(db, filter, query.sort, categories)) {
            for (const item of batch) {
              yield (first ? '' : ',') + JSON.stringify(item);
              first = false;
            }
          }
          yield `],"new_calls_count":${newCount},"total":${total},"meta":${JSON.stringify({ ...meta, page: 1 })}}`;
        }
        return reply.type('application/vnd.api+json').send(Readable.from(json()));
      },
    );
  }

  router.authed(
    {
      method: 'GET',
      url: '/calls/export',
      summary: 'call_log.csv of a list (view open, completed, new or all) with its search, day and sort, streamed',
      tags,
      operations: ['calls.view'],
      query: exportQuerySchema,
      responses: {
        200: { description: 'CSV, values quoted, formulas neutralised', contentType: 'text/csv' },
        ...errorResponses(401, 403),
      },
    },
    async ({ principal, query, reply }) => {
      const customerId = customerOf(principal);
      const filter: CallFilter = { customerId, view: query.view, search: query.search, date: query.date };
      const categories = query.sort?.replace(/^-/, '') === 'category' ? await categoryList(db, customerId) : [];
      async function* csv() {
        yield '\uFEFF' + csvRow(['PhoneBot', 'Category', 'Priority', 'Phone Number', 'Status', 'Message', 'Date/Time']);
        for await (const batch of allCalls(db, filter, query.sort, categories)) {
          yield batch
            .map((c: CallListItem) =>
              csvRow([
                c.bezeichnung,
                c.selected_category ?? 'Uncategorized',
                c.priority,
                c.caller_number,
                c.status,
                c.message,
                exportTime(c.created_at),
              ]),
            )
            .join('');
        }
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="call_log.csv"')
        .send(Readable.from(csv()));
    },
  );

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
      summary: 'Mark calls as notified (the new-calls screen was opened)',
      tags,
      operations: ['calls.view'],
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
      summary: 'Send an SMS about a call (E.164; German national numbers are normalised); 502 when the provider fails',
      tags,
      operations: ['calls.manage'],
      body: sendSmsSchema,
      responses: { 201: { description: 'Sent and recorded' }, ...errorResponses(401, 403, 404, 422, 502) },
    },
    async ({ principal, body, reply }) => {
      const record = await sendSms(deps, customerOf(principal), principal.userId, body);
      reply.code(201);
      return { data: record };
    },
  );

  router.authed(
    {
      method: 'GET',
      url: '/getCategory',
      summary: 'The category list of the company’s phonebots, in the order the category sort uses',
      tags,
      operations: ['calls.view'],
      responses: {
        200: { description: 'The categories', schema: z.object({ categories: z.array(z.string()) }) },
        ...errorResponses(401, 403),
      },
    },
    async ({ principal }) => ({ categories: await categoryList(db, customerOf(principal)) }),
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
