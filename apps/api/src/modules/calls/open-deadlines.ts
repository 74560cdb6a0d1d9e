import { type Kysely, sql } from 'kysely';
import type { CallPriority } from '@phonebot/shared/calls';
import { isPostgres } from '../../db/engine';
import type { Database } from '../../db/schema';
import { publishChanges } from '../../lib/changes';
import { companySla, dueAt } from './callbacks.service';
import { OPEN_STATUSES } from './calls.filter';

const BATCH = 500;

/**
 * Moves the deadlines of the company's open calls to what its settings now say, inside the caller's transaction
 * (after it stored the new business hours; see shown-calls.ts): each open call whose deadline was not set by hand is due its priority's
 * minutes after its arrival, counted in the new hours. The calls whose deadline moved are published as changed, so
 * lists, live events and webhooks follow. Answers how many moved.
 */
export async function recomputeOpenDeadlines(trx: Kysely<Database>, customerId: number): Promise<number> {
  const sla = await companySla(trx, customerId);
  const open = await trx
    .selectFrom('calls')
    .select(['id', 'created_at', 'priority', 'callback_due_at'])
    .where('customer_id', '=', customerId)
    .where('status', 'in', [...OPEN_STATUSES])
    .where('callback_due_manual', '=', 0)
    .orderBy('id')
    .execute();
  const moved = open
    .map((call) => ({
      id: Number(call.id),
      due: dueAt(call.created_at, call.priority as CallPriority, sla),
      was: call,
    }))
    .filter(({ due, was }) => was.callback_due_at === null || Date.parse(was.callback_due_at) !== Date.parse(due));
  for (let i = 0; i < moved.length; i += BATCH) {
    const batch = moved.slice(i, i + BATCH);
    const cases = sql`case ${sql.join(
      batch.map((call) => sql`when id = ${call.id} then ${call.due}`),
      sql` `,
    )} end`;
    // PostgreSQL keeps the deadline as timestamptz, SQLite as ISO text.
    const due = isPostgres(trx) ? sql<string>`cast(${cases} as timestamptz)` : sql<string>`${cases}`;
    await trx
      .updateTable('calls')
      .set({ callback_due_at: due })
      .where('customer_id', '=', customerId)
      .where(
        'id',
        'in',
        batch.map((call) => call.id),
      )
      .execute();
  }
  // Published also when no deadline moved: the change of the company's settings still moves the calls version.
  await publishChanges(trx, [{ kind: 'updated', customerId, callIds: moved.map((c) => c.id) }]);
  return moved.length;
}
