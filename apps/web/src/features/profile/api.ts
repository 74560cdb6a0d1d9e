import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { profileRoutes } from '@phonebot/shared/profile';
import { sessionRoutes } from '@phonebot/shared/sessions';
import type { ChangePasswordInput, OwnProfileInput, UserResource } from '@phonebot/shared/users';
import { ApiError, callApi } from '../../lib/api-client';

/** The signed-in user as My profile shows it; the id names the avatar's upload path. */
export type Me = UserResource['attributes'] & { id: number };

const toMe = ({ data }: { data: UserResource }): Me => ({ ...data.attributes, id: Number(data.id) });

/** Accepted avatar types and size, as the server checks them (its answers say the same when it refuses). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
};

export async function fetchMe(signal?: AbortSignal): Promise<Me> {
  return toMe(await callApi(profileRoutes.me, {}, { signal }));
}

/** A new e-mail address waits for its confirmation link: the answer names it as `pendingEmail`. */
export async function updateMe(
  input: Partial<OwnProfileInput> & { phone?: string | null },
): Promise<{ me: Me; pendingEmail: string | null }> {
  const answer = await callApi(profileRoutes.updateMe, { body: { data: { type: 'profile', attributes: input } } });
  return { me: toMe(answer), pendingEmail: answer.meta?.pending_email ?? null };
}

export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await callApi(profileRoutes.changePassword, { body: input });
}

export async function uploadAvatar({ userId, file }: { userId: number; file: File }): Promise<string | null> {
  const formData = new FormData();
  formData.append('attachment', file);
  try {
    return (await callApi(profileRoutes.uploadAvatar, { params: { id: userId } }, { formData })).meta.url;
  } catch (error) {
    // A proxy in front of the API may refuse a big upload itself, without a JSON:API body.
    if (error instanceof ApiError && error.status === 413 && !error.code) {
      const detail = error.message;
      throw new ApiError(413, [{ status: '413', code: 'imageTooLarge', title: detail, detail }]);
    }
    throw error;
  }
}

export async function removeAvatar(userId: number): Promise<void> {
  await callApi(profileRoutes.removeAvatar, { params: { id: userId } });
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

const sessionsKey = [...profileKeys.all, 'sessions'] as const;

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async ({ signal }) => (await callApi(sessionRoutes.list, {}, { signal })).data,
  });
}

function useSessionMutation<I>(mutationFn: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionsKey }) });
}

export function useEndSession() {
  return useSessionMutation((id: number) => callApi(sessionRoutes.end, { params: { id } }));
}

export function useEndOtherSessions() {
  return useSessionMutation(() => callApi(sessionRoutes.endOthers, {}));
}
