import type { Kysely } from 'kysely';
import { type Role, can } from '@phonebot/shared';
import type { OperatorInput } from '@phonebot/shared/settings';
import type { ConfirmTotpInput, DisableTotpInput, TotpEnrolment, TwoFactorStatus } from '@phonebot/shared/two-factor';
import type { Database } from '../../db/schema';
import { type Actor, auditChange } from '../../lib/audit';
import { verifyPassword } from '../../lib/crypto';
import { forbidden, notFound, refuse } from '../../lib/domain-errors';
import { type Mailer, queueMail } from '../../lib/mailer';
import type { Principal, StepUp } from '../../lib/principal';
import type { Limiter } from '../../lib/rate-limit';
import type { SecretBox } from '../../lib/secrets';
import { reservePasswordCheck } from '../../lib/sign-in-limits';
import { mailContext } from '../settings';
import { credentialsOf, userById } from '../users';
import { acceptAnyCode, codeInvalid, reserveCodeCheck } from './codes';
import { finishEnrolment, startEnrolment } from './enrolment';
import { deleteRecoveryCodes, recoveryCodesLeft } from './recovery-codes';
import { twoFactorRequiredFor } from './requirement';
import { twoFactorResetMail } from './two-factor.mails';
import { deleteFactor, factorOf } from './two-factor.store';

export type TwoFactorDeps = {
  db: Kysely<Database>;
  mailer: Mailer;
  limiter: Limiter;
  secrets: SecretBox;
  stepUp: StepUp;
  publicUrl: string;
  /** The operator's identity from the environment; Settings may override it (mails name the operator). */
  operator: OperatorInput;
};

/** The signed-in user with their second factor, as My profile's two-factor section reads them. */
async function ownUser(db: Kysely<Database>, userId: number) {
  const user = await credentialsOf(db, userId);
  if (!user) throw notFound();
  return { ...user, ...(await factorOf(db, userId)) };
}

export async function twoFactorStatus(db: Kysely<Database>, userId: number): Promise<TwoFactorStatus> {
  const user = await ownUser(db, userId);
  return {
    enabled: user.secret_enc !== null,
    required: await twoFactorRequiredFor(db, user),
    recovery_codes_left: await recoveryCodesLeft(db, userId),
  };
}

export async function startTotp(deps: TwoFactorDeps, actor: Actor): Promise<TotpEnrolment> {
  const user = await ownUser(deps.db, actor.userId);
  if (user.secret_enc) throw refuse('conflict', 'mfaAlreadyEnabled');
  await deps.stepUp(actor);
  return startEnrolment(deps, user.id, user.email);
}

export async function confirmTotp(deps: TwoFactorDeps, actor: Actor, input: ConfirmTotpInput): Promise<string[]> {
  const user = await ownUser(deps.db, actor.userId);
  if (user.secret_enc) throw refuse('conflict', 'mfaAlreadyEnabled');
  // The body's code is the new secret's, not a proof of the user: the step-up is the password (or a recent one).
  await deps.stepUp(actor, { ignoreCode: true });
  const attempt = await reserveCodeCheck(deps.limiter, user.id, actor.ip);
  const codes = await deps.db.transaction().execute(async (trx) => {
    const created = await finishEnrolment(trx, deps.secrets, user, input.code);
    if (created) await auditChange(trx, actor, { action: 'mfa.enable', target: `user:${user.id}` });
    return created;
  });
  if (!codes) throw refuse('conflict', 'mfaAlreadyEnabled');
  await attempt.passed();
  return codes;
}

async function clearSecondFactor(trx: Kysely<Database>, userId: number): Promise<void> {
  await deleteFactor(trx, userId);
  await deleteRecoveryCodes(trx, userId);
}

/** Turns the second factor off; the password and a code (or a recovery code) must both be right. */
export async function disableTotp(deps: TwoFactorDeps, actor: Actor, input: DisableTotpInput): Promise<void> {
  const { db, limiter } = deps;
  const user = await ownUser(db, actor.userId);
  if (!user.secret_enc) throw refuse('conflict', 'mfaNotEnabled');
  await deps.stepUp(actor, { checksBoth: true });
  const passwordAttempt = await reservePasswordCheck(limiter, user.email, actor.ip);
  if (!(await verifyPassword(input.password, user.password_hash))) {
    throw refuse('invalid', 'currentPasswordIssue', { pointer: '/password' });
  }
  await passwordAttempt.passed();
  const codeAttempt = await reserveCodeCheck(limiter, user.id, actor.ip);
  const done = await db.transaction().execute(async (trx) => {
    if (!(await acceptAnyCode(trx, deps.secrets, user, input.code))) return false;
    await clearSecondFactor(trx, user.id);
    await auditChange(trx, actor, { action: 'mfa.disable', target: `user:${user.id}` });
    return true;
  });
  if (!done) throw codeInvalid();
  await codeAttempt.passed();
}

/**
 * Resets a user's lost second factor: a company admin for the users of their company, the super for anyone. The
 * user is mailed, so a reset they did not ask for does not go unnoticed.
 */
export async function resetTwoFactor(
  deps: TwoFactorDeps,
  principal: Pick<Principal, 'role' | 'customerId'>,
  actor: Actor,
  userId: number,
): Promise<void> {
  const { db, mailer, publicUrl } = deps;
  if (!isResetter(principal.role)) throw forbidden();
  const target = await userById(db, userId);
  if (!target || (principal.role !== 'super' && target.customer_id !== principal.customerId)) throw notFound();
  await deps.stepUp(actor);
  await db.transaction().execute(async (trx) => {
    await clearSecondFactor(trx, target.id);
    await auditChange(trx, actor, { action: 'mfa.reset', target: `user:${target.id}`, customerId: target.customer_id });
    const context = await mailContext(trx, deps.operator, target.language);
    await queueMail(trx, twoFactorResetMail(context, publicUrl, target.email, target.name));
  });
  mailer.wake();
}

function isResetter(role: Role): boolean {
  return role === 'super' || can(role, 'users.manage');
}
