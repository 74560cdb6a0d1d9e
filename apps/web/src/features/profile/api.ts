import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { API_BASE, JSONAPI_MEDIA_TYPE } from '@phonebot/shared/constants';
import type { JsonApiErrorObject } from '@phonebot/shared/schemas/common';
import { userAttributesSchema, type ChangePasswordInput, type OwnProfileInput } from '@phonebot/shared/schemas/user';
import { ApiError, api } from '../../lib/api-client';
import { clearToken, getToken } from '../../lib/auth-token';

const meDocumentSchema = z
  .object({ data: z.object({ type: z.literal('users'), id: z.string(), attributes: userAttributesSchema }) })
  .transform(({ data }) => ({ ...data.attributes, id: Number(data.id) }));
const uploadAnswerSchema = z.object({ url: z.string().nullable() });
/** A new e-mail address waits for its confirmation link: the answer names it in meta. */
const updateAnswerSchema = z.object({ meta: z.object({ pending_email: z.string() }).optional() });

/** The signed-in user as My profile shows it; the id names the avatar's upload path. */
export type Me = z.output<typeof meDocumentSchema>;

/** Accepted avatar types and size, as the server checks them (its answers say the same when it refuses). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
};

export async function fetchMe(signal?: AbortSignal): Promise<Me> {
  return meDocumentSchema.parse(await api.get('/me', { signal }));
}

export async function updateMe(input: Partial<OwnProfileInput>): Promise<{ me: Me; pendingEmail: string | null }> {
  const answer = await api.patch('/me', { data: { type: 'profile', attributes: input } });
  return {
    me: meDocumentSchema.parse(answer),
    pendingEmail: updateAnswerSchema.parse(answer).meta?.pending_email ?? null,
  };
}

export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await api.post('/change', input);
}

function isErrorDocument(value: unknown): value is { errors: JsonApiErrorObject[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { errors?: unknown }).errors);
}

/**
 * A multipart POST. The shared client sends JSON only, so this repeats its token, media type and error handling
 * for the one upload of the app.
 */
async function postMultipart(path: string, body: FormData): Promise<unknown> {
  const token = getToken();
  const headers: Record<string, string> = { Accept: JSONAPI_MEDIA_TYPE };
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { method: 'POST', headers, body });
  } catch {
    const detail = 'The server could not be reached.';
    throw new ApiError(0, [{ status: '0', code: 'serviceUnavailable', title: detail, detail }]);
  }
  const text = await response.text();
  let payload: unknown;
  try {
    payload = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    payload = undefined;
  }
  if (response.ok) return payload;
  if (response.status === 401 && token !== null) clearToken('expired');
  if (isErrorDocument(payload)) throw new ApiError(response.status, payload.errors);
  // A proxy in front of the API may refuse a big upload itself, without a JSON:API body.
  const code = response.status === 413 ? 'imageTooLarge' : response.status >= 500 ? 'serverError' : 'somethingWrong';
  throw new ApiError(response.status, [
    { status: String(response.status), code, title: response.statusText, detail: response.statusText },
  ]);
}

export async function uploadAvatar({ userId, file }: { userId: number; file: File }): Promise<string | null> {
  const body = new FormData();
  body.append('attachment', file);
  return uploadAnswerSchema.parse(await postMultipart(`/uploads/users/${userId}/profile-image`, body)).url;
}

export async function removeAvatar(userId: number): Promise<void> {
  await api.delete(`/uploads/users/${userId}/profile-image`);
}

export const meQuery = () =>
  queryOptions({
    queryKey: profileKeys.me(),
    queryFn: ({ signal }) => fetchMe(signal),
  });

export function useMe() {
  return useQuery(meQuery());
}

/**
 * Mutations refresh this feature's queries and the `alsoInvalidate` keys the composing screen passes (the
 * navbar's name of the signed-in user), since features do not know each other's keys.
 */
function useRefresh(alsoInvalidate: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [profileKeys.all, ...alsoInvalidate]) void queryClient.invalidateQueries({ queryKey });
  };
}

export function useUpdateMe(alsoInvalidate: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(alsoInvalidate);
  return useMutation({
    mutationFn: updateMe,
    onSuccess: ({ me }) => {
      queryClient.setQueryData(profileKeys.me(), me);
      refresh();
    },
  });
}

export function useUploadAvatar(alsoInvalidate: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(alsoInvalidate);
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (url) => {
      queryClient.setQueryData(profileKeys.me(), (me: Me | undefined) => me && { ...me, avatar_url: url });
      refresh();
    },
  });
}

export function useRemoveAvatar(alsoInvalidate: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(alsoInvalidate);
  return useMutation({
    mutationFn: removeAvatar,
    onSuccess: () => {
      queryClient.setQueryData(profileKeys.me(), (me: Me | undefined) => me && { ...me, avatar_url: null });
      refresh();
    },
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
