import type { Kysely } from 'kysely';
import { DELETE_BATCH } from '../../db/batches';
import type { Database } from '../../db/schema';
import { pruneSpentOneTimeTokens } from '../auth';
import { pruneOldIdempotencyKeys } from '../bot';
import { pruneGoneClaims } from '../connectors';
import { pruneExpiredSessions } from '../sessions';
import { pruneSpentChallenges } from '../two-factor';
import { pruneFinishedDeliveries } from '../webhooks';

export type Pruned = {
  idempotencyKeys: number;
  sessions: number;
  oneTimeTokens: number;
  webhookDeliveries: number;
  connectorClaims: number;
};

/**
 * Deletes what nothing reads any more, in batches, each owner module its own rows: Idempotency-Keys older than their
 * day (bot), sessions past their expiry (sessions), one-time tokens used or expired (auth's links and two-factor's
 * second steps of a sign-in), webhook deliveries finished more than WEBHOOK_DELIVERY_KEEP_DAYS ago (webhooks), and
 * platforms' call ids claimed more than a week ago whose calls went (connectors).
 * Every read of the first three already ignores them; without this job they all only grow.
 */
export async function pruneExpiredRows(
  db: Kysely<Database>,
  options: { now?: Date; batch?: number } = {},
): Promise<Pruned> {
  const now = options.now ?? new Date();
  const batch = options.batch ?? DELETE_BATCH;
  return {
    idempotencyKeys: await pruneOldIdempotencyKeys(db, now, batch),
    sessions: await pruneExpiredSessions(db, now, batch),
    oneTimeTokens: (await pruneSpentOneTimeTokens(db, now, batch)) + (await pruneSpentChallenges(db, now, batch)),
    webhookDeliveries: await pruneFinishedDeliveries(db, now, batch),
    connectorClaims: await pruneGoneClaims(db, now, batch),
  };
}
