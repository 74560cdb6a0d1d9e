import type { Kysely } from 'kysely';
import type { CallAttemptResource, CreateAttemptInput } from '@phonebot/shared/calls';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { publishChanges } from '../../lib/changes';
import { notFound } from '../../lib/domain-errors';
import type { Principal } from '../../lib/principal';
import { attemptById, insertAttempt, openDialledAttempt, setOutcome } from './attempts.store';
import { lockCallFacts } from './calls.store';

/** How long after a call placed through the portal the caller's next outcome is taken as that call's. */
const DIAL_OUTCOME_WINDOW_MS = 2 * 60 * 60 * 1000;

/**
 * Callback attempts: whoever may work a call records what came of calling the caller back (reached, voicemail, no
 * answer, busy, wrong number). An attempt is a change of the call: the lists' attempt_count, the live streams and
 * the webhooks hear of it through the change path. The outcome of the user's own call placed through the portal in
 * the last two hours completes that attempt.
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
    const at = nowIso();
    // A call placed through the portal is one attempt: its outcome completes it rather than counting another.
    const dialled = await openDialledAttempt(
      trx,
      callId,
      principal.userId,
      new Date(Date.parse(at) - DIAL_OUTCOME_WINDOW_MS).toISOString(),
    );
    if (dialled !== undefined) await setOutcome(trx, dialled, input.outcome, input.note ?? null);
    const attemptId =
      dialled ??
      (await insertAttempt(trx, {
        callId,
        customerId,
        userId: principal.userId,
        outcome: input.outcome,
        note: input.note ?? null,
        at,
      }));
    await publishChanges(trx, [{ kind: 'updated', customerId, callIds: [callId] }]);
    return attemptId;
  });
  const attempt = await attemptById(db, customerId, id);
  if (!attempt) throw notFound();
  return attempt;
}
