import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ACCOUNT_COLUMNS, accountAllowed } from '../users';

/** Sessions read per statement, within both engines' limits on bound values. */
const CHUNK = 500;

/**
 * For the event streams (modules/events): the company each of these sessions (access token ids) may still read, for
 * the sessions that still work: unexpired, not revoked, the user and its company Active. A session missing from the
 * answer has ended. One statement per 500 sessions and no writes, so every open stream can be checked every few
 * seconds.
 */
export async function liveSessionCompanies(
  db: Kysely<Database>,
  tokenIds: readonly number[],
  now = Date.now(),
): Promise<Map<number, number | null>> {
  const live = new Map<number, number | null>();
  for (let at = 0; at < tokenIds.length; at += CHUNK) {
    const rows = await db
      .selectFrom('access_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .leftJoin('customers as c', 'c.id', 'u.customer_id')
      .select([...ACCOUNT_COLUMNS, 't.id as token_id', 't.expires_at', 't.revoked_reason'])
      .where('t.id', 'in', tokenIds.slice(at, at + CHUNK))
      .execute();
    for (const row of rows) {
      if (row.revoked_reason !== null || Date.parse(row.expires_at) <= now || !accountAllowed(row)) continue;
      live.set(row.token_id, row.customer_id);
    }
  }
  return live;
}
