import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ACCESS_TOKEN_IDLE_DAYS } from '@phonebot/shared';
import type { Database } from '../../db/schema';
import { DAY, MINUTE, isoIn, nowIso } from '../../db/time';
import { randomToken, tokenHash } from '../../lib/crypto';
import { refuse } from '../../lib/domain-errors';
import type { Principal } from '../../lib/router';
import {
  ACCOUNT_COLUMNS,
  type UserScope,
  accountAllowed,
  idsWithoutSecondFactorQuery,
  userIdsQuery,
} from '../users/users.store';

const IDLE_MS = ACCESS_TOKEN_IDLE_DAYS * DAY;
/** A token's last use is written at most once a minute, so polling screens do not write on every request. */
const TOUCH_EVERY_MS = MINUTE;

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

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_\-.~+/]{16,200}=*)$/.exec(header.trim());
  return match?.[1];
}

/** What a session's check reads: its token, its user and its user's company. */
export type SessionRow = {
  token_id: number;
  last_used_at: string;
  expires_at: string;
  revoked_reason: string | null;
  user_id: number;
  role: Principal['role'];
  status: string;
  customer_id: number | null;
  customer_status: string | null;
};

/** Where a process may keep session rows between requests (the event hub's cache, live while it hears every change). */
export type SessionCache = {
  get: (tokenHash: string, load: () => Promise<SessionRow | undefined>) => Promise<SessionRow | undefined>;
};

/**
 * The principal of an access token: the token must be unexpired, its user Active, and the user's customer (every
 * role but super has one) Active too, so disabling a customer signs its users out at once. The holder of a token
 * that worked until its account was disabled is told so (401 `accountDisabled`), so the login page can say why;
 * anyone else only learns that the token does not work. With a cache, the row is read once and kept until a change
 * to it is heard (docs/decisions.md, "Sessions and calls versions kept in memory").
 */
export async function principalFromToken(
  db: Kysely<Database>,
  token: string,
  ip?: string,
  cache?: SessionCache,
): Promise<Principal | null> {
  const hash = tokenHash(token);
  const load = () => sessionRow(db, 't.token_hash', hash);
  return principalOf(db, await (cache ? cache.get(hash, load) : load()), ip);
}

/** The same check by the token's id, for a session that signed in earlier (an open event stream). */
export async function principalFromTokenId(db: Kysely<Database>, tokenId: number): Promise<Principal | null> {
  return principalOf(db, await sessionRow(db, 't.id', tokenId));
}

function sessionRow(
  db: Kysely<Database>,
  column: 't.token_hash' | 't.id',
  value: string | number,
): Promise<SessionRow | undefined> {
  return db
    .selectFrom('access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('customers as c', 'c.id', 'u.customer_id')
    .select([
      ...ACCOUNT_COLUMNS,
      't.id as token_id',
      't.last_used_at',
      't.expires_at',
      't.revoked_reason',
      'u.id as user_id',
    ])
    .where(column, '=', value)
    .executeTakeFirst();
}

async function principalOf(db: Kysely<Database>, row: SessionRow | undefined, ip?: string): Promise<Principal | null> {
  const now = Date.now();
  if (!row || Date.parse(row.expires_at) <= now) return null;
  if (row.revoked_reason === DISABLED || !accountAllowed(row)) throw refuse('unauthenticated', 'accountDisabled');
  if (now - Date.parse(row.last_used_at) > TOUCH_EVERY_MS) {
    const touched = new Date(now).toISOString();
    const expires = isoIn(IDLE_MS, new Date(now));
    // A kept row is moved on at once, so concurrent requests of the session do not each write the touch.
    row.last_used_at = touched;
    row.expires_at = expires;
    await db
      .updateTable('access_tokens')
      .set({ last_used_at: touched, expires_at: expires, ...(ip ? { ip } : {}) })
      .where('id', '=', row.token_id)
      .execute();
  }
  return { userId: row.user_id, role: row.role, customerId: row.customer_id, tokenId: row.token_id };
}

const DISABLED = 'disabled';

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

/**
 * Ends the sessions of every user without a second factor, of one company or of the whole deployment, when a second
 * factor becomes required: they set one up at their next sign-in. The session that made the change stays.
 */
export async function endSessionsWithoutSecondFactor(
  db: Kysely<Database>,
  scope: { customerId: number } | { all: true },
  exceptTokenId?: number,
): Promise<void> {
  let query = db.deleteFrom('access_tokens').where('user_id', 'in', idsWithoutSecondFactorQuery(db, scope));
  if (exceptTokenId !== undefined) query = query.where('id', '!=', exceptTokenId);
  await query.execute();
}
