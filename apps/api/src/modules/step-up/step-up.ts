import type { Kysely } from 'kysely';
import type { ReauthInput } from '@phonebot/shared/two-factor';
import type { Database } from '../../db/schema';
import { MINUTE } from '../../db/time';
import type { Actor, StepUpProof } from '../../lib/audit';
import { verifyPassword } from '../../lib/crypto';
import { refuse, unauthenticated } from '../../lib/domain-errors';
import type { StepUp, StepUpOptions } from '../../lib/principal';
import type { Limiter } from '../../lib/rate-limit';
import type { SecretBox } from '../../lib/secrets';
import { reservePasswordCheck } from '../../lib/sign-in-limits';
import { confirmedAt, markConfirmed } from '../sessions';
import { acceptStepUpCode, secondFactorOn } from '../two-factor';
import { credentialsOf } from '../users';

/** How long a confirmation of the user (step-up) lets the session take sensitive actions. */
export const STEP_UP_WINDOW_MS = 5 * MINUTE;

export type StepUpDeps = { db: Kysely<Database>; limiter: Limiter; secrets: SecretBox };

type Outcome = 'confirmed' | 'none';

/**
 * Checks the proof a request carries: with two-factor sign-in on, only a code of the app counts (the password alone
 * is what a phisher has); without it, the password. A wrong proof is refused (422) and counted like a failed
 * sign-in; no proof answers 'none'.
 */
async function checkProof(
  deps: StepUpDeps,
  actor: Actor,
  proof: StepUpProof,
  options: StepUpOptions = {},
): Promise<Outcome> {
  const user = await credentialsOf(deps.db, actor.userId);
  if (!user) throw unauthenticated();
  if (await secondFactorOn(deps.db, user.id)) {
    if (proof.code === undefined || options.ignoreCode) return 'none';
    if (await acceptStepUpCode(deps, user.id, proof.code, actor.ip)) return 'confirmed';
    throw refuse('invalid', 'mfaCodeInvalid', { pointer: '/code' });
  }
  if (options.passwordChecked) return 'confirmed';
  if (proof.password === undefined) return 'none';
  const attempt = await reservePasswordCheck(deps.limiter, user.email, actor.ip);
  if (!(await verifyPassword(proof.password, user.password_hash))) {
    throw refuse('invalid', 'currentPasswordIssue', { pointer: '/password' });
  }
  await attempt.passed();
  return 'confirmed';
}

function sessionOf(actor: Actor) {
  const session = actor.session;
  // Jobs and internal callers have no session: they never take a sensitive action on a user's behalf.
  if (!session) throw refuse('unauthenticated', 'reauthRequired');
  if (session.apiKeyId !== null) throw refuse('forbidden', 'reauthNotForApiKeys');
  return session;
}

export function stepUpCheck(deps: StepUpDeps): StepUp {
  return async (actor, options = {}) => {
    const session = sessionOf(actor);
    if (options.checksBoth) return;
    if ((await checkProof(deps, actor, session.proof, options)) === 'confirmed') {
      await markConfirmed(deps.db, session.tokenId, actor.userId);
      return;
    }
    const confirmed = await confirmedAt(deps.db, session.tokenId, actor.userId);
    const at = confirmed ? Date.parse(confirmed) : Number.NaN;
    if (Date.now() - at < STEP_UP_WINDOW_MS) return;
    throw refuse('unauthenticated', 'reauthRequired');
  };
}

/** `POST /me/reauth`: confirms the user for the next 5 minutes of this session. */
export async function reauthenticate(deps: StepUpDeps, actor: Actor, input: ReauthInput): Promise<void> {
  const session = sessionOf(actor);
  const outcome = await checkProof(deps, actor, { password: input.password, code: input.code });
  if (outcome === 'none') {
    // With two-factor sign-in on, the code is asked for; without it, the password.
    throw (await secondFactorOn(deps.db, actor.userId))
      ? refuse('invalid', 'mfaCodeInvalid', { pointer: '/code' })
      : refuse('invalid', 'currentPasswordIssue', { pointer: '/password' });
  }
  await markConfirmed(deps.db, session.tokenId, actor.userId);
}
