import type { Kysely } from 'kysely';
import { DELETE_BATCH, deleteInBatches } from '../../db/batches';
import type { Database, UserTokenKind } from '../../db/schema';
import { isoIn, nowIso } from '../../db/time';
import { randomToken, tokenHash } from '../../lib/crypto';
import { cancelChallenges } from '../two-factor';

/**
 * One-time links mailed to a user (the user_tokens table): verifying the address, resetting the password, an
 * invitation, confirming a new address. Stored as hashes; each works once, within its time.
 */

export async function issueUserToken(
  db: Kysely<Database>,
  userId: number,
  kind: UserTokenKind,
  ttlMs: number,
  newEmail: string | null = null,
): Promise<string> {
  const token = randomToken();
  const now = nowIso();
  // A new link replaces the older ones of its kind: only the newest mail works.
  await db
    .updateTable('user_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('user_tokens')
    .values({
      user_id: userId,
      kind,
      token_hash: tokenHash(token),
      expires_at: isoIn(ttlMs),
      used_at: null,
      new_email: newEmail,
      created_at: now,
    })
    .execute();
  return token;
}

/** Marks a one-time token used and answers its id, or undefined when it is unknown, used, expired or someone else's. */
export async function consumeUserToken(
  db: Kysely<Database>,
  userId: number,
  kinds: UserTokenKind[],
  token: string,
): Promise<number | undefined> {
  const now = nowIso();
  const row = await db
    .updateTable('user_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash(token))
    .where('user_id', '=', userId)
    .where('kind', 'in', kinds)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Ends every pending reset and invitation link of a user, and every sign-in waiting for its second step (its
 * challenge came from the old password): the password was just set.
 */
export async function cancelPasswordLinks(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('user_tokens')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('kind', 'in', ['reset', 'invite'])
    .where('used_at', 'is', null)
    .execute();
  await cancelChallenges(db, userId);
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
