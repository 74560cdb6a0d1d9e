import { VERIFY_TOKEN_TTL_HOURS } from '@phonebot/shared';
import type { RegisterInput, VerifyEmailInput } from '@phonebot/shared/auth';
import { HOUR, nowIso } from '../../db/time';
import { audit } from '../../lib/audit';
import { hashPassword } from '../../lib/crypto';
import { refuse } from '../../lib/domain-errors';
import { queueMail } from '../../lib/mailer';
import { SIGN_IN_LIMITS } from '../../lib/sign-in-limits';
import { insertCustomer } from '../customers';
import { mailContext } from '../settings';
import { accountByEmail, insertUser, updateUser } from '../users';
import { alreadyRegisteredMail, verificationMail } from './auth.mails';
import { consumeUserToken, issueUserToken } from './one-time-links';
import type { AuthDeps } from './sign-in.service';

/**
 * Creates the customer with the registrant as its Inactive, unverified admin. A known address gets the same
 * answer and a mail telling its owner they already have an account, so the answer reveals nothing.
 */
export async function register(deps: AuthDeps, input: RegisterInput, ip: string): Promise<void> {
  const { db, limiter, mailer, publicUrl } = deps;
  await limiter.consume(SIGN_IN_LIMITS.perIp, ip);
  await limiter.consume(SIGN_IN_LIMITS.registerPerClient, ip);
  await limiter.consume(SIGN_IN_LIMITS.register, input.email);
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
  await limiter.consume(SIGN_IN_LIMITS.perIp, ip);
  const user = await accountByEmail(db, input.email.trim().toLowerCase());
  const used = user ? await consumeUserToken(db, user.id, ['verify'], input.token) : undefined;
  if (!user || used === undefined) throw refuse('invalid', 'verifyLinkInvalid', { pointer: '/token' });
  if (!user.email_verified_at) {
    await updateUser(db, user.id, { email_verified_at: nowIso(), updated_at: nowIso() });
  }
}
