import type {
  ConfirmEmailInput,
  ForgotInput,
  LoginInput,
  PasswordLinkInput,
  RegisterInput,
  ResetInput,
  VerifyEmailInput,
} from '@phonebot/shared/auth';
import { authRoutes } from '@phonebot/shared/auth';
import { profileRoutes } from '@phonebot/shared/profile';
import type { Language } from '../../lib/i18n';
import { callApi } from '../../lib/api-client';

export const authKeys = {
  all: ['auth'] as const,
  role: () => [...authKeys.all, 'role'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

/*
 * Fetchers and query keys. The sign-in, sign-up and reset screens call the fetchers from their form's submit
 * handler (the form tracks the pending state); the query options and hooks of the signed-in shell are in
 * queries.ts, so TanStack Query is not part of the sign-in screens' first load.
 * The routes carry no schema, so zod is no part of them either.
 */

// Login and logout answer 401 for their own reasons (wrong password, token already gone); they must not trigger
// the global "token is dead" handling.
export async function login(input: LoginInput) {
  return (await callApi(authRoutes.login, { body: input }, { dropTokenOn401: false })).meta;
}

export async function logout(): Promise<void> {
  await callApi(authRoutes.logout, {}, { dropTokenOn401: false });
}

export async function register(input: RegisterInput) {
  return (await callApi(authRoutes.register, { body: input })).meta;
}

export async function verifyEmail(input: VerifyEmailInput) {
  return (await callApi(authRoutes.verifyEmail, { body: input })).meta;
}

export async function confirmEmail(input: ConfirmEmailInput) {
  return (await callApi(authRoutes.confirmEmail, { body: input })).meta;
}

export async function forgotPassword(input: ForgotInput) {
  return (await callApi(authRoutes.forgotPassword, { body: input })).meta;
}

export async function resetPassword(input: ResetInput) {
  return (await callApi(authRoutes.resetPassword, { body: input })).meta;
}

/** What an e-mailed password link is for (reset or invite); a link that no longer works answers 422. */
export async function passwordLinkKind(input: PasswordLinkInput) {
  return (await callApi(authRoutes.passwordLink, { body: input })).meta.kind;
}

export async function fetchRole(signal?: AbortSignal) {
  return (await callApi(authRoutes.role, {}, { signal })).meta.role;
}

/** Saves the language chosen for the screens on the account, so the mails to the user are written in it too. */
export async function saveLanguage(language: Language) {
  const body = { data: { type: 'profile' as const, attributes: { language } } };
  return (await callApi(profileRoutes.updateMe, { body })).data.attributes;
}

export async function fetchMe(signal?: AbortSignal) {
  const { data } = await callApi(profileRoutes.me, {}, { signal });
  return { ...data.attributes, id: Number(data.id) };
}
