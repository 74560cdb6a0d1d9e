import { queryOptions, useIsMutating, useMutation, useQuery } from '@tanstack/react-query';
import { authKeys, fetchMe, fetchRole, logout } from './api';

export const roleQuery = () =>
  queryOptions({
    queryKey: authKeys.role(),
    queryFn: ({ signal }) => fetchRole(signal),
    staleTime: 5 * 60_000,
  });

export const meQuery = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => fetchMe(signal),
  });

export function useRole() {
  return useQuery(roleQuery());
}

export function useMe() {
  return useQuery(meQuery());
}

const LOGOUT_KEY = ['logout'] as const;

export function useLogoutMutation() {
  return useMutation({ mutationKey: LOGOUT_KEY, mutationFn: logout });
}

/** Whether a logout is on its way, started from any of the screen's logout entries. */
export function useLoggingOut(): boolean {
  return useIsMutating({ mutationKey: LOGOUT_KEY }) > 0;
}
