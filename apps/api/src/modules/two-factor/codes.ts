import type { Kysely } from 'kysely';
import { recoveryCodeSchema, totpCodeSchema } from '@phonebot/shared/two-factor';
import type { Database } from '../../db/schema';
import { HOUR, MINUTE } from '../../db/time';
import { refuse } from '../../lib/domain-errors';
import type { Limiter, RatePolicy } from '../../lib/rate-limit';
import type { SecretBox } from '../../lib/secrets';
import { matchTotp } from '../../lib/totp';
import { acceptRecoveryCode } from './recovery-codes';
import { factorOf, takeTotpStep } from './two-factor.store';

export type CodeDeps = { db: Kysely<Database>; limiter: Limiter; secrets: SecretBox };

/**
 * The encryption context of the secrets (they were first kept on the users table, hence the name; changing it would
 * make every stored secret unreadable).
 */
export const SECRET_CONTEXT = 'users.totp_secret';

/** Wrong codes are counted like wrong passwords (same limits): per account and client, and more slowly per account. */
const CODE_LIMITS = {
  failures: { name: 'mfa-fail', max: 10, windowMs: 15 * MINUTE },
  failuresAnyClient: { name: 'mfa-fail-any', max: 50, windowMs: HOUR },
} satisfies Record<string, RatePolicy>;

export function reserveCodeCheck(limiter: Limiter, userId: number, ip: string) {
  return limiter.reserve([
    [CODE_LIMITS.failures, `${userId}|${ip}`],
    [CODE_LIMITS.failuresAnyClient, String(userId)],
  ]);
}

export const codeInvalid = (pointer = '/code') => refuse('invalid', 'mfaCodeInvalid', { pointer });

/**
 * Takes a code of the app once: the step it belongs to is recorded with a conditional update, so the same code
 * (or an older one) sent twice, even at the same moment, is accepted only once.
 */
export async function acceptTotp(
  db: Kysely<Database>,
  secrets: SecretBox,
  user: { id: number; secret_enc: string | null },
  code: string,
): Promise<boolean> {
  if (!user.secret_enc) return false;
  const step = matchTotp(secrets.decrypt(user.secret_enc, SECRET_CONTEXT), code);
  if (step === null) return false;
  return takeTotpStep(db, user.id, step);
}

/** A code of the app or, failing that form, a recovery code, as one field (turning the second factor off). */
export async function acceptAnyCode(
  db: Kysely<Database>,
  secrets: SecretBox,
  user: { id: number; secret_enc: string | null },
  raw: string,
): Promise<boolean> {
  const totp = totpCodeSchema.safeParse(raw);
  if (totp.success) return acceptTotp(db, secrets, user, totp.data);
  const recovery = recoveryCodeSchema.safeParse(raw);
  return recovery.success ? acceptRecoveryCode(db, user.id, recovery.data) : false;
}

/**
 * Checks a code of the user's authenticator app for a step-up, counted like a sign-in's code (and taken once, like
 * every code). False when it is wrong or the user has no second factor.
 */
export async function acceptStepUpCode(deps: CodeDeps, userId: number, code: string, ip: string): Promise<boolean> {
  const parsed = totpCodeSchema.safeParse(code);
  if (!parsed.success) return false;
  const factor = await factorOf(deps.db, userId);
  if (!factor.secret_enc) return false;
  const attempt = await reserveCodeCheck(deps.limiter, userId, ip);
  if (!(await acceptTotp(deps.db, deps.secrets, { id: userId, secret_enc: factor.secret_enc }, parsed.data))) {
    return false;
  }
  await attempt.passed();
  return true;
}
