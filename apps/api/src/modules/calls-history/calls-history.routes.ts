import type { Kysely } from 'kysely';
import { type CallCountRow, callsCountQuerySchema } from '@phonebot/shared';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { errorResponses } from '../../lib/openapi';
import type { ApiRouter } from '../../lib/router';
import { monthOf } from '../calls/calls.service';

/**
 * The monthly call counts of Calls History, read from their own table: deleting calls never changes a past month.
 * The names are those the customer and phonebot had when the calls came in.
 */
export async function callCounts(db: Kysely<Database>, month: string): Promise<CallCountRow[]> {
  const rows = await db
    .selectFrom('monthly_call_counts')
    .select([
      'customer_name as name',
      'phonebot_name as phonebot',
      'count as number_of_calls',
      'customer_id',
      'phonebot_id',
    ])
    .where('month', '=', month)
    .orderBy('customer_name')
    .orderBy('customer_id')
    .orderBy('phonebot_name')
    .orderBy('phonebot_id')
    .execute();
  return rows.map((r) => ({
    name: r.name,
    phonebot: r.phonebot,
    number_of_calls: Number(r.number_of_calls),
    customer_id: r.customer_id,
  }));
}

export function registerCallsHistoryRoutes(router: ApiRouter, deps: { db: Kysely<Database> }): void {
  router.authed(
    {
      method: 'GET',
      url: '/fetchCallsCount',
      summary:
        'Calls per customer and phonebot in a month (YYYY-MM, the server’s time zone; default the current month) (super)',
      tags: ['Calls History'],
      operations: ['callsHistory.view'],
      query: callsCountQuerySchema,
      responses: {
        200: {
          description: 'The rows of the month',
          schema: z.object({
            month: z.string(),
            data: z.array(z.object({ name: z.string(), phonebot: z.string(), number_of_calls: z.number() })),
          }),
        },
        ...errorResponses(401, 403),
      },
    },
    async ({ query }) => {
      const month = query.month ?? monthOf(new Date().toISOString());
      return { month, data: await callCounts(deps.db, month) };
    },
  );
}
