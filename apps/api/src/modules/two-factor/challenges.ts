import type { Kysely } from 'kysely';
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

const KINDS = { code: 'mfa', enrol: 'mfa-enrol' } as const;

/** How long the second step of a sign-in may take after the password. */
const CHALLENGE_TTL_MS = 10 * MINUTE;

export const challengeInvalid = () => refuse('unauthenticated', 'mfaTokenInvalid');

export async function issueChallenge(db: Kysely<Database>, userId: number, kind: ChallengeKind): Promise<string> {
  const token = randomToken();
  await db
    .insertInto('user_tokens')
    .values({
      user_id: userId,
      kind: KINDS[kind],
      token_hash: tokenHash(token),
      expires_at: isoIn(CHALLENGE_TTL_MS),
      used_at: null,
      new_email: null,
      created_at: nowIso(),
    })
    .execute();
  return token;
}

/** The user of a sign-in waiting for its second step; the account must still be allowed in. */
export async function challengedUser(db: Kysely<Database>, token: string, kind: ChallengeKind) {
  const user = await db
    .selectFrom('user_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('customers as c', 'c.id', 'u.customer_id')
    .select([...ACCOUNT_COLUMNS, 't.id as challenge_id', 'u.id', 'u.email'])
    .where('t.token_hash', '=', tokenHash(token))
    .where('t.kind', '=', KINDS[kind])
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
    .updateTable('user_tokens')
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
    .updateTable('user_tokens')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('kind', 'in', Object.values(KINDS))
    .where('used_at', 'is', null)
    .execute();
}
