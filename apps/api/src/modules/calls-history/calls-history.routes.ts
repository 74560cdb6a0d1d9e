import type { Kysely } from 'kysely';
import { callsHistoryContracts } from '@phonebot/shared/customers';
import type { Database } from '../../db/schema';
import type { ApiRouter } from '../../lib/router';
import { callCounts } from './calls-history.service';
import { monthOf } from './monthly-counts';

export function registerCallsHistoryRoutes(router: ApiRouter, deps: { db: Kysely<Database> }): void {
  router.handle(callsHistoryContracts.callsCount, async ({ query }) => {
    const month = query.month ?? monthOf(new Date().toISOString());
    const rows = await callCounts(deps.db, month);
    return {
      data: rows.map(({ phonebot_id, ...attributes }) => ({
        type: 'call-counts' as const,
        id: `${month}:${attributes.customer_id}:${phonebot_id}`,
        attributes,
      })),
      meta: { month },
    };
  });
}
