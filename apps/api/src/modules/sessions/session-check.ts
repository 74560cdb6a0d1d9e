import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { MINUTE, isoIn } from '../../db/time';
import { tokenHash } from '../../lib/crypto';
import { refuse } from '../../lib/domain-errors';
import type { RequestPrincipal } from '../../lib/principal';
import { ACCOUNT_COLUMNS, accountAllowed } from '../users';
import { DISABLED, IDLE_MS } from './access-tokens';

/** A token's last use is written at most once a minute, so polling screens do not write on every request. */
const TOUCH_EVERY_MS = MINUTE;

/** The access token of a request's `Authorization: Bearer` header, when it has the form of one. */
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
  role: RequestPrincipal['role'];
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
): Promise<RequestPrincipal | null> {
  const hash = tokenHash(token);
  const load = () => sessionRow(db, 't.token_hash', hash);
  return principalOf(db, await (cache ? cache.get(hash, load) : load()), ip);
}

/** The same check by the token's id, for a session that signed in earlier (an open event stream). */
export async function principalFromTokenId(db: Kysely<Database>, tokenId: number): Promise<RequestPrincipal | null> {
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

async function principalOf(
  db: Kysely<Database>,
  row: SessionRow | undefined,
  ip?: string,
): Promise<RequestPrincipal | null> {
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
