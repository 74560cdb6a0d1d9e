import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
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

export function useLogoutMutation() {
  return useMutation({ mutationFn: logout });
}
