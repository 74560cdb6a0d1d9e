import { RESET_TOKEN_TTL_MINUTES } from '@phonebot/shared';
import type { ForgotInput, PasswordLinkInput, ResetInput } from '@phonebot/shared/auth';
import { MINUTE, nowIso } from '../../db/time';
import { audit } from '../../lib/audit';
import { hashPassword, tokenHash } from '../../lib/crypto';
import { refuse } from '../../lib/domain-errors';
import { queueMail } from '../../lib/mailer';
import { SIGN_IN_LIMITS } from '../../lib/sign-in-limits';
import { revokeUserTokens } from '../sessions';
import { mailContext } from '../settings';
import { accountByEmail, updateUser } from '../users';
import { resetMail } from './auth.mails';
import { cancelPasswordLinks, consumeUserToken, issueUserToken } from './one-time-links';
import type { AuthDeps } from './sign-in.service';

/** Mails a reset link when the address is known; the answer is the same either way. */
export async function forgotPassword(deps: AuthDeps, input: ForgotInput, ip: string): Promise<void> {
  const { db, limiter, mailer, publicUrl } = deps;
  await limiter.consume(SIGN_IN_LIMITS.perIp, ip);
  await limiter.consume(SIGN_IN_LIMITS.forgot, input.email);
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
  await limiter.consume(SIGN_IN_LIMITS.perIp, ip);
  const attempt = await limiter.reserve([
    [SIGN_IN_LIMITS.resetFailures, `${input.email}|${ip}`],
    [SIGN_IN_LIMITS.resetFailuresAnyClient, input.email],
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
 * What a reset or invitation link that still works is for, so its page greets an invited user with "Set your
 * password". Only the holder of the link learns anything; a wrong token counts as a failed reset.
 */
export async function passwordLinkKind(
  deps: AuthDeps,
  input: PasswordLinkInput,
  ip: string,
): Promise<'reset' | 'invite'> {
  const { db, limiter } = deps;
  await limiter.consume(SIGN_IN_LIMITS.perIp, ip);
  // Counted like a reset attempt: a wrong token is a guess at a link.
  const attempt = await limiter.reserve([
    [SIGN_IN_LIMITS.resetFailures, `${input.email}|${ip}`],
    [SIGN_IN_LIMITS.resetFailuresAnyClient, input.email],
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
