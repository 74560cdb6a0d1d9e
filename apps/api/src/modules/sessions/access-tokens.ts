import type { Kysely, SelectQueryBuilder } from 'kysely';
import { ACCESS_TOKEN_IDLE_DAYS } from '@phonebot/shared';
import type { Database } from '../../db/schema';
import { DAY, isoIn, nowIso } from '../../db/time';
import { randomToken, tokenHash } from '../../lib/crypto';
import { type UserScope, userIdsQuery } from '../users';

/** A session ends after this long without a request; every use moves its end on. */
export const IDLE_MS = ACCESS_TOKEN_IDLE_DAYS * DAY;

/** The client a session signs in from, as My profile shows it. */
export type SessionClient = { ip?: string | null; userAgent?: string | null };

const USER_AGENT_MAX = 300;

export async function issueAccessToken(
  db: Kysely<Database>,
  userId: number,
  client: SessionClient = {},
): Promise<{ token: string; expiresIn: number }> {
  const token = randomToken();
  const now = nowIso();
  await db
    .insertInto('access_tokens')
    .values({
      user_id: userId,
      token_hash: tokenHash(token),
      created_at: now,
      last_used_at: now,
      expires_at: isoIn(IDLE_MS),
      ip: client.ip ?? null,
      user_agent: client.userAgent ? client.userAgent.slice(0, USER_AGENT_MAX) : null,
    })
    .execute();
  return { token, expiresIn: Math.floor(IDLE_MS / 1000) };
}

/** The revocation reason of the tokens of a disabled account: their holders are told why they were signed out. */
export const DISABLED = 'disabled';

/**
 * Ends the sessions of a disabled user, or of every user of a disabled customer. The tokens are kept, marked, so
 * that their holders hear why they were signed out; a marked token never works again.
 */
export async function revokeTokensOfDisabled(db: Kysely<Database>, scope: UserScope): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ revoked_reason: DISABLED })
    .where('user_id', 'in', userIdsQuery(db, scope))
    .execute();
}

/** Drops the marked tokens when the account is enabled again: their holders then simply sign in anew. */
export async function dropTokensOfDisabled(db: Kysely<Database>, scope: UserScope): Promise<void> {
  await db
    .deleteFrom('access_tokens')
    .where('revoked_reason', '=', DISABLED)
    .where('user_id', 'in', userIdsQuery(db, scope))
    .execute();
}

export async function revokeToken(db: Kysely<Database>, tokenId: number): Promise<void> {
  await db.deleteFrom('access_tokens').where('id', '=', tokenId).execute();
}

/** Signs a user out everywhere, or everywhere but the token that asked (a password change keeps its own session). */
export async function revokeUserTokens(db: Kysely<Database>, userId: number, exceptTokenId?: number): Promise<void> {
  let query = db.deleteFrom('access_tokens').where('user_id', '=', userId);
  if (exceptTokenId !== undefined) query = query.where('id', '!=', exceptTokenId);
  await query.execute();
}

/** The ids of some users (`id`), as a subquery of the caller's statement. */
type UserIdsQuery = SelectQueryBuilder<Database, keyof Database, { id: number }>;

/**
 * Ends the sessions of these users (for example every user of a company without a second factor, when one becomes
 * required), but the session that made the change.
 */
export async function endSessionsOf(
  db: Kysely<Database>,
  userIds: UserIdsQuery,
  exceptTokenId?: number,
): Promise<void> {
  let query = db.deleteFrom('access_tokens').where('user_id', 'in', userIds);
  if (exceptTokenId !== undefined) query = query.where('id', '!=', exceptTokenId);
  await query.execute();
}

/** Records that the session's user just confirmed it is them (step-up, modules/step-up). */
export async function markConfirmed(db: Kysely<Database>, tokenId: number, userId: number): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ reauth_at: nowIso() })
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .execute();
}

/** When the session's user last confirmed it is them, if ever. */
export async function confirmedAt(db: Kysely<Database>, tokenId: number, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('access_tokens')
    .select('reauth_at')
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.reauth_at ?? null;
}
