import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/engine';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { type Change, type ChangeSubscriber, callIdsOf, isCallsChange } from '../../lib/changes';
import { type CallEventKind, INSERT_BATCH, announceEvents } from './call-events';
import { POSTGRES_CHANNEL } from './transports';

/**
 * Records a company's events for the live streams inside the change's transaction, so an event exists exactly when
 * its change committed. The company's next ids are taken from its head row, which stays locked until the
 * transaction ends: a company's events therefore commit in the order of their ids, and a reader that has seen id n
 * has seen every id below it. The streams themselves hear of them after the commit (transports.ts).
 */
async function recordCallEvents(
  trx: Kysely<Database>,
  customerId: number,
  kind: CallEventKind,
  ids: readonly number[],
): Promise<void> {
  const callIds = [...new Set(ids)];
  if (callIds.length === 0) {
    // No call changed, yet what the lists show did (a phonebot's or an assignee's name): the calls version moved,
    // so the processes that keep it must hear of it, as they do of events (after the commit, in its order).
    if (isPostgres(trx)) await sql`select pg_notify(${POSTGRES_CHANNEL}, ${String(customerId)})`.execute(trx);
    announceEvents(trx, customerId, 0);
    return;
  }
  const lastId = await takeEventIds(trx, customerId, callIds.length);
  const firstId = lastId - callIds.length + 1;
  const now = nowIso();
  for (let start = 0; start < callIds.length; start += INSERT_BATCH) {
    await trx
      .insertInto('call_events')
      .values(
        callIds.slice(start, start + INSERT_BATCH).map((callId, index) => ({
          customer_id: customerId,
          id: firstId + start + index,
          call_id: callId,
          kind,
          created_at: now,
        })),
      )
      .execute();
  }
  announceEvents(trx, customerId, lastId);
}

/** Takes a company's next `count` event ids from its head row (locked until the transaction ends); answers the last. */
async function takeEventIds(trx: Kysely<Database>, customerId: number, count: number): Promise<number> {
  const head = await trx
    .insertInto('call_event_heads')
    .values({ customer_id: customerId, last_id: count })
    .onConflict((oc) =>
      oc.column('customer_id').doUpdateSet((eb) => ({ last_id: eb('call_event_heads.last_id', '+', count) })),
    )
    .returning('last_id')
    .executeTakeFirstOrThrow();
  return Number(head.last_id);
}

/**
 * Records the live event of a user's new notification, inside the transaction that made it: numbered with the
 * company's events, but sent only on its addressee's streams (`notification.created`).
 */
export async function recordNotificationEvent(
  trx: Kysely<Database>,
  customerId: number,
  userId: number,
  notificationId: number,
): Promise<void> {
  const id = await takeEventIds(trx, customerId, 1);
  await trx
    .insertInto('call_events')
    .values({
      customer_id: customerId,
      id,
      call_id: notificationId,
      kind: 'notification',
      user_id: userId,
      created_at: nowIso(),
    })
    .execute();
  announceEvents(trx, customerId, id);
}

/** The event a change of calls shows on the streams: an erased call is a deleted one. */
function eventKind(change: Change): CallEventKind | undefined {
  if (!isCallsChange(change)) return undefined;
  if (change.kind === 'erased') return change.callIds.length > 0 ? 'deleted' : undefined;
  return change.kind;
}

export const callEventsSubscriber: ChangeSubscriber = {
  name: 'live events',
  async take(trx, changes) {
    for (const change of changes) {
      const kind = eventKind(change);
      if (kind && isCallsChange(change)) await recordCallEvents(trx, change.customerId, kind, callIdsOf(change));
    }
  },
  createdInOneStatement(batch, bind) {
    const customers = batch.map((change) => change.customerId);
    // One statement moves each head once, and a change without calls only notifies (recordCallEvents).
    if (new Set(customers).size !== customers.length) return undefined;
    if (batch.some((change) => new Set(change.calls.map((call) => call.facts.id)).size !== change.calls.length)) {
      return undefined;
    }
    if (batch.some((change) => change.calls.length === 0)) return undefined;
    const events = batch.flatMap((change) =>
      change.calls.map((call, index) => ({
        customerId: change.customerId,
        callId: call.facts.id,
        back: change.calls.length - 1 - index,
      })),
    );
    return {
      // The events take their ids from the head the statement moved: the last call of a company gets its new head.
      with: [
        `heads as (
  insert into call_event_heads as e (customer_id, last_id)
  select * from unnest(${bind(customers)}::int[], ${bind(batch.map((change) => change.calls.length))}::bigint[])
  on conflict (customer_id) do update set last_id = e.last_id + excluded.last_id
  returning customer_id, last_id
)`,
        `events as (
  insert into call_events (customer_id, id, call_id, kind, created_at)
  select x.customer_id, heads.last_id - x.back, x.call_id, 'created', ${bind(nowIso())}::timestamptz
  from unnest(${bind(events.map((e) => e.customerId))}::int[], ${bind(events.map((e) => e.callId))}::bigint[], ${bind(events.map((e) => e.back))}::bigint[]) as x(customer_id, call_id, back)
  join heads on heads.customer_id = x.customer_id
  returning 1
)`,
      ],
      columns: [
        '(select json_agg(json_build_array(customer_id, last_id)) from heads) as heads',
        '(select count(*) from events) as events',
      ],
      after(trx, row) {
        const moved = (row.heads as [number, number | string][] | null) ?? [];
        const heads = new Map(moved.map(([customerId, lastId]) => [Number(customerId), Number(lastId)]));
        for (const { customerId } of batch) {
          const lastId = heads.get(customerId);
          if (lastId === undefined) throw new Error(`The event head of customer ${customerId} was not moved`);
          announceEvents(trx, customerId, lastId);
        }
      },
    };
  },
};
