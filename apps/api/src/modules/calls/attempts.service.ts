import type { Kysely } from 'kysely';
import type { CallAttemptResource, CreateAttemptInput } from '@phonebot/shared/calls';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { publishChanges } from '../../lib/changes';
import { notFound } from '../../lib/domain-errors';
import type { Principal } from '../../lib/principal';
import { attemptById, insertAttempt } from './attempts.store';
import { lockCallFacts } from './calls.store';

/**
 * Callback attempts: whoever may work a call records what came of calling the caller back (reached, voicemail, no
 * answer, busy, wrong number). An attempt is a change of the call: the lists' attempt_count, the live streams and
 * the webhooks hear of it through the change path.
 */
export async function recordAttempt(
  db: Kysely<Database>,
  principal: Principal,
  customerId: number,
  callId: number,
  input: CreateAttemptInput,
): Promise<CallAttemptResource> {
  const id = await db.transaction().execute(async (trx) => {
    // The call's row is locked (PostgreSQL) so parallel attempts count one after the other.
    const [call] = await lockCallFacts(trx, customerId, [callId]);
    if (!call) throw notFound();
    const attemptId = await insertAttempt(trx, {
      callId,
      customerId,
      userId: principal.userId,
      outcome: input.outcome,
      note: input.note ?? null,
      at: nowIso(),
    });
    await publishChanges(trx, [{ kind: 'updated', customerId, callIds: [callId] }]);
    return attemptId;
  });
  const attempt = await attemptById(db, customerId, id);
  if (!attempt) throw notFound();
  return attempt;
}
