import type { Kysely } from 'kysely';
import { insightsContracts } from '@phonebot/shared/contracts/insights';
import type { Database } from '../../db/schema';
import { type ApiRouter, customerOf } from '../../lib/router';
import { callStats } from './insights.service';

export function registerInsightsRoutes(router: ApiRouter, deps: { db: Kysely<Database> }): void {
  router.handle(insightsContracts.callStats, async ({ principal, query }) =>
    callStats(deps.db, customerOf(principal), query),
  );
}
