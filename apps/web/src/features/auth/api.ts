import type {
  ConfirmEmailInput,
  ForgotInput,
  LoginInput,
  PasswordLinkInput,
  RegisterInput,
  ResetInput,
  VerifyEmailInput,
} from '@phonebot/shared/schemas/auth';
import type { Language } from '../../lib/i18n';
import { callApi } from '../../lib/api-client';
import { lazyValue } from '../../lib/lazy-value';

export const authKeys = {
  all: ['auth'] as const,
  role: () => [...authKeys.all, 'role'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

/*
 * Fetchers and query keys. The sign-in, sign-up and reset screens call the fetchers from their form's submit
 * handler (the form tracks the pending state); the query options and hooks of the signed-in shell are in
 * queries.ts, so TanStack Query is not part of the sign-in screens' first load. The contracts (and with them zod)
 * are loaded on first use for the same reason.
 */
const authContracts = lazyValue(async () => (await import('@phonebot/shared/contracts/auth')).authContracts);
const profileContracts = lazyValue(async () => (await import('@phonebot/shared/contracts/profile')).profileContracts);

// Login and logout answer 401 for their own reasons (wrong password, token already gone); they must not trigger
// the global "token is dead" handling.
export async function login(input: LoginInput) {
  return (await callApi((await authContracts.load()).login, { body: input }, { dropTokenOn401: false })).meta;
}

export async function logout(): Promise<void> {
  await callApi((await authContracts.load()).logout, {}, { dropTokenOn401: false });
}

export async function register(input: RegisterInput) {
  return (await callApi((await authContracts.load()).register, { body: input })).meta;
}

export async function verifyEmail(input: VerifyEmailInput) {
  return (await callApi((await authContracts.load()).verifyEmail, { body: input })).meta;
}

export async function confirmEmail(input: ConfirmEmailInput) {
  return (await callApi((await authContracts.load()).confirmEmail, { body: input })).meta;
}

export async function forgotPassword(input: ForgotInput) {
  return (await callApi((await authContracts.load()).forgotPassword, { body: input })).meta;
}

export async function resetPassword(input: ResetInput) {
  return (await callApi((await authContracts.load()).resetPassword, { body: input })).meta;
}

/** What an e-mailed password link is for (reset or invite); a link that no longer works answers 422. */
export async function passwordLinkKind(input: PasswordLinkInput) {
  return (await callApi((await authContracts.load()).passwordLink, { body: input })).meta.kind;
}

export async function fetchRole(signal?: AbortSignal) {
  return (await callApi((await authContracts.load()).role, {}, { signal })).meta.role;
}

/** Saves the language chosen for the screens on the account, so the mails to the user are written in it too. */
export async function saveLanguage(language: Language) {
  const body = { data: { type: 'profile' as const, attributes: { language } } };
  return (await callApi((await profileContracts.load()).updateMe, { body })).data.attributes;
}

export async function fetchMe(signal?: AbortSignal) {
  const { data } = await callApi((await profileContracts.load()).me, {}, { signal });
  return { ...data.attributes, id: Number(data.id) };
}

const mfaContracts = lazyValue(async () => (await import('@phonebot/shared/contracts/mfa')).mfaContracts);

/** The second step of a sign-in: a code of the authenticator app or a recovery code. */
export async function loginMfa(input: { mfa_token: string; code?: string; recovery_code?: string }) {
  return (await callApi((await mfaContracts.load()).loginMfa, { body: input }, { dropTokenOn401: false })).meta;
}

/** Starts the set-up of a second factor that the company requires, during sign-in. */
export async function loginMfaEnrol(mfaToken: string) {
  return (
    await callApi(
      (await mfaContracts.load()).loginMfaEnrol,
      { body: { mfa_token: mfaToken } },
      { dropTokenOn401: false },
    )
  ).meta;
}

export async function loginMfaEnrolConfirm(input: { mfa_token: string; code: string }) {
  return (await callApi((await mfaContracts.load()).loginMfaEnrolConfirm, { body: input }, { dropTokenOn401: false }))
    .meta;
}
