import { twoFactorRoutes } from '@phonebot/shared/two-factor';
import { callApi } from '../../lib/api-client';

/*
 * The second step of a sign-in (components/login-mfa-step.tsx) and the factor the step-up question asks for. Plain
 * fetchers: they load with the sign-in page, before the app, and carry no query library.
 */

/** Whether the signed-in user's second factor is on: the step-up question then asks for a code, not the password. */
export async function fetchSecondFactorOn(): Promise<boolean> {
  return (await callApi(twoFactorRoutes.status, {})).meta.enabled;
}

/** The second step of a sign-in: a code of the authenticator app or a recovery code. */
export async function loginMfa(input: { mfa_token: string; code?: string; recovery_code?: string }) {
  return (await callApi(twoFactorRoutes.loginMfa, { body: input }, { dropTokenOn401: false })).meta;
}

/** Starts the set-up of a second factor that the company requires, during sign-in. */
export async function loginMfaEnrol(mfaToken: string) {
  return (await callApi(twoFactorRoutes.loginMfaEnrol, { body: { mfa_token: mfaToken } }, { dropTokenOn401: false }))
    .meta;
}

export async function loginMfaEnrolConfirm(input: { mfa_token: string; code: string }) {
  return (await callApi(twoFactorRoutes.loginMfaEnrolConfirm, { body: input }, { dropTokenOn401: false })).meta;
}
