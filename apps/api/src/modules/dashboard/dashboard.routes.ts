import type { Kysely } from 'kysely';
import { dashboardContracts } from '@phonebot/shared/profile';
import type { Database } from '../../db/schema';
import { type ApiRouter, customerOf } from '../../lib/router';
import { checklist, dashboardCounts } from './dashboard.service';

export function registerDashboardRoutes(router: ApiRouter, deps: { db: Kysely<Database> }): void {
  router.handle(dashboardContracts.dashboard, async ({ principal }) => ({
    meta: await dashboardCounts(deps.db, principal),
  }));

  router.handle(dashboardContracts.checklist, async ({ principal }) => ({
    meta: await checklist(deps.db, customerOf(principal)),
  }));
}
