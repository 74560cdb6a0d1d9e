import type { Kysely } from 'kysely';
import { DELETE_BATCH, deleteInBatches } from '../../db/batches';
import type { Database } from '../../db/schema';

/** Sessions (access tokens) past their expiry: no check accepts them, so they go. Answers how many went. */
export async function pruneExpiredSessions(db: Kysely<Database>, now: Date, batch = DELETE_BATCH): Promise<number> {
  const cutoff = now.toISOString();
  return deleteInBatches(async () => {
    const result = await db
      .deleteFrom('access_tokens')
      .where('id', 'in', (eb) =>
        eb.selectFrom('access_tokens').select('id').where('expires_at', '<', cutoff).limit(batch),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }, batch);
}
