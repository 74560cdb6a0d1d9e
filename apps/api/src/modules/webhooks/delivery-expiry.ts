import { type Kysely, sql } from 'kysely';
import { WEBHOOK_MAX_AGE_DAYS } from '@phonebot/shared/webhooks';
import { DELETE_BATCH, deleteInBatches } from '../../db/batches';
import type { Database } from '../../db/schema';
import { DAY } from '../../db/time';

/** The oldest a pending delivery may be (WEBHOOK_MAX_AGE_DAYS); older ones are dropped, never sent. */
export function maxAgeCutoff(): string {
  return new Date(Date.now() - WEBHOOK_MAX_AGE_DAYS * DAY).toISOString();
}

/**
 * Drops pending deliveries older than the maximum age (of one endpoint, or at most `limit` of all), counting them
 * on their endpoints; answers how many went. Runs in the caller's transaction, so the count moves with the rows.
 */
export async function dropExpiredDeliveries(
  trx: Kysely<Database>,
  scope: { webhookId?: number; limit?: number },
): Promise<number> {
  let expired = trx
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '=', sql.lit('pending'))
    .where('created_at', '<', maxAgeCutoff());
  if (scope.webhookId !== undefined) expired = expired.where('webhook_id', '=', scope.webhookId);
  if (scope.limit !== undefined) expired = expired.orderBy('id').limit(scope.limit);
  const gone = await trx.deleteFrom('webhook_deliveries').where('id', 'in', expired).returning('webhook_id').execute();
  const perEndpoint = new Map<number, number>();
  for (const { webhook_id } of gone) perEndpoint.set(webhook_id, (perEndpoint.get(webhook_id) ?? 0) + 1);
  for (const [webhookId, count] of [...perEndpoint].sort(([a], [b]) => a - b)) {
    await trx
      .updateTable('webhooks')
      .set((eb) => ({ dropped_deliveries: eb('dropped_deliveries', '+', count) }))
      .where('id', '=', webhookId)
      .execute();
  }
  return gone.length;
}

/**
 * How long a finished webhook delivery (succeeded or failed) stays in its endpoint's log, counted from its event.
 * Pending ones are the sender's: it drops those older than WEBHOOK_MAX_AGE_DAYS and counts them on the endpoint.
 */
export const WEBHOOK_DELIVERY_KEEP_DAYS = 30;

/**
 * Succeeded and failed webhook deliveries whose event is older than WEBHOOK_DELIVERY_KEEP_DAYS, oldest first. Ids
 * grow with the time of the event, so a batch reads from the start of the primary key and stops at `batch` rows.
 */
export async function pruneFinishedDeliveries(db: Kysely<Database>, now: Date, batch = DELETE_BATCH): Promise<number> {
  const cutoff = new Date(now.getTime() - WEBHOOK_DELIVERY_KEEP_DAYS * DAY).toISOString();
  return deleteInBatches(async () => {
    const result = await db
      .deleteFrom('webhook_deliveries')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('status', 'in', ['succeeded', 'failed'])
          .where('created_at', '<', cutoff)
          .orderBy('id')
          .limit(batch),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }, batch);
}
