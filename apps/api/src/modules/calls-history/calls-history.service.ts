import type { Kysely } from 'kysely';
import type { CallCountRow } from '@phonebot/shared/customers';
import type { Database } from '../../db/schema';

/**
 * The monthly call counts of Calls History, read from their own table: deleting calls never changes a past month.
 * The names are those the customer and phonebot had when the calls came in.
 */
export async function callCounts(
  db: Kysely<Database>,
  month: string,
): Promise<(CallCountRow & { phonebot_id: number })[]> {
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
    phonebot_id: r.phonebot_id,
  }));
}

/** The monthly counts of every customer and phonebot from one month to another (both included), by month (Usage). */
export function countsBetween(db: Kysely<Database>, fromMonth: string, toMonth: string) {
  return db
    .selectFrom('monthly_call_counts')
    .select(['month', 'customer_id', 'phonebot_id', 'customer_name', 'phonebot_name', 'count'])
    .where('month', '>=', fromMonth)
    .where('month', '<=', toMonth)
    .orderBy('month')
    .execute();
}
