import type { Kysely } from 'kysely';
import {
  RESET_TOKEN_TTL_MINUTES,
  VERIFY_TOKEN_TTL_HOURS,
  type LoginInput,
  type RegisterInput,
  type ForgotInput,
  type ResetInput,
  type VerifyEmailInput,
} from '@phonebot/shared';
import type { Database, UserTokenKind } from '../../db/schema';
import { HOUR, MINUTE, isoIn, nowIso } from '../../db/time';
import { audit } from '../../lib/audit';
import { hashPassword, randomToken, tokenHash, verifyPassword } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { Limiter, RatePolicy } from '../../lib/rate-limit';
import { issueAccessToken, revokeUserTokens } from './tokens.service';
import { alreadyRegisteredMail, resetMail, verificationMail } from './auth.mails';

export type AuthDeps = {
  db: Kysely<Database>;
  mailer: Mailer;
  limiter: Limiter;
  publicUrl: string;
};

/**
 * Per address strictly, per IP generously: a whole office may sign in from one address (DESIGN.md "Accounts").
 */
export const RATE_POLICIES = {
  perIp: { name: 'ip', max: 300, windowMs: 15 * MINUTE },
  loginFailures: { name: 'login-fail', max: 10, windowMs: 15 * MINUTE },
  register: { name: 'register', max: 5, windowMs: HOUR },
  forgot: { name: 'forgot', max: 5, windowMs: 15 * MINUTE },
  resetFailures: { name: 'reset-fail', max: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, RatePolicy>;

export async function issueUserToken(
  db: Kysely<Database>,
  userId: number,
  kind: UserTokenKind,
  ttlMs: number,
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

function findUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('customers as c', 'c.id', 'u.customer_id')
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.role',
      'u.status',
      'u.customer_id',
      'u.email_verified_at',
      'u.password_hash',
      'c.status as customer_status',
    ])
    .where('u.email', '=', email)
    .executeTakeFirst();
}

export async function login(deps: AuthDeps, input: LoginInput, ip: string) {
  const { db, limiter } = deps;
  await limiter.consume(RATE_POLICIES.perIp, ip);
  await limiter.ensureBelow(RATE_POLICIES.loginFailures, input.email);
  const user = await findUserByEmail(db, input.email);
  const passwordOk = await verifyPassword(input.password, user?.password_hash);
  if (!user || !passwordOk) {
    await limiter.recordFailure(RATE_POLICIES.loginFailures, input.email);
    await audit(db, {
      actorUserId: user?.id ?? null,
      customerId: user?.customer_id ?? null,
      action: 'login.failed',
      ip,
    });
    throw ApiError.of(401, 'invalidCredentials');
  }
  if (!user.email_verified_at) throw ApiError.of(403, 'emailNotVerified');
  if (user.status !== 'Active' || (user.role !== 'super' && user.customer_status !== 'Active')) {
    throw ApiError.of(403, 'accountInactive');
  }
  await limiter.reset(RATE_POLICIES.loginFailures, input.email);
  const { token, expiresIn } = await issueAccessToken(db, user.id);
  await audit(db, { actorUserId: user.id, customerId: user.customer_id, action: 'login', ip });
  return { access_token: token, token_type: 'Bearer' as const, expires_in: expiresIn };
}

/**
 * Creates the customer with the registrant as its Inactive, unverified admin. A known address gets the same
 * answer and a mail telling its owner they already have an account, so the answer reveals nothing.
 */
export async function register(deps: AuthDeps, input: RegisterInput, ip: string): Promise<void> {
  const { db, limiter, mailer, publicUrl } = deps;
  await limiter.consume(RATE_POLICIES.perIp, ip);
  await limiter.consume(RATE_POLICIES.register, input.email);
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    mailer.enqueue(alreadyRegisteredMail(publicUrl, existing.email, existing.name));
    return;
  }
  const now = nowIso();
  let created: { userId: number; token: string } | undefined;
  try {
    created = await db.transaction().execute(async (trx) => {
      const customer = await trx
        .insertInto('customers')
        .values({
          company_name: null,
          address: null,
          pin: null,
          city: null,
          phone: null,
          company_email: input.email,
          bank: null,
          iban: null,
          bic: null,
          status: 'Inactive',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await trx
        .insertInto('users')
        .values({
          customer_id: customer.id,
          name: input.name,
          email: input.email,
          role: 'admin',
          status: 'Inactive',
          email_verified_at: null,
          password_hash: passwordHash,
          avatar_path: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = await issueUserToken(trx, user.id, 'verify', VERIFY_TOKEN_TTL_HOURS * HOUR);
      return { userId: user.id, token };
    });
  } catch (error) {
    // Two sign-ups with one address at once: the unique e-mail lets one win; the other is a known address now.
    if (await findUserByEmail(db, input.email)) return;
    throw error;
  }
  await audit(db, { actorUserId: created.userId, action: 'register', ip });
  mailer.enqueue(verificationMail(publicUrl, input.email, input.name, created.token));
}

/**
 * Verifies the address of a verification link. The link opens a page that sends its values here, so a mail
 * scanner that fetches links cannot use up the one-time token.
 */
export async function verifyEmail(deps: AuthDeps, input: VerifyEmailInput, ip: string): Promise<void> {
  const { db, limiter } = deps;
  await limiter.consume(RATE_POLICIES.perIp, ip);
  const user = await findUserByEmail(db, input.email.trim().toLowerCase());
  const used = user ? await consumeUserToken(db, user.id, ['verify'], input.token) : undefined;
  if (!user || used === undefined) throw ApiError.of(422, 'verifyLinkInvalid', { pointer: '/token' });
  if (!user.email_verified_at) {
    await db
      .updateTable('users')
      .set({ email_verified_at: nowIso(), updated_at: nowIso() })
      .where('id', '=', user.id)
      .execute();
  }
}

/** Mails a reset link when the address is known; the answer is the same either way. */
export async function forgotPassword(deps: AuthDeps, input: ForgotInput, ip: string): Promise<void> {
  const { db, limiter, mailer, publicUrl } = deps;
  await limiter.consume(RATE_POLICIES.perIp, ip);
  await limiter.consume(RATE_POLICIES.forgot, input.email);
  const user = await findUserByEmail(db, input.email);
  if (!user) return;
  const token = await issueUserToken(db, user.id, 'reset', RESET_TOKEN_TTL_MINUTES * MINUTE);
  mailer.enqueue(resetMail(resetPageUrl(publicUrl, input.redirect_url), user.email, user.name, token));
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
 * address; every session of the user ends.
 */
export async function resetPassword(deps: AuthDeps, input: ResetInput, ip: string): Promise<void> {
  const { db, limiter } = deps;
  await limiter.consume(RATE_POLICIES.perIp, ip);
  await limiter.ensureBelow(RATE_POLICIES.resetFailures, input.email);
  const passwordHash = await hashPassword(input.password);
  const user = await findUserByEmail(db, input.email);
  const done = user
    ? await db.transaction().execute(async (trx) => {
        const tokenId = await consumeUserToken(trx, user.id, ['reset', 'invite'], input.token);
        if (tokenId === undefined) return false;
        const now = nowIso();
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, email_verified_at: user.email_verified_at ?? now, updated_at: now })
          .where('id', '=', user.id)
          .execute();
        await revokeUserTokens(trx, user.id);
        return true;
      })
    : false;
  if (!done) {
    await limiter.recordFailure(RATE_POLICIES.resetFailures, input.email);
    throw ApiError.of(422, 'resetLinkInvalid', { pointer: '/token' });
  }
  await audit(db, {
    actorUserId: user?.id ?? null,
    customerId: user?.customer_id ?? null,
    action: 'password.reset',
    ip,
  });
}
