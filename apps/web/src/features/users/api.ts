import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { AddUserInput, UpdateUserInput, UserResource } from '@phonebot/shared/users';
import { userRoutes } from '@phonebot/shared/users';
import { callApi } from '../../lib/api-client';

/** A user of the signed-in admin's company, as the Users screens show it. */
export type CompanyUser = UserResource['attributes'] & { id: number };

const toUser = ({ id, attributes }: UserResource): CompanyUser => ({ ...attributes, id: Number(id) });

export const usersKeys = {
  all: ['users'] as const,
  list: () => [...usersKeys.all, 'list'] as const,
  detail: (id: number) => [...usersKeys.all, 'detail', id] as const,
};

export async function fetchUsers(signal?: AbortSignal): Promise<CompanyUser[]> {
  return (await callApi(userRoutes.listUsers, { query: { per_page: 'all' } }, { signal })).data.map(toUser);
}

export async function fetchUser(id: number, signal?: AbortSignal): Promise<CompanyUser> {
  return toUser((await callApi(userRoutes.getUser, { params: { id } }, { signal })).data);
}

export async function createUser(input: AddUserInput): Promise<CompanyUser> {
  const body = { data: { type: 'users' as const, attributes: input } };
  return toUser((await callApi(userRoutes.createUser, { body })).data);
}

export async function updateUser({ id, input }: { id: number; input: UpdateUserInput }): Promise<CompanyUser> {
  const body = { data: { type: 'users' as const, id: String(id), attributes: input } };
  return toUser((await callApi(userRoutes.updateUser, { params: { id }, body })).data);
}

export async function deleteUser(id: number): Promise<void> {
  await callApi(userRoutes.deleteUser, { params: { id } });
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
      // The row leaves the list at once (docs/product.md §6), not only after the refetch.
      queryClient.setQueryData(usersKeys.list(), (users: CompanyUser[] | undefined) =>
        users?.filter((user) => user.id !== id),
      );
      queryClient.removeQueries({ queryKey: usersKeys.detail(id) });
      refresh();
    },
  });
}
