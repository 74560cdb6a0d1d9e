import { Readable } from 'node:stream';
import { CALL_VIEWS, type CallListItem, type CallView, listQuerySchema } from '@phonebot/shared';
import { z } from 'zod';
import { csvRow } from '../../lib/csv';
import { errorResponses } from '../../lib/openapi';
import { type ApiRouter, customerOf } from '../../lib/router';
import { allCalls, callsVersion, categoryList, countCalls, listEtag, listPage, type CallFilter } from './calls.list';
import type { CallsDeps } from './calls.routes';
import { newCallsCount } from './calls.service';

const exportQuerySchema = listQuerySchema.extend({ view: z.enum(CALL_VIEWS).catch('open').default('open') });
const listAnswerSchema = z.object({
  call_logs: z.array(z.record(z.string(), z.unknown())),
  new_calls_count: z.number(),
  total: z.number(),
  meta: z.object({ total: z.number(), page: z.number(), per_page: z.union([z.number(), z.literal('all')]) }),
});

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

export function registerCallListRoutes(router: ApiRouter, deps: CallsDeps): void {
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
        const etag = listEtag({ customerId, userId: principal.userId, version }, view, query);
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
}
