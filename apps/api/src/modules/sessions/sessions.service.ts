import type { Kysely } from 'kysely';
import type { SessionResource } from '@phonebot/shared/sessions';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { type Actor, auditChange } from '../../lib/audit';
import { notFound } from '../../lib/domain-errors';

/** A user's live sessions (access tokens that still work), the most recently used first. */
export async function listSessions(
  db: Kysely<Database>,
  userId: number,
  currentTokenId: number,
): Promise<SessionResource[]> {
  const rows = await db
    .selectFrom('access_tokens')
    .select(['id', 'created_at', 'last_used_at', 'ip', 'user_agent'])
    .where('user_id', '=', userId)
    .where('revoked_reason', 'is', null)
    .where('expires_at', '>', nowIso())
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    type: 'sessions' as const,
    id: String(row.id),
    attributes: {
      created_at: row.created_at,
      last_used_at: row.last_used_at,
      ip: row.ip,
      user_agent: row.user_agent,
      current: row.id === currentTokenId,
    },
  }));
}

/** Ends one session of the actor (404 for any id that is not theirs), with its audit entry. */
export async function endSession(db: Kysely<Database>, actor: Actor, sessionId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ended = await trx
      .deleteFrom('access_tokens')
      .where('id', '=', sessionId)
      .where('user_id', '=', actor.userId)
      .returning('id')
      .executeTakeFirst();
    if (!ended) throw notFound();
    await auditChange(trx, actor, { action: 'session.end', target: `session:${sessionId}` });
  });
}

/** Ends every session of the actor but the one asking; answers how many ended. */
export async function endOtherSessions(db: Kysely<Database>, actor: Actor, currentTokenId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ended = await trx
      .deleteFrom('access_tokens')
      .where('user_id', '=', actor.userId)
      .where('id', '!=', currentTokenId)
      .returning('id')
      .execute();
    await auditChange(trx, actor, { action: 'session.end_others', detail: { ended: ended.length } });
    return ended.length;
  });
}
