import type { Kysely } from 'kysely';
import { USAGE_MONTHS, type UsageAttributes, type UsageDocument } from '@phonebot/shared/usage';
import type { Database } from '../../db/schema';
import { countsBetween } from '../calls-history';
import { phonebotsWithPayment } from '../phonebots';

/** The months (YYYY-MM) of the trend ending with `month`, oldest first. */
export function trendMonths(month: string, count = USAGE_MONTHS): string[] {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(Date.UTC(year, number - 1 - (count - 1 - i), 1));
    return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/**
 * Usage per customer and phonebot: the monthly counts Calls History reads (so a month's numbers are the same on
 * both screens) over twelve months, and each phonebot's payment state now. Every phonebot is listed, also one
 * without calls; a deleted phonebot keeps its row while it has counts in those months, under the names it had.
 */
export async function usage(db: Kysely<Database>, month: string): Promise<UsageDocument> {
  const months = trendMonths(month);
  const [counts, phonebots] = await Promise.all([countsBetween(db, months[0]!, month), phonebotsWithPayment(db)]);

  const rows = new Map<string, UsageAttributes>();
  const keyOf = (customerId: number, phonebotId: number) => `${customerId}:${phonebotId}`;
  for (const p of phonebots) {
    rows.set(keyOf(p.customer_id, p.id), {
      customer_id: p.customer_id,
      customer_name: p.customer_name,
      phonebot_id: p.id,
      phonebot: p.bezeichnung,
      license_key: p.license_key,
      payment_status: Number(p.payment_status),
      subscription_id: p.subscription_id,
      calls: 0,
      trend: months.map(() => 0),
    });
  }
  const index = new Map(months.map((m, i) => [m, i]));
  for (const count of counts) {
    const key = keyOf(count.customer_id, count.phonebot_id);
    let row = rows.get(key);
    if (!row) {
      row = {
        customer_id: count.customer_id,
        customer_name: count.customer_name,
        phonebot_id: count.phonebot_id,
        phonebot: count.phonebot_name,
        license_key: null,
        payment_status: null,
        subscription_id: null,
        calls: 0,
        trend: months.map(() => 0),
      };
      rows.set(key, row);
    } else if (row.license_key === null) {
      // A deleted phonebot goes by the latest names its counts have (the counts come oldest first).
      row.customer_name = count.customer_name;
      row.phonebot = count.phonebot_name;
    }
    const calls = Number(count.count);
    row.trend[index.get(count.month)!]! += calls;
    if (count.month === month) row.calls += calls;
  }

  const sorted = [...rows.values()].sort(
    (a, b) =>
      compare(a.customer_name, b.customer_name) ||
      a.customer_id - b.customer_id ||
      compare(a.phonebot, b.phonebot) ||
      a.phonebot_id - b.phonebot_id,
  );
  return {
    data: sorted.map((attributes) => ({
      type: 'usage',
      id: keyOf(attributes.customer_id, attributes.phonebot_id),
      attributes,
    })),
    meta: { month, months, total: sorted.reduce((sum, row) => sum + row.calls, 0) },
  };
}

/** Names in the order of the users' language rather than of code points, the same on both engines. */
function compare(a: string, b: string): number {
  return a.localeCompare(b, 'de', { sensitivity: 'base' });
}
