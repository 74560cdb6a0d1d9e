import type { Kysely } from 'kysely';
import { DELETE_BATCH, deleteInBatches } from '../../db/batches';
import type { Database } from '../../db/schema';
import { DAY } from '../../db/time';
import { pruneSpentOneTimeTokens } from '../auth';
import { pruneExpiredSessions } from '../sessions';
import { pruneSpentChallenges } from '../two-factor';

/** How long a call's Idempotency-Key is kept, and a retry of the call answered from it (docs/decisions.md). */
export const IDEMPOTENCY_KEY_TTL_MS = DAY;
/**
 * How long a finished webhook delivery (succeeded or failed) stays in its endpoint's log, counted from its event.
 * Pending ones are the sender's: it drops those older than WEBHOOK_MAX_AGE_DAYS and counts them on the endpoint.
 */
export const WEBHOOK_DELIVERY_KEEP_DAYS = 30;

export type Pruned = { idempotencyKeys: number; sessions: number; oneTimeTokens: number; webhookDeliveries: number };

/**
 * Deletes what nothing reads any more, in batches: Idempotency-Keys older than their day, sessions past their
 * expiry, one-time tokens (links, second steps of a sign-in) used or expired, and webhook deliveries finished more than WEBHOOK_DELIVERY_KEEP_DAYS
 * ago. Every read of the first three already ignores them; without this job they all only grow.
 */
export async function pruneExpiredRows(
  db: Kysely<Database>,
  options: { now?: Date; batch?: number } = {},
): Promise<Pruned> {
  const now = options.now ?? new Date();
  const batch = options.batch ?? DELETE_BATCH;
  const keyCutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString();
  const idempotencyKeys = await deleteInBatches(async () => {
    const result = await db
      .deleteFrom('idempotency_keys')
      .where('id', 'in', (eb) =>
        eb.selectFrom('idempotency_keys').select('id').where('created_at', '<', keyCutoff).limit(batch),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }, batch);
  return {
    idempotencyKeys,
    sessions: await pruneExpiredSessions(db, now, batch),
    // One-time links, and sign-ins whose second step was taken or expired.
    oneTimeTokens: (await pruneSpentOneTimeTokens(db, now, batch)) + (await pruneSpentChallenges(db, now, batch)),
    webhookDeliveries: await pruneFinishedWebhookDeliveries(db, now, batch),
  };
}

/**
 * Succeeded and failed webhook deliveries whose event is older than WEBHOOK_DELIVERY_KEEP_DAYS, oldest first. Ids
 * grow with the time of the event, so a batch reads from the start of the primary key and stops at `batch` rows.
 */
async function pruneFinishedWebhookDeliveries(db: Kysely<Database>, now: Date, batch: number): Promise<number> {
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
