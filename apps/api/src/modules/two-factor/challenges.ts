import type { Kysely } from 'kysely';
import { DELETE_BATCH, deleteInBatches } from '../../db/batches';
import type { Database } from '../../db/schema';
import { MINUTE, isoIn, nowIso } from '../../db/time';
import { randomToken, tokenHash } from '../../lib/crypto';
import { refuse } from '../../lib/domain-errors';
import { ACCOUNT_COLUMNS, accountAllowed } from '../users';

/**
 * A sign-in that passed the password and waits for its second step: a one-time token that only the next step takes,
 * for a few minutes. `code` waits for a code of the app (or a recovery code), `enrol` for a first secret to be set up
 * (two-factor sign-in is required and the user has none yet).
 */
export type ChallengeKind = 'code' | 'enrol';

/** How long the second step of a sign-in may take after the password. */
const CHALLENGE_TTL_MS = 10 * MINUTE;

export const challengeInvalid = () => refuse('unauthenticated', 'mfaTokenInvalid');

export async function issueChallenge(db: Kysely<Database>, userId: number, kind: ChallengeKind): Promise<string> {
  const token = randomToken();
  await db
    .insertInto('two_factor_challenges')
    .values({
      user_id: userId,
      kind,
      token_hash: tokenHash(token),
      expires_at: isoIn(CHALLENGE_TTL_MS),
      used_at: null,
      created_at: nowIso(),
    })
    .execute();
  return token;
}

/** The user of a sign-in waiting for its second step; the account must still be allowed in. */
export async function challengedUser(db: Kysely<Database>, token: string, kind: ChallengeKind) {
  const user = await db
    .selectFrom('two_factor_challenges as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('customers as c', 'c.id', 'u.customer_id')
    .select([...ACCOUNT_COLUMNS, 't.id as challenge_id', 'u.id', 'u.email'])
    .where('t.token_hash', '=', tokenHash(token))
    .where('t.kind', '=', kind)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', nowIso())
    .executeTakeFirst();
  if (!user) throw challengeInvalid();
  if (!accountAllowed(user)) throw refuse('forbidden', 'accountInactive');
  return user;
}

/** Uses up the challenge; false when a parallel request took it first. */
export async function takeChallenge(db: Kysely<Database>, challengeId: number): Promise<boolean> {
  const row = await db
    .updateTable('two_factor_challenges')
    .set({ used_at: nowIso() })
    .where('id', '=', challengeId)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends every sign-in of the user waiting for its second step (its password was just set anew). */
export async function cancelChallenges(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('two_factor_challenges')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Sign-ins whose second step was taken or has expired: nothing reads them any more. Answers how many went. */
export async function pruneSpentChallenges(db: Kysely<Database>, now: Date, batch = DELETE_BATCH): Promise<number> {
  const cutoff = now.toISOString();
  return deleteInBatches(async () => {
    const result = await db
      .deleteFrom('two_factor_challenges')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('two_factor_challenges')
          .select('id')
          .where((w) => w.or([w('used_at', 'is not', null), w('expires_at', '<', cutoff)]))
          .limit(batch),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }, batch);
}
