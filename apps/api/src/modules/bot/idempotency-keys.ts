import type { Kysely } from 'kysely';
import { DELETE_BATCH, deleteInBatches } from '../../db/batches';
import type { Database } from '../../db/schema';
import { DAY } from '../../db/time';

/** How long a call's Idempotency-Key is kept, and a retry of the call answered from it (docs/decisions.md). */
const IDEMPOTENCY_KEY_TTL_MS = DAY;

/** Deletes the Idempotency-Keys older than their day, in batches (the pruning job); answers how many went. */
export async function pruneOldIdempotencyKeys(db: Kysely<Database>, now: Date, batch = DELETE_BATCH): Promise<number> {
  const keyCutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString();
  return deleteInBatches(async () => {
    const result = await db
      .deleteFrom('idempotency_keys')
      .where('id', 'in', (eb) =>
        eb.selectFrom('idempotency_keys').select('id').where('created_at', '<', keyCutoff).limit(batch),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }, batch);
}
