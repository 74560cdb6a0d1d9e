import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Change, ChangeSubscriber, CreatedChange } from '../../lib/changes';

/** The month a moment belongs to in the server's time zone, as YYYY-MM. */
export function monthOf(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** A month's count of calls of one phonebot, as a batch of new calls adds to it, with the names it keeps. */
type MonthlyCount = {
  month: string;
  customerId: number;
  phonebotId: number;
  customerName: string;
  phonebotName: string;
  count: number;
};

/**
 * What new calls add to the monthly counts: one row per company, phonebot and month (its names those of the first
 * call), in the order of their keys, so concurrent batches take the rows they share in one order.
 */
function monthlyCounts(batch: readonly CreatedChange[]): MonthlyCount[] {
  const counts = new Map<string, MonthlyCount>();
  for (const change of batch) {
    for (const call of change.calls) {
      const month = monthOf(call.at);
      const key = `${change.customerId}:${call.facts.phonebot_id}:${month}`;
      const entry = counts.get(key) ?? {
        month,
        customerId: change.customerId,
        phonebotId: call.facts.phonebot_id,
        customerName: call.customerName,
        phonebotName: call.phonebotName,
        count: 0,
      };
      entry.count += 1;
      counts.set(key, entry);
    }
  }
  return [...counts.values()].sort(
    (a, b) => a.customerId - b.customerId || a.phonebotId - b.phonebotId || a.month.localeCompare(b.month),
  );
}

async function addMonthlyCounts(trx: Kysely<Database>, rows: readonly MonthlyCount[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('monthly_call_counts')
    .values(
      rows.map((row) => ({
        month: row.month,
        customer_id: row.customerId,
        phonebot_id: row.phonebotId,
        customer_name: row.customerName,
        phonebot_name: row.phonebotName,
        count: row.count,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['month', 'customer_id', 'phonebot_id']).doUpdateSet((eb) => ({
        count: eb('monthly_call_counts.count', '+', eb.ref('excluded.count')),
        customer_name: eb.ref('excluded.customer_name'),
        phonebot_name: eb.ref('excluded.phonebot_name'),
      })),
    )
    .execute();
}

/**
 * Counts new calls in their month (Calls History, usage). The counts live in their own table: deleting calls, by
 * hand, retention or erasure, never changes a past month.
 */
export const monthlyCountsSubscriber: ChangeSubscriber = {
  name: 'monthly counts',
  async take(trx, changes: readonly Change[]) {
    const created = changes.filter((change): change is CreatedChange => change.kind === 'created');
    await addMonthlyCounts(trx, monthlyCounts(created));
  },
  createdInOneStatement(batch, bind) {
    const rows = monthlyCounts(batch);
    const column = <K extends keyof MonthlyCount>(key: K) => bind(rows.map((row) => row[key]));
    return {
      with: [
        `months as (
  insert into monthly_call_counts as m (month, customer_id, phonebot_id, customer_name, phonebot_name, count)
  select * from unnest(${column('month')}::text[], ${column('customerId')}::int[], ${column('phonebotId')}::int[], ${column('customerName')}::text[], ${column('phonebotName')}::text[], ${column('count')}::int[])
  on conflict (month, customer_id, phonebot_id) do update
    set count = m.count + excluded.count, customer_name = excluded.customer_name, phonebot_name = excluded.phonebot_name
  returning 1
)`,
      ],
      columns: ['(select count(*) from months) as months'],
    };
  },
};
