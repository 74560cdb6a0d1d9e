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

/**
 * One-time tokens (verification, reset, invitation, e-mail change, two-factor steps) used or expired: every reading
 * of them asks for an unused one within its time. Answers how many went.
 */
export async function pruneSpentOneTimeTokens(db: Kysely<Database>, now: Date, batch = DELETE_BATCH): Promise<number> {
  const cutoff = now.toISOString();
  return deleteInBatches(async () => {
    const result = await db
      .deleteFrom('user_tokens')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('user_tokens')
          .select('id')
          .where((w) => w.or([w('used_at', 'is not', null), w('expires_at', '<', cutoff)]))
          .limit(batch),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }, batch);
}
