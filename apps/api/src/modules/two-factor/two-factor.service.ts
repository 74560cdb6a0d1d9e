import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { type Role, can } from '@phonebot/shared';
import {
  type ConfirmTotpInput,
  type DisableTotpInput,
  type LoginTwoFactorEnrolConfirmInput,
  type LoginTwoFactorEnrolInput,
  type LoginTwoFactorInput,
  type TwoFactorStatus,
  RECOVERY_CODE_COUNT,
  type TotpEnrolment,
  recoveryCodeSchema,
  totpCodeSchema,
} from '@phonebot/shared/two-factor';
import type { Database, UserTokenKind } from '../../db/schema';
import { HOUR, MINUTE, isoIn, nowIso } from '../../db/time';
import { type Actor, audit, auditChange } from '../../lib/audit';
import { randomToken, tokenHash, verifyPassword } from '../../lib/crypto';
import { forbidden, notFound, refuse } from '../../lib/domain-errors';
import { queueMail } from '../../lib/mailer';
import type { Limiter, RatePolicy } from '../../lib/rate-limit';
import type { Principal } from '../../lib/router';
import type { SecretBox } from '../../lib/secrets';
import { base32Encode, matchTotp, newTotpSecret, otpauthUri } from '../../lib/totp';
import { mfaResetMail } from './auth.mails';
import { mailContext } from '../settings';
import { type AuthDeps, RATE_POLICIES, reservePasswordCheck } from './auth.service';
import type { StepUp } from './step-up';
import { endSessionsWithoutSecondFactor, issueAccessToken } from './tokens.service';
import {
  ACCOUNT_COLUMNS,
  accountAllowed,
  enableTotp,
  secondFactorOf,
  takeTotpStep,
  updateUser,
  userById,
} from '../users/users.store';

export type MfaDeps = AuthDeps & { secrets: SecretBox; stepUp: StepUp };

const ISSUER = 'Phonebot Portal';
const SECRET_CONTEXT = 'users.totp_secret';
/** How long the second step of a sign-in may take after the password. */
const CHALLENGE_TTL_MS = 10 * MINUTE;
const GLOBAL_SETTING = 'security.require_mfa';

/** Wrong codes are counted like wrong passwords (same limits): per account and client, and more slowly per account. */
const CODE_POLICIES = {
  failures: { name: 'mfa-fail', max: 10, windowMs: 15 * MINUTE },
  failuresAnyClient: { name: 'mfa-fail-any', max: 50, windowMs: HOUR },
} satisfies Record<string, RatePolicy>;

function reserveCodeCheck(limiter: Limiter, userId: number, ip: string) {
  return limiter.reserve([
    [CODE_POLICIES.failures, `${userId}|${ip}`],
    [CODE_POLICIES.failuresAnyClient, String(userId)],
  ]);
}

const codeInvalid = (pointer = '/code') => refuse('invalid', 'mfaCodeInvalid', { pointer });
const challengeInvalid = () => refuse('unauthenticated', 'mfaTokenInvalid');

export async function requireMfaEverywhere(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('settings').select('value').where('name', '=', GLOBAL_SETTING).executeTakeFirst();
  return row?.value === 'true';
}

/**
 * The super's "require two-factor sign-in" for every user. Turning it on ends the sessions of every user without a
 * second factor (but the super's own, who is in front of it): they set one up at their next sign-in.
 */
export async function setRequireMfaEverywhere(
  deps: Pick<MfaDeps, 'db' | 'stepUp'>,
  actor: Actor,
  value: boolean,
): Promise<void> {
  await deps.stepUp(actor);
  await deps.db.transaction().execute(async (trx) => {
    if (value) await endSessionsWithoutSecondFactor(trx, { all: true }, actor.session?.tokenId);
    await trx
      .insertInto('settings')
      .values({ name: GLOBAL_SETTING, value: String(value), updated_at: nowIso() })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })),
      )
      .execute();
    await auditChange(trx, actor, {
      action: 'settings.security',
      target: 'settings:security',
      customerId: null,
      detail: { require_mfa: value },
    });
  });
}

/** Whether a user must sign in with a second factor: the deployment requires it, or the user's company does. */
export async function mfaRequiredFor(
  db: Kysely<Database>,
  user: { customer_id: number | null; require_mfa?: number | null },
): Promise<boolean> {
  if (user.require_mfa === 1) return true;
  return requireMfaEverywhere(db);
}

/** Starts the second step of a sign-in: a one-time token that only the next step takes, for a few minutes. */
export async function issueChallenge(
  db: Kysely<Database>,
  userId: number,
  kind: Extract<UserTokenKind, 'mfa' | 'mfa-enrol'>,
): Promise<string> {
  const token = randomToken();
  await db
    .insertInto('user_tokens')
    .values({
      user_id: userId,
      kind,
      token_hash: tokenHash(token),
      expires_at: isoIn(CHALLENGE_TTL_MS),
      used_at: null,
      new_email: null,
      created_at: nowIso(),
    })
    .execute();
  return token;
}

function challengeQuery(db: Kysely<Database>, token: string, kind: UserTokenKind) {
  return db
    .selectFrom('user_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('customers as c', 'c.id', 'u.customer_id')
    .select([...ACCOUNT_COLUMNS, 't.id as challenge_id', 'u.id', 'u.email', 'u.totp_secret_enc', 'u.totp_pending_enc'])
    .where('t.token_hash', '=', tokenHash(token))
    .where('t.kind', '=', kind)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', nowIso());
}

/** The user of a sign-in waiting for its second step; the account must still be allowed in. */
async function challengedUser(db: Kysely<Database>, token: string, kind: UserTokenKind) {
  const user = await challengeQuery(db, token, kind).executeTakeFirst();
  if (!user) throw challengeInvalid();
  if (!accountAllowed(user)) throw refuse('forbidden', 'accountInactive');
  return user;
}

/** Uses up the challenge; false when a parallel request took it first. */
async function takeChallenge(db: Kysely<Database>, challengeId: number): Promise<boolean> {
  const row = await db
    .updateTable('user_tokens')
    .set({ used_at: nowIso() })
    .where('id', '=', challengeId)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Recovery codes are shown as four groups of four; they are stored as hashes, without the dashes. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const plain = base32Encode(crypto.randomBytes(10)).toLowerCase();
    return plain.match(/.{4}/g)!.join('-');
  });
}

async function replaceRecoveryCodes(db: Kysely<Database>, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
  const now = nowIso();
  await db
    .insertInto('mfa_recovery_codes')
    .values(
      codes.map((code) => ({
        user_id: userId,
        code_hash: tokenHash(code.replace(/-/g, '')),
        used_at: null,
        created_at: now,
      })),
    )
    .execute();
  return codes;
}

/**
 * Takes a code of the app once: the step it belongs to is recorded with a conditional update, so the same code
 * (or an older one) sent twice, even at the same moment, is accepted only once.
 */
async function acceptTotp(
  db: Kysely<Database>,
  deps: Pick<MfaDeps, 'secrets'>,
  user: { id: number; totp_secret_enc: string | null },
  code: string,
) {
  if (!user.totp_secret_enc) return false;
  const step = matchTotp(deps.secrets.decrypt(user.totp_secret_enc, SECRET_CONTEXT), code);
  if (step === null) return false;
  return takeTotpStep(db, user.id, step);
}

/** Uses up a recovery code with a conditional update: each one works once. */
async function acceptRecoveryCode(db: Kysely<Database>, userId: number, code: string) {
  const row = await db
    .updateTable('mfa_recovery_codes')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', tokenHash(code))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A code of the app or, failing that form, a recovery code, as one field (turning the second factor off). */
async function acceptAnyCode(
  db: Kysely<Database>,
  deps: MfaDeps,
  user: { id: number; totp_secret_enc: string | null },
  raw: string,
) {
  const totp = totpCodeSchema.safeParse(raw);
  if (totp.success) return acceptTotp(db, deps, user, totp.data);
  const recovery = recoveryCodeSchema.safeParse(raw);
  return recovery.success ? acceptRecoveryCode(db, user.id, recovery.data) : false;
}

/**
 * Checks a code of the user's authenticator app for a step-up, counted like a sign-in's code (and taken once, like
 * every code). False when it is wrong or the user has no second factor.
 */
export async function acceptStepUpCode(
  deps: Pick<MfaDeps, 'db' | 'limiter' | 'secrets'>,
  user: { id: number; totp_secret_enc: string | null },
  code: string,
  ip: string,
): Promise<boolean> {
  const parsed = totpCodeSchema.safeParse(code);
  if (!user.totp_secret_enc || !parsed.success) return false;
  const attempt = await reserveCodeCheck(deps.limiter, user.id, ip);
  if (!(await acceptTotp(deps.db, deps, user, parsed.data))) return false;
  await attempt.passed();
  return true;
}

function enrolment(secret: string, email: string): TotpEnrolment {
  return { secret, otpauth_uri: otpauthUri(secret, ISSUER, email) };
}

/** Hands out a new secret for enrolment; it works only once a code of it confirms it. */
async function startEnrolment(deps: MfaDeps, userId: number, email: string): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  await updateUser(deps.db, userId, { totp_pending_enc: deps.secrets.encrypt(secret, SECRET_CONTEXT) });
  return enrolment(secret, email);
}

/**
 * Turns the pending secret on when `code` is one of its codes: one conditional update, so two confirmations at once
 * turn it on once. Answers the new recovery codes, or null when another request changed the enrolment first.
 */
async function finishEnrolment(
  trx: Kysely<Database>,
  deps: MfaDeps,
  user: { id: number; totp_pending_enc: string | null },
  code: string,
): Promise<string[] | null> {
  if (!user.totp_pending_enc) throw refuse('conflict', 'mfaNotStarted');
  const step = matchTotp(deps.secrets.decrypt(user.totp_pending_enc, SECRET_CONTEXT), code);
  if (step === null) throw codeInvalid();
  if (!(await enableTotp(trx, user.id, user.totp_pending_enc, step))) return null;
  return replaceRecoveryCodes(trx, user.id);
}

function signInAnswer(issued: { token: string; expiresIn: number }) {
  return { access_token: issued.token, token_type: 'Bearer' as const, expires_in: issued.expiresIn };
}

// ---- signed in: the user's own second factor ----

async function ownUser(db: Kysely<Database>, userId: number) {
  const user = await secondFactorOf(db, userId);
  if (!user) throw notFound();
  return user;
}

export async function mfaStatus(db: Kysely<Database>, userId: number): Promise<TwoFactorStatus> {
  const user = await ownUser(db, userId);
  const left = await db
    .selectFrom('mfa_recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    enabled: user.totp_secret_enc !== null,
    required: await mfaRequiredFor(db, user),
    recovery_codes_left: Number(left.n),
  };
}

export async function startTotp(deps: MfaDeps, actor: Actor): Promise<TotpEnrolment> {
  const user = await ownUser(deps.db, actor.userId);
  if (user.totp_secret_enc) throw refuse('conflict', 'mfaAlreadyEnabled');
  await deps.stepUp(actor);
  return startEnrolment(deps, user.id, user.email);
}

export async function confirmTotp(deps: MfaDeps, actor: Actor, input: ConfirmTotpInput): Promise<string[]> {
  const user = await ownUser(deps.db, actor.userId);
  if (user.totp_secret_enc) throw refuse('conflict', 'mfaAlreadyEnabled');
  // The body's code is the new secret's, not a proof of the user: the step-up is the password (or a recent one).
  await deps.stepUp(actor, { ignoreCode: true });
  const attempt = await reserveCodeCheck(deps.limiter, user.id, actor.ip);
  const codes = await deps.db.transaction().execute(async (trx) => {
    const created = await finishEnrolment(trx, deps, user, input.code);
    if (created) await auditChange(trx, actor, { action: 'mfa.enable', target: `user:${user.id}` });
    return created;
  });
  if (!codes) throw refuse('conflict', 'mfaAlreadyEnabled');
  await attempt.passed();
  return codes;
}

async function clearSecondFactor(trx: Kysely<Database>, userId: number): Promise<void> {
  await updateUser(trx, userId, {
    totp_secret_enc: null,
    totp_pending_enc: null,
    totp_enabled_at: null,
    totp_last_step: null,
    updated_at: nowIso(),
  });
  await trx.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
}

/** Turns the second factor off; the password and a code (or a recovery code) must both be right. */
export async function disableTotp(deps: MfaDeps, actor: Actor, input: DisableTotpInput): Promise<void> {
  const { db, limiter } = deps;
  const user = await ownUser(db, actor.userId);
  if (!user.totp_secret_enc) throw refuse('conflict', 'mfaNotEnabled');
  await deps.stepUp(actor, { checksBoth: true });
  const passwordAttempt = await reservePasswordCheck(limiter, user.email, actor.ip);
  if (!(await verifyPassword(input.password, user.password_hash))) {
    throw refuse('invalid', 'currentPasswordIssue', { pointer: '/password' });
  }
  await passwordAttempt.passed();
  const codeAttempt = await reserveCodeCheck(limiter, user.id, actor.ip);
  const done = await db.transaction().execute(async (trx) => {
    if (!(await acceptAnyCode(trx, deps, user, input.code))) return false;
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
export async function resetUserMfa(
  deps: MfaDeps,
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
    await queueMail(trx, mfaResetMail(context, publicUrl, target.email, target.name));
  });
  mailer.wake();
}

function isResetter(role: Role): boolean {
  return role === 'super' || can(role, 'users.manage');
}

// ---- the second step of a sign-in ----

export async function loginMfa(deps: MfaDeps, input: LoginTwoFactorInput, ip: string, userAgent?: string) {
  const { db, limiter } = deps;
  await limiter.consume(RATE_POLICIES.perIp, ip);
  const user = await challengedUser(db, input.mfa_token, 'mfa');
  const attempt = await reserveCodeCheck(limiter, user.id, ip);
  const kind = input.code !== undefined ? 'totp' : 'recovery_code';
  const issued = await db.transaction().execute(async (trx) => {
    const ok =
      input.code !== undefined
        ? await acceptTotp(trx, deps, user, input.code)
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

export async function loginMfaEnrol(
  deps: MfaDeps,
  input: LoginTwoFactorEnrolInput,
  ip: string,
): Promise<TotpEnrolment> {
  await deps.limiter.consume(RATE_POLICIES.perIp, ip);
  const user = await challengedUser(deps.db, input.mfa_token, 'mfa-enrol');
  if (user.totp_secret_enc) throw challengeInvalid();
  return startEnrolment(deps, user.id, user.email);
}

export async function loginMfaEnrolConfirm(
  deps: MfaDeps,
  input: LoginTwoFactorEnrolConfirmInput,
  ip: string,
  userAgent?: string,
) {
  const { db, limiter } = deps;
  await limiter.consume(RATE_POLICIES.perIp, ip);
  const user = await challengedUser(db, input.mfa_token, 'mfa-enrol');
  if (user.totp_secret_enc) throw challengeInvalid();
  const attempt = await reserveCodeCheck(limiter, user.id, ip);
  const answer = await db.transaction().execute(async (trx) => {
    const codes = await finishEnrolment(trx, deps, user, input.code);
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
