import type { Kysely } from 'kysely';
import { DELETE_BATCH, deleteInBatches } from '../../db/batches';
import type { Database } from '../../db/schema';
import { DAY } from '../../db/time';
import { pruneExpiredSessions, pruneSpentOneTimeTokens } from '../auth/token-pruning';

/** How long a call's Idempotency-Key is kept, and a retry of the call answered from it (docs/decisions.md). */
export const IDEMPOTENCY_KEY_TTL_MS = DAY;

export type Pruned = { idempotencyKeys: number; sessions: number; oneTimeTokens: number };

/**
 * Deletes what nothing reads any more, in batches: Idempotency-Keys older than their day, sessions past their
 * expiry, and one-time tokens used or expired. Every read of these rows already ignores them; without this job
 * they only grow.
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
    oneTimeTokens: await pruneSpentOneTimeTokens(db, now, batch),
  };
}
