import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { userAttributesSchema, type AddUserInput, type UpdateUserInput } from '@phonebot/shared/schemas/user';
import { api } from '../../lib/api-client';

const userResourceSchema = z
  .object({ type: z.literal('users'), id: z.string(), attributes: userAttributesSchema })
  .transform(({ id, attributes }) => ({ ...attributes, id: Number(id) }));
const userDocumentSchema = z.object({ data: userResourceSchema });
const userListSchema = z.object({ data: z.array(userResourceSchema) });

/** A user of the signed-in admin's company, as the Users screens show it. */
export type CompanyUser = z.output<typeof userResourceSchema>;

export const usersKeys = {
  all: ['users'] as const,
  list: () => [...usersKeys.all, 'list'] as const,
  detail: (id: number) => [...usersKeys.all, 'detail', id] as const,
};

export async function fetchUsers(signal?: AbortSignal): Promise<CompanyUser[]> {
  return userListSchema.parse(await api.get('/user', { signal })).data;
}

export async function fetchUser(id: number, signal?: AbortSignal): Promise<CompanyUser> {
  return userDocumentSchema.parse(await api.get(`/user/${id}`, { signal })).data;
}

export async function createUser(input: AddUserInput): Promise<CompanyUser> {
  return userDocumentSchema.parse(await api.post('/user', { data: { type: 'users', attributes: input } })).data;
}

export async function updateUser({ id, input }: { id: number; input: UpdateUserInput }): Promise<CompanyUser> {
  const body = { data: { type: 'users', id: String(id), attributes: input } };
  return userDocumentSchema.parse(await api.patch(`/user/${id}`, body)).data;
}

export async function deleteUser(id: number): Promise<void> {
  await api.delete(`/user/${id}`);
}

export const usersQuery = () =>
  queryOptions({
    queryKey: usersKeys.list(),
    queryFn: ({ signal }) => fetchUsers(signal),
  });

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: usersKeys.detail(id),
    queryFn: ({ signal }) => fetchUser(id, signal),
  });

export function useUsers() {
  return useQuery(usersQuery());
}

/** `id` is null when the screen's link names no user; nothing is fetched then. */
export function useUser(id: number | null) {
  return useQuery({ ...userQuery(id ?? 0), enabled: id !== null });
}

/**
 * Mutations refresh this feature's queries and the `alsoInvalidate` keys the composing screen passes (the home
 * dashboard's user count, the signed-in user's own role and name), since features do not know each other's keys.
 * The refresh is not awaited, so the toast does not wait for it.
 */
function useRefresh(alsoInvalidate: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [usersKeys.all, ...alsoInvalidate]) void queryClient.invalidateQueries({ queryKey });
  };
}

export function useCreateUser(alsoInvalidate: readonly QueryKey[] = []) {
  const refresh = useRefresh(alsoInvalidate);
  return useMutation({ mutationFn: createUser, onSuccess: refresh });
}

export function useUpdateUser(alsoInvalidate: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(alsoInvalidate);
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      queryClient.setQueryData(usersKeys.detail(user.id), user);
      refresh();
    },
  });
}

export function useDeleteUser(alsoInvalidate: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(alsoInvalidate);
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_, id) => {
      // The row leaves the list at once (SPEC §4), not only after the refetch.
      queryClient.setQueryData(usersKeys.list(), (users: CompanyUser[] | undefined) =>
        users?.filter((user) => user.id !== id),
      );
      queryClient.removeQueries({ queryKey: usersKeys.detail(id) });
      refresh();
    },
  });
}
