import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { API_BASE, RESET_TOKEN_TTL_MINUTES, VERIFY_TOKEN_TTL_HOURS } from '@phonebot/shared';
import type {
  LoginInput,
  RegisterInput,
  ForgotInput,
  PasswordLinkInput,
  ResetInput,
  VerifyEmailInput,
  ConfirmEmailInput,
} from '@phonebot/shared/auth';
import type { OperatorInput } from '@phonebot/shared/settings';
import { isUniqueViolation } from '../../db/errors';
import type { Database, UserTokenKind } from '../../db/schema';
import { DAY, HOUR, MINUTE, isoIn, nowIso } from '../../db/time';
import { audit } from '../../lib/audit';
import { hashPassword, randomToken, tokenHash, verifyPassword } from '../../lib/crypto';
import { refuse } from '../../lib/domain-errors';
import { type Mailer, queueMail } from '../../lib/mailer';
import type { Limiter, RatePolicy } from '../../lib/rate-limit';
import { issueChallenge, mfaRequiredFor } from './mfa.service';
import { issueAccessToken, revokeUserTokens } from './tokens.service';
import { alreadyRegisteredMail, resetMail, verificationMail } from './auth.mails';
import { mailContext } from '../settings';
import { accountAllowed, accountByEmail, insertUser, updateUser } from '../users/users.store';
import { insertCustomer } from '../customers/customers.store';

export type AuthDeps = {
  db: Kysely<Database>;
  mailer: Mailer;
  limiter: Limiter;
  publicUrl: string;
  /** The operator's identity from the environment; Settings may override it (mails name the operator). */
  operator: OperatorInput;
  /** Signs the marks of known devices (derived from the secrets key, so it survives restarts). */
  deviceKey: Buffer;
};

/**
 * Failed sign-ins and resets are counted per address AND client (so a stranger failing on purpose does not lock
 * the owner out of their own browser) and, more slowly, per address over every client (so guessing spread over
 * many clients is still stopped). That lock holds only against strangers: a device the account's password was
 * entered on before (its signed mark, see `knownDevice`) is counted on its own instead, 10 per 15 minutes, so an
 * attack from many addresses does not lock the owner out. Sign-ups are limited per address and per client; every
 * public call per client, generously, since a whole office may share one address.
 */
export const RATE_POLICIES = {
  perIp: { name: 'ip', max: 300, windowMs: 15 * MINUTE },
  loginFailures: { name: 'login-fail', max: 10, windowMs: 15 * MINUTE },
  loginFailuresAnyClient: { name: 'login-fail-any', max: 50, windowMs: HOUR },
  loginFailuresKnownDevice: { name: 'login-fail-device', max: 10, windowMs: 15 * MINUTE },
  register: { name: 'register', max: 5, windowMs: HOUR },
  registerPerClient: { name: 'register-ip', max: 10, windowMs: HOUR },
  forgot: { name: 'forgot', max: 5, windowMs: 15 * MINUTE },
  resetFailures: { name: 'reset-fail', max: 10, windowMs: 15 * MINUTE },
  resetFailuresAnyClient: { name: 'reset-fail-any', max: 50, windowMs: HOUR },
} satisfies Record<string, RatePolicy>;

/**
 * Reserves a password check of `email` from `ip` before it runs (see Limiter.reserve): a burst of parallel
 * guesses gets at most the limit checked, the rest 429, and a right password after the limit is refused too.
 */
export function reservePasswordCheck(limiter: Limiter, email: string, ip: string) {
  return limiter.reserve([
    [RATE_POLICIES.loginFailures, `${email}|${ip}`],
    [RATE_POLICIES.loginFailuresAnyClient, email],
  ]);
}

/** The cookie that marks a device on which an account's password was entered (docs/decisions.md). */
const DEVICE_COOKIE = 'pbp_device';
const DEVICE_COOKIE_PATH = `${API_BASE}/login`;
const DEVICE_COOKIE_DAYS = 365;
/** Accounts one device is known for at most (the newest sign-ins). */
const DEVICE_ACCOUNTS = 5;
const DEVICE_PART = '[A-Za-z0-9_-]{22}';
const DEVICE_VALUE = new RegExp(`^${DEVICE_PART}(?:\\.${DEVICE_PART}){0,${DEVICE_ACCOUNTS}}$`);

/** A device's mark as its cookie carries it: the device's random id and a signature per account it knows. */
type DeviceMark = { id: string; marks: string[] };

/** How a sign-in reads and renews the device mark of the client (the cookie header, and a Set-Cookie to send). */
type DeviceCookie = { header: string | undefined; set: (setCookie: string) => void };

function readDeviceMark(cookieHeader: string | undefined): DeviceMark | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== DEVICE_COOKIE) continue;
    const value = part.slice(at + 1).trim();
    if (!DEVICE_VALUE.test(value)) return undefined;
    const [id, ...marks] = value.split('.');
    return { id: id!, marks };
  }
  return undefined;
}

/**
 * The signature that this device knows this account, bound to the account's password: setting a new password (a
 * reset after a break-in) makes every device a stranger again until the password is entered on it.
 */
function deviceSignature(key: Buffer, deviceId: string, user: { id: number; password_hash: string | null }): string {
  return crypto
    .createHmac('sha256', key)
    .update(`login-device|${deviceId}|${user.id}|${user.password_hash ?? ''}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

function knownDevice(
  key: Buffer,
  device: DeviceMark | undefined,
  user: { id: number; password_hash: string | null } | undefined,
): boolean {
  if (!device || !user) return false;
  const expected = Buffer.from(deviceSignature(key, device.id, user));
  return device.marks.some((mark) => {
    const given = Buffer.from(mark);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}

/** The Set-Cookie of a device that just passed the password step of `user`: its known accounts, newest first. */
function deviceSetCookie(
  deps: AuthDeps,
  device: DeviceMark | undefined,
  user: { id: number; password_hash: string | null },
): string {
  const id = device?.id ?? crypto.randomBytes(16).toString('base64url');
  const mark = deviceSignature(deps.deviceKey, id, user);
  const marks = [mark, ...(device?.marks ?? []).filter((m) => m !== mark)].slice(0, DEVICE_ACCOUNTS);
  const secure = deps.publicUrl.startsWith('https:') ? '; Secure' : '';
  return (
    `${DEVICE_COOKIE}=${[id, ...marks].join('.')}; Max-Age=${(DEVICE_COOKIE_DAYS * DAY) / 1000}; ` +
    `Path=${DEVICE_COOKIE_PATH}; HttpOnly; SameSite=Strict${secure}`
  );
}

export async function issueUserToken(
  db: Kysely<Database>,
  userId: number,
  kind: UserTokenKind,
  ttlMs: number,
  newEmail: string | null = null,
): Promise<string> {
  const token = randomToken();
  const now = nowIso();
  // A new link replaces the older ones of its kind: only the newest mail works.
  await db
    .updateTable('user_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('user_tokens')
    .values({
      user_id: userId,
      kind,
      token_hash: tokenHash(token),
      expires_at: isoIn(ttlMs),
      used_at: null,
      new_email: newEmail,
      created_at: now,
    })
    .execute();
  return token;
}

/** Marks a one-time token used and answers its id, or undefined when it is unknown, used, expired or someone else's. */
async function consumeUserToken(
  db: Kysely<Database>,
  userId: number,
  kinds: UserTokenKind[],
  token: string,
): Promise<number | undefined> {
  const now = nowIso();
  const row = await db
    .updateTable('user_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash(token))
    .where('user_id', '=', userId)
    .where('kind', 'in', kinds)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * The password step of a sign-in. A device that knows the account (its mark, `device`) is limited on its own; any
 * other client per address and client and per address over all clients. A right password marks the device.
 */
export async function login(deps: AuthDeps, input: LoginInput, ip: string, userAgent?: string, device?: DeviceCookie) {
  const { db, limiter } = deps;
  await limiter.consume(RATE_POLICIES.perIp, ip);
  const user = await accountByEmail(db, input.email);
  const mark = readDeviceMark(device?.header);
  const attempt = knownDevice(deps.deviceKey, mark, user)
    ? await limiter.reserve([[RATE_POLICIES.loginFailuresKnownDevice, `${input.email}|${mark!.id}`]])
    : await reservePasswordCheck(limiter, input.email, ip);
  const passwordOk = await verifyPassword(input.password, user?.password_hash);
  if (!user || !passwordOk) {
    // Whoever typed the address is unknown: the account is the entry's object, never its actor.
    await audit(db, {
      actorUserId: null,
      customerId: user?.customer_id ?? null,
      action: 'login.failed',
      target: user ? `user:${user.id}` : null,
      ip,
    });
    throw refuse('unauthenticated', 'invalidCredentials');
  }
  await attempt.passed();
  if (!user.email_verified_at) throw refuse('forbidden', 'emailNotVerified');
  if (!accountAllowed(user)) throw refuse('forbidden', 'accountInactive');
  device?.set(deviceSetCookie(deps, mark, user));
  // With a second factor (or one required and not set up yet) the password only opens the second step.
  if (user.totp_secret_enc) return { mfa_required: true as const, mfa_token: await issueChallenge(db, user.id, 'mfa') };
  if (await mfaRequiredFor(db, user)) {
    return { mfa_enrolment_required: true as const, mfa_token: await issueChallenge(db, user.id, 'mfa-enrol') };
  }
  const { token, expiresIn } = await db.transaction().execute(async (trx) => {
    const issued = await issueAccessToken(trx, user.id, { ip, userAgent });
    await audit(trx, { actorUserId: user.id, customerId: user.customer_id, action: 'login', ip });
    return issued;
  });
  return { access_token: token, token_type: 'Bearer' as const, expires_in: expiresIn };
}

/**
 * Creates the customer with the registrant as its Inactive, unverified admin. A known address gets the same
 * answer and a mail telling its owner they already have an account, so the answer reveals nothing.
 */
export async function register(deps: AuthDeps, input: RegisterInput, ip: string): Promise<void> {
  const { db, limiter, mailer, publicUrl } = deps;
  await limiter.consume(RATE_POLICIES.perIp, ip);
  await limiter.consume(RATE_POLICIES.registerPerClient, ip);
  await limiter.consume(RATE_POLICIES.register, input.email);
  const passwordHash = await hashPassword(input.password);
  const existing = await accountByEmail(db, input.email);
  if (existing) {
    const context = await mailContext(db, deps.operator, existing.language);
    await queueMail(db, alreadyRegisteredMail(context, publicUrl, existing.email, existing.name));
    mailer.wake();
    return;
  }
  const language = input.language ?? 'en';
  const context = await mailContext(db, deps.operator, language);
  try {
    await db.transaction().execute(async (trx) => {
      const customerId = await insertCustomer(trx, {
        companyName: input.company_name || null,
        companyEmail: input.email,
      });
      const user = await insertUser(trx, {
        customerId,
        name: input.name,
        email: input.email,
        role: 'admin',
        status: 'Inactive',
        verified: false,
        passwordHash,
        language,
      });
      const token = await issueUserToken(trx, user.id, 'verify', VERIFY_TOKEN_TTL_HOURS * HOUR);
      await audit(trx, { actorUserId: user.id, customerId, action: 'register', ip });
      await queueMail(trx, verificationMail(context, publicUrl, input.email, input.name, token));
    });
  } catch (error) {
    // Two sign-ups with one address at once: the unique e-mail lets one win; the other is a known address now.
    if (await accountByEmail(db, input.email)) return;
    throw error;
  }
  mailer.wake();
}

/**
 * Verifies the address of a verification link. The link opens a page that sends its values here, so a mail
 * scanner that fetches links cannot use up the one-time token.
 */
export async function verifyEmail(deps: AuthDeps, input: VerifyEmailInput, ip: string): Promise<void> {
  const { db, limiter } = deps;
  await limiter.consume(RATE_POLICIES.perIp, ip);
  const user = await accountByEmail(db, input.email.trim().toLowerCase());
  const used = user ? await consumeUserToken(db, user.id, ['verify'], input.token) : undefined;
  if (!user || used === undefined) throw refuse('invalid', 'verifyLinkInvalid', { pointer: '/token' });
  if (!user.email_verified_at) {
    await updateUser(db, user.id, { email_verified_at: nowIso(), updated_at: nowIso() });
  }
}

/**
 * Confirms an e-mail change with the token of the link mailed to the new address (its page at /confirm-email sends
 * it, so a mail scanner that opens links cannot use it up): the address becomes the user's (unless another account
 * took it meanwhile), counts as verified, and reset links mailed to the old one stop working.
 */
export async function confirmEmailChange(deps: AuthDeps, input: ConfirmEmailInput, ip: string): Promise<void> {
  const { db, limiter } = deps;
  await limiter.consume(RATE_POLICIES.perIp, ip);
  const invalid = () => refuse('invalid', 'verifyLinkInvalid', { pointer: '/token' });
  try {
    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const used = await trx
        .updateTable('user_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash(input.token))
        .where('kind', '=', 'email-change')
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id', 'new_email'])
        .executeTakeFirst();
      if (!used?.new_email) throw invalid();
      const user = await updateUser(trx, used.user_id, {
        email: used.new_email,
        email_verified_at: now,
        updated_at: now,
      });
      await cancelPasswordLinks(trx, user.id);
      await audit(trx, { actorUserId: user.id, customerId: user.customer_id, action: 'email.change', ip });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid();
    throw error;
  }
}

/** Mails a reset link when the address is known; the answer is the same either way. */
export async function forgotPassword(deps: AuthDeps, input: ForgotInput, ip: string): Promise<void> {
  const { db, limiter, mailer, publicUrl } = deps;
  await limiter.consume(RATE_POLICIES.perIp, ip);
  await limiter.consume(RATE_POLICIES.forgot, input.email);
  const user = await accountByEmail(db, input.email);
  if (!user) return;
  const context = await mailContext(db, deps.operator, user.language);
  await db.transaction().execute(async (trx) => {
    const token = await issueUserToken(trx, user.id, 'reset', RESET_TOKEN_TTL_MINUTES * MINUTE);
    const page = resetPageUrl(publicUrl, input.redirect_url);
    await queueMail(trx, resetMail(context, page, user.email, user.name, token));
  });
  mailer.wake();
}

/** The client's redirect_url is used only on PUBLIC_URL's own origin, so a mail never links elsewhere. */
export function resetPageUrl(publicUrl: string, redirectUrl: string | undefined): string {
  const fallback = `${publicUrl}/password-reset`;
  if (!redirectUrl) return fallback;
  try {
    const url = new URL(redirectUrl);
    if (url.origin !== new URL(publicUrl).origin) return fallback;
    return `${url.origin}${url.pathname}`;
  } catch {
    return fallback;
  }
}

/**
 * Sets a new password from a reset or invitation link. The link proves the mailbox, so it also verifies the
 * address; every session of the user ends, and every other pending reset or invitation link stops working.
 */
export async function resetPassword(deps: AuthDeps, input: ResetInput, ip: string): Promise<void> {
  const { db, limiter } = deps;
  await limiter.consume(RATE_POLICIES.perIp, ip);
  const attempt = await limiter.reserve([
    [RATE_POLICIES.resetFailures, `${input.email}|${ip}`],
    [RATE_POLICIES.resetFailuresAnyClient, input.email],
  ]);
  const passwordHash = await hashPassword(input.password);
  const user = await accountByEmail(db, input.email);
  const done = user
    ? await db.transaction().execute(async (trx) => {
        const tokenId = await consumeUserToken(trx, user.id, ['reset', 'invite'], input.token);
        if (tokenId === undefined) return false;
        const now = nowIso();
        await updateUser(trx, user.id, {
          password_hash: passwordHash,
          email_verified_at: user.email_verified_at ?? now,
          updated_at: now,
        });
        await revokeUserTokens(trx, user.id);
        await cancelPasswordLinks(trx, user.id);
        await audit(trx, { actorUserId: user.id, customerId: user.customer_id, action: 'password.reset', ip });
        return true;
      })
    : false;
  if (!done) throw refuse('invalid', 'resetLinkInvalid', { pointer: '/token' });
  await attempt.passed();
}

/**
 * Ends every pending reset and invitation link of a user, and every sign-in waiting for its second step (its
 * challenge came from the old password): the password was just set.
 */
export async function cancelPasswordLinks(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('user_tokens')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('kind', 'in', ['reset', 'invite', 'mfa', 'mfa-enrol'])
    .where('used_at', 'is', null)
    .execute();
}

/**
 * What a reset or invitation link that still works is for, so its page greets an invited user with "Set your
 * password". Only the holder of the link learns anything; a wrong token counts as a failed reset.
 */
export async function passwordLinkKind(
  deps: AuthDeps,
  input: PasswordLinkInput,
  ip: string,
): Promise<'reset' | 'invite'> {
  const { db, limiter } = deps;
  await limiter.consume(RATE_POLICIES.perIp, ip);
  // Counted like a reset attempt: a wrong token is a guess at a link.
  const attempt = await limiter.reserve([
    [RATE_POLICIES.resetFailures, `${input.email}|${ip}`],
    [RATE_POLICIES.resetFailuresAnyClient, input.email],
  ]);
  const now = nowIso();
  const row = await db
    .selectFrom('user_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select('t.kind')
    .where('u.email', '=', input.email)
    .where('t.token_hash', '=', tokenHash(input.token))
    .where('t.kind', 'in', ['reset', 'invite'])
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', now)
    .executeTakeFirst();
  if (row?.kind !== 'reset' && row?.kind !== 'invite') {
    throw refuse('invalid', 'resetLinkInvalid', { pointer: '/token' });
  }
  await attempt.passed();
  return row.kind;
}
