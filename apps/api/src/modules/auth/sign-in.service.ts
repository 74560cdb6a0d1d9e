import type { Kysely } from 'kysely';
import type { LoginInput } from '@phonebot/shared/auth';
import type { OperatorInput } from '@phonebot/shared/settings';
import type { Database } from '../../db/schema';
import { audit } from '../../lib/audit';
import { verifyPassword } from '../../lib/crypto';
import { refuse } from '../../lib/domain-errors';
import type { Mailer } from '../../lib/mailer';
import type { Limiter } from '../../lib/rate-limit';
import { SIGN_IN_LIMITS, reservePasswordCheck } from '../../lib/sign-in-limits';
import { issueAccessToken } from '../sessions';
import { issueChallenge, secondFactorOn, twoFactorRequiredFor } from '../two-factor';
import { accountAllowed, accountByEmail } from '../users';
import { type DeviceCookie, deviceSetCookie, knownDevice, readDeviceMark } from './known-devices';

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
 * The password step of a sign-in. A device that knows the account (its mark, `device`) is limited on its own; any
 * other client per address and client and per address over all clients. A right password marks the device.
 */
export async function login(deps: AuthDeps, input: LoginInput, ip: string, userAgent?: string, device?: DeviceCookie) {
  const { db, limiter } = deps;
  await limiter.consume(SIGN_IN_LIMITS.perIp, ip);
  const user = await accountByEmail(db, input.email);
  const mark = readDeviceMark(device?.header);
  const attempt = knownDevice(deps.deviceKey, mark, user)
    ? await limiter.reserve([[SIGN_IN_LIMITS.loginFailuresKnownDevice, `${input.email}|${mark!.id}`]])
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
  if (await secondFactorOn(db, user.id)) {
    return { mfa_required: true as const, mfa_token: await issueChallenge(db, user.id, 'code') };
  }
  if (await twoFactorRequiredFor(db, user)) {
    return { mfa_enrolment_required: true as const, mfa_token: await issueChallenge(db, user.id, 'enrol') };
  }
  const { token, expiresIn } = await db.transaction().execute(async (trx) => {
    const issued = await issueAccessToken(trx, user.id, { ip, userAgent });
    await audit(trx, { actorUserId: user.id, customerId: user.customer_id, action: 'login', ip });
    return issued;
  });
  return { access_token: token, token_type: 'Bearer' as const, expires_in: expiresIn };
}
