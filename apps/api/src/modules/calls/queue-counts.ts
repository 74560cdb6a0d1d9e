import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { CallQueueCounts } from '@phonebot/shared/calls';
import type { Database } from '../../db/schema';
import { phonebotCount } from '../phonebots';
import { OPEN_STATUSES } from './calls.filter';

/** The read behind the inbox counts, as a query (`bench/explain.ts` shows its plan). */
export function queueCountsQuery(db: Kysely<Database>, customerId: number, userId: number, now: string) {
  const awake = sql<SqlBool>`(c.snoozed_until is null or c.snoozed_until <= ${now})`;
  const sum = (condition: Expression<SqlBool>) =>
    sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
  return db
    .selectFrom('calls as c')
    .where('c.customer_id', '=', customerId)
    .where('c.status', 'in', [...OPEN_STATUSES])
    .select([
      sum(awake).as('open'),
      sum(sql<SqlBool>`${awake} and c.assignee_id = ${userId}`).as('mine'),
      sum(sql<SqlBool>`${awake} and c.assignee_id is null`).as('unassigned'),
      sum(sql<SqlBool>`${awake} and c.callback_due_at < ${now}`).as('overdue'),
      sum(sql<SqlBool>`${awake} and c.priority = ${'Important Callback'}`).as('important'),
      sum(sql<SqlBool>`c.snoozed_until > ${now}`).as('snoozed'),
    ]);
}

/**
 * The counts of the inbox's quick filters: one pass over the company's open calls through an index that starts
 * with (customer_id, status), each count a conditional sum, plus the company's phonebots.
 */
export async function queueCounts(
  db: Kysely<Database>,
  customerId: number,
  userId: number,
  now: string,
): Promise<CallQueueCounts> {
  const [row, bots] = await Promise.all([
    queueCountsQuery(db, customerId, userId, now).executeTakeFirstOrThrow(),
    phonebotCount(db, { customerId }),
  ]);
  return {
    open: Number(row.open),
    mine: Number(row.mine),
    unassigned: Number(row.unassigned),
    overdue: Number(row.overdue),
    important: Number(row.important),
    snoozed: Number(row.snoozed),
    phonebots: bots,
  };
}
