import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ChangeSubscriber, CreatedChange } from '../../lib/changes';
import { customerUrgentMail } from '../customers';
import { companiesWithSubscriptions, insertDeliveries } from './push.store';

/**
 * The push queue: pushes are rows written inside the change's transaction (so a rollback drops them and none is
 * sent for a change that did not happen), one per recipient browser; push-sender.ts sends them after the commit.
 */

/** The company's alert priorities: those its urgent-call mail is about (Company settings). */
function alertPriorities(stored: string | undefined): Set<string> {
  try {
    const list: unknown = JSON.parse(stored ?? '[]');
    return new Set(Array.isArray(list) ? list.filter((value): value is string => typeof value === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * A push to one user's browsers about calls given to them by someone else (`assigned`, naming who), a note naming
 * them (`mentioned`) or a caller's SMS reply on their call (`reply`); called where their notifications are made. Calls
 * given at once (a bulk assignment) are one push, about the first and counting them all.
 */
export async function queueUserPush(
  trx: Kysely<Database>,
  push: {
    customerId: number;
    userId: number;
    callIds: readonly number[];
    kind: 'assigned' | 'mentioned' | 'reply';
    actorId: number | null;
  },
): Promise<void> {
  const { callIds, ...rest } = push;
  await insertDeliveries(trx, { ...rest, callIds: callIds.slice(0, 1), callCount: callIds.length, urgency: 'normal' });
}

/** Urgent calls: each new call of an alert priority goes to the company's staff, with Urgency `high`. */
async function queueUrgentCalls(trx: Kysely<Database>, change: CreatedChange): Promise<void> {
  const priorities = alertPriorities((await customerUrgentMail(trx, change.customerId))?.urgent_mail_priorities);
  if (priorities.size === 0) return;
  const urgent = change.calls.filter((call) => priorities.has(call.facts.priority)).map((call) => call.facts.id);
  await insertDeliveries(trx, {
    customerId: change.customerId,
    callIds: urgent,
    kind: 'urgent',
    actorId: null,
    urgency: 'high',
  });
}

/**
 * Web Push in the path of a change: new calls of a company's alert priorities. A company none of whose users turned
 * push on costs one indexed query per publish (on PostgreSQL's one statement for a batch, one column of it).
 */
export const pushSubscriber: ChangeSubscriber = {
  name: 'push',
  async take(trx, changes) {
    const created = changes.filter((change): change is CreatedChange => change.kind === 'created');
    if (created.length === 0) return;
    const pushed = await companiesWithSubscriptions(
      trx,
      created.map((change) => change.customerId),
    );
    for (const change of created) if (pushed.has(change.customerId)) await queueUrgentCalls(trx, change);
  },
  createdInOneStatement(batch, bind) {
    const customers = bind([...new Set(batch.map((change) => change.customerId))]);
    return {
      columns: [
        `(select json_agg(distinct customer_id) from push_subscriptions where customer_id = any(${customers}::int[])) as push_companies`,
      ],
      async after(trx, row) {
        const pushed = new Set(((row.push_companies as number[] | null) ?? []).map(Number));
        for (const change of batch) if (pushed.has(change.customerId)) await queueUrgentCalls(trx, change);
      },
    };
  },
};
