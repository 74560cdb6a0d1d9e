import type {
  ForgotInput,
  LoginInput,
  PasswordLinkInput,
  RegisterInput,
  ResetInput,
} from '@phonebot/shared/schemas/auth';
import { api } from '../../lib/api-client';
import { authSchemas, commonSchemas, userSchemas } from './schemas';

export const authKeys = {
  all: ['auth'] as const,
  role: () => [...authKeys.all, 'role'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

/*
 * Fetchers and query keys. The sign-in, sign-up and reset screens call the fetchers from their form's submit
 * handler (the form tracks the pending state); the query options and hooks of the signed-in shell are in
 * queries.ts, so TanStack Query is not part of the sign-in screens' first load.
 */

// Login and logout answer 401 for their own reasons (wrong password, token already gone); they must not trigger
// the global "token is dead" handling.
export async function login(input: LoginInput) {
  const [answer, schemas] = await Promise.all([
    api.post('/login', input, { dropTokenOn401: false }),
    authSchemas.load(),
  ]);
  return schemas.loginAnswerSchema.parse(answer);
}

export async function logout(): Promise<void> {
  await api.post('/logout', undefined, { dropTokenOn401: false });
}

export async function register(input: RegisterInput) {
  const [answer, schemas] = await Promise.all([api.post('/register', input), authSchemas.load()]);
  return schemas.statusAnswerSchema.parse(answer);
}

export async function forgotPassword(input: ForgotInput) {
  const [answer, schemas] = await Promise.all([api.post('/password-forgot', input), authSchemas.load()]);
  return schemas.statusAnswerSchema.parse(answer);
}

export async function resetPassword(input: ResetInput) {
  const [answer, schemas] = await Promise.all([api.post('/password-reset', input), authSchemas.load()]);
  return schemas.statusAnswerSchema.parse(answer);
}

/** What an e-mailed password link is for (reset or invite); a link that no longer works answers 422. */
export async function passwordLinkKind(input: PasswordLinkInput) {
  const [answer, schemas] = await Promise.all([api.post('/password-reset/link', input), authSchemas.load()]);
  return schemas.passwordLinkAnswerSchema.parse(answer).kind;
}

export async function fetchRole(signal?: AbortSignal) {
  const [answer, schemas] = await Promise.all([api.get('/role', { signal }), userSchemas.load()]);
  return schemas.roleAnswerSchema.parse(answer).role;
}

export async function fetchMe(signal?: AbortSignal) {
  const [answer, users, common] = await Promise.all([
    api.get('/me', { signal }),
    userSchemas.load(),
    commonSchemas.load(),
  ]);
  return common.resourceDocument('users', users.userAttributesSchema).parse(answer).data.attributes;
}
