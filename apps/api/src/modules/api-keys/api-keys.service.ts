import type { Kysely } from 'kysely';
import {
  API_KEY_PREFIX,
  type ApiKeyAttributes,
  type ApiKeyScope,
  type CreateApiKeyInput,
} from '@phonebot/shared/api-keys';
import type { Database } from '../../db/schema';
import { MINUTE, nowIso } from '../../db/time';
import { type Actor, auditChange } from '../../lib/audit';
import { twoFactorRequiredFor, usersWithFactorQuery } from '../two-factor';
import type { StepUp } from '../../lib/principal';
import { randomToken, tokenHash } from '../../lib/crypto';
import { notFound } from '../../lib/domain-errors';
import type { RequestPrincipal } from '../../lib/principal';
import { ACCOUNT_COLUMNS, accountAllowed } from '../users';

/** A key's last use is written at most once a minute, so a busy script does not write on every request. */
const TOUCH_EVERY_MS = MINUTE;

type KeyRow = {
  id: number;
  name: string;
  scopes: string;
  token_start: string;
  created_at: string;
  last_used_at: string | null;
  created_by_name: string | null;
};

function apiKeyResource(row: KeyRow, token?: string) {
  const attributes: ApiKeyAttributes = {
    name: row.name,
    scopes: JSON.parse(row.scopes) as ApiKeyScope[],
    token_start: row.token_start,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    created_by: row.created_by_name,
    ...(token ? { token } : {}),
  };
  return { type: 'api-keys' as const, id: String(row.id), attributes };
}

function keysOf(db: Kysely<Database>, customerId: number) {
  return db
    .selectFrom('api_keys as k')
    .leftJoin('users as u', 'u.id', 'k.created_by')
    .select([
      'k.id',
      'k.name',
      'k.scopes',
      'k.token_start',
      'k.created_at',
      'k.last_used_at',
      'u.name as created_by_name',
    ])
    .where('k.customer_id', '=', customerId);
}

export async function listApiKeys(db: Kysely<Database>, customerId: number) {
  const rows = await keysOf(db, customerId).orderBy('k.id', 'desc').execute();
  return rows.map((row) => apiKeyResource(row));
}

/** Creates a key; its token is answered this once and only its hash is kept. */
export async function createApiKey(
  deps: { db: Kysely<Database>; stepUp: StepUp },
  actor: Actor,
  customerId: number,
  input: CreateApiKeyInput,
) {
  const { db } = deps;
  await deps.stepUp(actor);
  const token = API_KEY_PREFIX + randomToken();
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('api_keys')
      .values({
        customer_id: customerId,
        created_by: actor.userId,
        name: input.name,
        scopes: JSON.stringify(input.scopes),
        token_hash: tokenHash(token),
        token_start: token.slice(0, API_KEY_PREFIX.length + 6),
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await auditChange(trx, actor, {
      action: 'apiKey.created',
      target: `api-keys/${id}`,
      detail: { name: input.name, scopes: input.scopes },
    });
    const row = await keysOf(trx, customerId).where('k.id', '=', id).executeTakeFirstOrThrow();
    return apiKeyResource(row, token);
  });
}

export async function revokeApiKey(db: Kysely<Database>, actor: Actor, customerId: number, id: number) {
  await db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('api_keys')
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .returning(['name'])
      .executeTakeFirst();
    if (!deleted) throw notFound();
    await auditChange(trx, actor, { action: 'apiKey.revoked', target: `api-keys/${id}`, detail: deleted });
  });
}

/**
 * The principal of an API key: the admin who created it, restricted to the key's scopes. The key works only while
 * that admin is an Active admin of an Active company (with a second factor when one is required), so a key never
 * does more than its creator could.
 */
export async function principalFromApiKey(db: Kysely<Database>, token: string): Promise<RequestPrincipal | null> {
  if (!token.startsWith(API_KEY_PREFIX)) return null;
  const row = await db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.created_by')
    // The creator must still be of the key's company: a key never reaches another one.
    .innerJoin('customers as c', (join) => join.onRef('c.id', '=', 'k.customer_id').onRef('c.id', '=', 'u.customer_id'))
    .select([
      ...ACCOUNT_COLUMNS,
      'k.id',
      'k.scopes',
      'k.last_used_at',
      'k.customer_id as key_customer_id',
      'u.id as user_id',
      'c.require_mfa',
    ])
    .select((eb) => eb('u.id', 'in', usersWithFactorQuery(db)).as('has_factor'))
    .where('k.token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  if (!row || row.role !== 'admin' || !accountAllowed(row)) return null;
  // While a second factor is required, the keys of an admin without one stop working, like their sessions.
  if (
    !row.has_factor &&
    (await twoFactorRequiredFor(db, { customer_id: row.key_customer_id, require_mfa: Number(row.require_mfa) }))
  )
    return null;
  const now = Date.now();
  if (!row.last_used_at || now - Date.parse(row.last_used_at) > TOUCH_EVERY_MS) {
    await db
      .updateTable('api_keys')
      .set({ last_used_at: new Date(now).toISOString() })
      .where('id', '=', row.id)
      .execute();
  }
  return {
    userId: row.user_id,
    role: row.role,
    customerId: row.key_customer_id,
    tokenId: 0,
    apiKey: { id: row.id, scopes: JSON.parse(row.scopes) as ApiKeyScope[] },
  };
}
