import type { Kysely } from 'kysely';
import type {
  LoginTwoFactorEnrolConfirmInput,
  LoginTwoFactorEnrolInput,
  LoginTwoFactorInput,
  TotpEnrolment,
} from '@phonebot/shared/two-factor';
import type { Database } from '../../db/schema';
import { audit, auditChange } from '../../lib/audit';
import { refuse } from '../../lib/domain-errors';
import type { Limiter } from '../../lib/rate-limit';
import type { SecretBox } from '../../lib/secrets';
import { SIGN_IN_LIMITS } from '../../lib/sign-in-limits';
import { issueAccessToken } from '../sessions';
import { challengeInvalid, challengedUser, takeChallenge } from './challenges';
import { acceptTotp, reserveCodeCheck } from './codes';
import { finishEnrolment, startEnrolment } from './enrolment';
import { acceptRecoveryCode } from './recovery-codes';
import { factorOf } from './two-factor.store';

/**
 * The second step of a sign-in, after the password (modules/auth answered a challenge token): a code of the app or a
 * recovery code, or, where two-factor sign-in is required and the user has none, setting one up.
 */
export type SignInStepDeps = { db: Kysely<Database>; limiter: Limiter; secrets: SecretBox };

function signInAnswer(issued: { token: string; expiresIn: number }) {
  return { access_token: issued.token, token_type: 'Bearer' as const, expires_in: issued.expiresIn };
}

export async function signInWithCode(deps: SignInStepDeps, input: LoginTwoFactorInput, ip: string, userAgent?: string) {
  const { db, limiter } = deps;
  await limiter.consume(SIGN_IN_LIMITS.perIp, ip);
  const user = await challengedUser(db, input.mfa_token, 'code');
  const factor = await factorOf(db, user.id);
  const attempt = await reserveCodeCheck(limiter, user.id, ip);
  const kind = input.code !== undefined ? 'totp' : 'recovery_code';
  const issued = await db.transaction().execute(async (trx) => {
    const ok =
      input.code !== undefined
        ? await acceptTotp(trx, deps.secrets, { id: user.id, secret_enc: factor.secret_enc }, input.code)
        : await acceptRecoveryCode(trx, user.id, input.recovery_code!);
    if (!ok) return null;
    if (!(await takeChallenge(trx, user.challenge_id))) throw challengeInvalid();
    const token = await issueAccessToken(trx, user.id, { ip, userAgent });
    await audit(trx, {
      actorUserId: user.id,
      customerId: user.customer_id,
      action: 'login',
      ip,
      detail: { second_factor: kind },
    });
    return token;
  });
  if (!issued) {
    await audit(db, { actorUserId: user.id, customerId: user.customer_id, action: 'login.mfa_failed', ip });
    throw refuse('unauthenticated', 'mfaCodeInvalid', { pointer: kind === 'totp' ? '/code' : '/recovery_code' });
  }
  await attempt.passed();
  return signInAnswer(issued);
}

export async function startSignInEnrolment(
  deps: SignInStepDeps,
  input: LoginTwoFactorEnrolInput,
  ip: string,
): Promise<TotpEnrolment> {
  await deps.limiter.consume(SIGN_IN_LIMITS.perIp, ip);
  const user = await challengedUser(deps.db, input.mfa_token, 'enrol');
  if ((await factorOf(deps.db, user.id)).secret_enc) throw challengeInvalid();
  return startEnrolment(deps, user.id, user.email);
}

export async function finishSignInEnrolment(
  deps: SignInStepDeps,
  input: LoginTwoFactorEnrolConfirmInput,
  ip: string,
  userAgent?: string,
) {
  const { db, limiter } = deps;
  await limiter.consume(SIGN_IN_LIMITS.perIp, ip);
  const user = await challengedUser(db, input.mfa_token, 'enrol');
  const factor = await factorOf(db, user.id);
  if (factor.secret_enc) throw challengeInvalid();
  const attempt = await reserveCodeCheck(limiter, user.id, ip);
  const answer = await db.transaction().execute(async (trx) => {
    const codes = await finishEnrolment(
      trx,
      deps.secrets,
      { id: user.id, pending_enc: factor.pending_enc },
      input.code,
    );
    if (!codes || !(await takeChallenge(trx, user.challenge_id))) throw challengeInvalid();
    const token = await issueAccessToken(trx, user.id, { ip, userAgent });
    const actor = { userId: user.id, customerId: user.customer_id, ip };
    await auditChange(trx, actor, { action: 'mfa.enable', target: `user:${user.id}` });
    await auditChange(trx, actor, { action: 'login', detail: { second_factor: 'enrolment' } });
    return { ...signInAnswer(token), recovery_codes: codes };
  });
  await attempt.passed();
  return answer;
}
