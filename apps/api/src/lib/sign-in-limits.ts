import { HOUR, MINUTE } from '../db/time';
import type { Limiter, RatePolicy } from './rate-limit';

/**
 * The limits on attempts to sign in and on the other public account calls, which sign-in (modules/auth), the second
 * step (modules/two-factor), the step-up (modules/step-up) and My profile's password change all count against.
 *
 * Failed sign-ins and resets are counted per address AND client (so a stranger failing on purpose does not lock
 * the owner out of their own browser) and, more slowly, per address over every client (so guessing spread over
 * many clients is still stopped). That lock holds only against strangers: a device the account's password was
 * entered on before (its signed mark, modules/auth/known-devices.ts) is counted on its own instead, 10 per 15
 * minutes, so an attack from many addresses does not lock the owner out. Sign-ups are limited per address and per
 * client; every public call per client, generously, since a whole office may share one address.
 */
export const SIGN_IN_LIMITS = {
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
    [SIGN_IN_LIMITS.loginFailures, `${email}|${ip}`],
    [SIGN_IN_LIMITS.loginFailuresAnyClient, email],
  ]);
}
