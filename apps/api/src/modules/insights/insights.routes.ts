import type { Kysely } from 'kysely';
import { type CallStatsDocument, insightsContracts } from '@phonebot/shared/insights';
import { MINUTE } from '../../db/time';
import type { Database } from '../../db/schema';
import { BoundedCache } from '../../lib/bounded-cache';
import { type ApiRouter, customerOf } from '../../lib/router';
import type { SignalledCache } from '../../lib/signalled-cache';
import { callsVersion } from '../calls';
import { callStats } from './insights.service';

export function registerInsightsRoutes(
  router: ApiRouter,
  deps: { db: Kysely<Database>; versions: SignalledCache<number, number> },
): void {
  const { db, versions } = deps;
  /**
   * An answer depends on the company's calls (its calls version), the request and the clock (today's date, the
   * calls turning overdue): it is kept per company, version, minute and request, so a screen opened again, by a
   * colleague or on another device within the minute costs no query at all. The cache is this runtime's.
   */
  const answers = new BoundedCache<CallStatsDocument>(1000);
  router.handle(insightsContracts.callStats, async ({ principal, query }) => {
    const customerId = customerOf(principal);
    const version = await versions.get(customerId, () => callsVersion(db, customerId));
    const minute = Math.floor(Date.now() / MINUTE);
    const key = JSON.stringify([customerId, version, minute, query.from, query.to, query.tz, query.split]);
    return answers.get(key, () => callStats(db, customerId, query));
  });
}
