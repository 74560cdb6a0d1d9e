import type { Kysely } from 'kysely';
import type { ReauthInput } from '@phonebot/shared/two-factor';
import type { Database } from '../../db/schema';
import { MINUTE, nowIso } from '../../db/time';
import type { Actor, StepUpProof } from '../../lib/audit';
import { verifyPassword } from '../../lib/crypto';
import { refuse, unauthenticated } from '../../lib/domain-errors';
import type { Limiter } from '../../lib/rate-limit';
import type { SecretBox } from '../../lib/secrets';
import { secondFactorOf } from '../users/users.store';
import { reservePasswordCheck } from './auth.service';
import { acceptStepUpCode } from './mfa.service';

/** How long a confirmation of the user (step-up) lets the session take sensitive actions. */
export const STEP_UP_WINDOW_MS = 5 * MINUTE;

export type StepUpDeps = { db: Kysely<Database>; limiter: Limiter; secrets: SecretBox };

export type StepUpOptions = {
  /** The service has checked the current password itself (My profile's e-mail change, Change Password). */
  passwordChecked?: boolean;
  /** The service itself checks the password and a code before it changes anything (turning 2FA off). */
  checksBoth?: boolean;
  /** The request's `code` is not a proof of the user (the first code of a new authenticator app). */
  ignoreCode?: boolean;
};

/**
 * The one check of every sensitive action (docs/security.md, "Step-up"): the services call it before the change,
 * whichever route reached them.
 */
export type StepUp = (actor: Actor, options?: StepUpOptions) => Promise<void>;

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
  const user = await secondFactorOf(deps.db, actor.userId);
  if (!user) throw unauthenticated();
  if (user.totp_secret_enc) {
    if (proof.code === undefined || options.ignoreCode) return 'none';
    if (await acceptStepUpCode(deps, user, proof.code, actor.ip)) return 'confirmed';
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

async function markConfirmed(db: Kysely<Database>, actor: Actor, tokenId: number): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ reauth_at: nowIso() })
    .where('id', '=', tokenId)
    .where('user_id', '=', actor.userId)
    .execute();
}

export function stepUpCheck(deps: StepUpDeps): StepUp {
  return async (actor, options = {}) => {
    const session = sessionOf(actor);
    if (options.checksBoth) return;
    if ((await checkProof(deps, actor, session.proof, options)) === 'confirmed') {
      await markConfirmed(deps.db, actor, session.tokenId);
      return;
    }
    const row = await deps.db
      .selectFrom('access_tokens')
      .select('reauth_at')
      .where('id', '=', session.tokenId)
      .where('user_id', '=', actor.userId)
      .executeTakeFirst();
    const at = row?.reauth_at ? Date.parse(row.reauth_at) : Number.NaN;
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
    const user = await secondFactorOf(deps.db, actor.userId);
    throw user?.totp_secret_enc
      ? refuse('invalid', 'mfaCodeInvalid', { pointer: '/code' })
      : refuse('invalid', 'currentPasswordIssue', { pointer: '/password' });
  }
  await markConfirmed(deps.db, actor, session.tokenId);
}
