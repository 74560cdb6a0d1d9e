import type { Kysely } from 'kysely';
import { callerTimelineContracts } from '@phonebot/shared/callers';
import type { Database } from '../../db/schema';
import { pageLinks, pageMeta } from '../../lib/paging';
import { type ApiRouter, customerOf } from '../../lib/router';
import { callerTimeline, timelineTotal } from './timeline.service';

/** A caller's history in the company: every call of the number, with notes and SMS. */
export function registerCallerTimelineRoutes(router: ApiRouter, deps: { db: Kysely<Database> }): void {
  router.handle(callerTimelineContracts.listCallerCalls, async ({ principal, params, query, req }) => {
    const customerId = customerOf(principal);
    const [total, data] = await Promise.all([
      timelineTotal(deps.db, customerId, params.number),
      callerTimeline(deps.db, customerId, params.number, query),
    ]);
    return { data, meta: pageMeta(query, total), links: pageLinks(req, query, total) };
  });
}
