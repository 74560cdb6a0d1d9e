import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallView } from '@phonebot/shared/calls';
import { type CallListDocument, type CallListQuery, callContracts } from '@phonebot/shared/calls';
import { MINUTE, nowIso } from '../../db/time';
import { BoundedCache } from '../../lib/bounded-cache';
import { canonicalTimeZone } from '@phonebot/shared/customers';
import type { SignalledCache } from '../../lib/signalled-cache';
import { pageLinks, pageMeta } from '../../lib/paging';
import type { RequestPrincipal } from '../../lib/principal';
import { type ApiRouter, customerOf } from '../../lib/router';
import { type CallFilter, countCalls, prepareFilter } from './calls.filter';
import { allCalls, categoryList, listPage } from './calls.list';
import { callsVersion, listEtag } from './calls-version';
import { queueCounts } from './queue-counts';
import type { CallsDeps } from './calls.routes';
import { newCallsCount } from './calls.service';
import { assignableUsers, userById } from '../users';
import { companySla } from './callbacks.service';
import { type ExportOptions, callLogCsv } from './calls-export';
import { serverZone } from './local-time';

/** The filter of a list request: `assignee=me` becomes the signed-in user; every filter is judged at `now`. */
export function callFilter(principal: RequestPrincipal, view: CallView, query: CallListQuery, now: string): CallFilter {
  return {
    customerId: customerOf(principal),
    view,
    search: query.search,
    q: query.q,
    date: query.date,
    assignee: query.assignee === 'me' ? principal.userId : query.assignee,
    overdue: query.overdue,
    caller: query.caller,
    phonebot: query.phonebot,
    snoozed: query.snoozed,
    status: query.status,
    priority: query.priority,
    category: query.category,
    from: query.from,
    to: query.to,
    weekday: query.weekday,
    hour: query.hour,
    now,
  };
}

/** Each company's calls version as this process keeps it (the event hub's cache, dropped by every change). */
export type CallListDeps = CallsDeps & { versions: SignalledCache<number, number> };

export function registerCallListRoutes(router: ApiRouter, deps: CallListDeps): void {
  // Both caches belong to this runtime and its database, never to the process: two runtimes in one process (the
  // tests) have companies with the same ids and versions.
  /**
   * Counts change only with the company's calls version, so they are kept per version: a list whose calls did not
   * change is counted once, however often it is polled or paged.
   */
  const counts = new BoundedCache<number>(5000);
  /**
   * Pages kept as the text of their answer, per calls version and minute (what the ETag names, see
   * docs/decisions.md "List pages kept per calls version"): after a change every open dashboard of the company asks
   * again, and each distinct page is read from the database once. At most 1,000 pages of about 15 KB each.
   */
  const pages = new BoundedCache<string>(1000);
  const { db, versions } = deps;

  /** One page of a call list as a JSON:API document; "All" is streamed in batches and never held in memory. */
  async function list(
    principal: RequestPrincipal,
    view: CallView,
    query: CallListQuery,
    req: FastifyRequest,
    reply: FastifyReply,
  ) {
    const customerId = customerOf(principal);
    const version = await versions.get(customerId, () => callsVersion(db, customerId));
    const minute = Math.floor(Date.now() / MINUTE);
    const etag = listEtag({ customerId, userId: principal.userId, version }, view, query, minute);
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();

    /** The page's filter, its total and links, from the counts kept per version. */
    async function frame() {
      const filter = await prepareFilter(db, callFilter(principal, view, query, nowIso()));
      const categories = query.sort?.replace(/^-/, '') === 'category' ? await categoryList(db, customerId) : [];
      const countKey = JSON.stringify([
        customerId,
        version,
        minute,
        { ...filter, now: undefined, prepared: undefined },
      ]);
      const [total, newCount] = await Promise.all([
        counts.get(countKey, () => countCalls(db, filter)),
        counts.get(`${customerId}:${version}:new-count`, () => newCallsCount(db, customerId)),
      ]);
      const meta = { ...pageMeta(query, total), new_calls_count: newCount };
      return { filter, categories, meta, links: pageLinks(req, query, total) };
    }

    async function document(): Promise<CallListDocument> {
      const { filter, categories, meta, links } = await frame();
      return { data: await listPage(db, filter, query, categories), meta, links };
    }

    if (query.per_page !== 'all') {
      // The key names everything the page's text depends on: the company, its calls version, the minute that judges
      // "overdue" and "snoozed", the user when the list is theirs (`assignee=me`), and the path and query as sent
      // (the paging links repeat their spelling).
      const key = JSON.stringify([
        customerId,
        version,
        minute,
        query.assignee === 'me' ? principal.userId : 0,
        req.url,
      ]);
      let made: CallListDocument | undefined;
      const text = await pages.get(key, async () => {
        made = await document();
        return JSON.stringify(made);
      });
      return made ?? reply.type('application/vnd.api+json').send(text);
    }
    const { meta, links, filter, categories } = await frame();
    async function* json() {
      yield '{"data":[';
      let first = true;
      for await (const batch of allCalls(db, filter, query.sort, categories)) {
        for (const item of batch) {
          yield (first ? '' : ',') + JSON.stringify(item);
          first = false;
        }
      }
      yield `],"meta":${JSON.stringify(meta)},"links":${JSON.stringify(links)}}`;
    }
    return reply.type('application/vnd.api+json').send(Readable.from(json()));
  }

  router.handle(callContracts.listCalls, ({ principal, query, req, reply }) =>
    list(principal, query.view ?? 'all', query, req, reply),
  );
  router.handle(callContracts.listOpenCalls, ({ principal, query, req, reply }) =>
    list(principal, 'open', query, req, reply),
  );
  router.handle(callContracts.listNewCalls, ({ principal, query, req, reply }) =>
    list(principal, 'new', query, req, reply),
  );
  router.handle(callContracts.listCompletedCalls, ({ principal, query, req, reply }) =>
    list(principal, 'completed', query, req, reply),
  );

  router.handle(callContracts.countCallQueues, async ({ principal }) => ({
    meta: await queueCounts(db, customerOf(principal), principal.userId, nowIso()),
  }));

  router.handle(callContracts.exportCalls, async ({ principal, query, reply }) => {
    const customerId = customerOf(principal);
    const filter = await prepareFilter(db, callFilter(principal, query.view ?? 'open', query, nowIso()));
    const categories = query.sort?.replace(/^-/, '') === 'category' ? await categoryList(db, customerId) : [];
    const [sla, user] = await Promise.all([companySla(db, customerId), userById(db, principal.userId)]);
    const options: ExportOptions = {
      language: query.lang ?? (user?.language === 'de' ? 'de' : 'en'),
      // The company's own time zone when it has business hours, else the browser's, else the server's.
      timeZone: sla.hours?.time_zone ?? (query.tz && canonicalTimeZone(query.tz)) ?? serverZone(),
    };
    const csv = () => callLogCsv(db, filter, query.sort, categories, options);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="call_log.csv"')
      .send(Readable.from(csv()));
  });

  router.handle(callContracts.listAssignees, async ({ principal }) => ({
    data: (await assignableUsers(db, customerOf(principal))).map((user) => ({
      type: 'users' as const,
      id: String(user.id),
      attributes: { name: user.name },
    })),
  }));

  router.handle(callContracts.listCategories, async ({ principal }) => ({
    meta: { categories: await categoryList(db, customerOf(principal)) },
  }));
}
