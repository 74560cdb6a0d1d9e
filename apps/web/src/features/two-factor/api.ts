import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { twoFactorRoutes } from '@phonebot/shared/two-factor';
import { callApi } from '../../lib/api-client';

export const twoFactorKeys = {
  all: ['two-factor'] as const,
  status: () => [...twoFactorKeys.all, 'status'] as const,
};

/** The signed-in user's own second factor: whether it is on, required, and how many recovery codes are left. */
export const mfaQuery = () =>
  queryOptions({
    queryKey: twoFactorKeys.status(),
    queryFn: async ({ signal }) => (await callApi(twoFactorRoutes.status, {}, { signal })).meta,
  });

export function useMfa() {
  return useQuery(mfaQuery());
}

function useMfaMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: mfaQuery().queryKey }),
  });
}

export function useStartTotp() {
  return useMutation({ mutationFn: async () => (await callApi(twoFactorRoutes.startTotp, {})).meta });
}

export function useConfirmTotp() {
  return useMfaMutation(
    async (code: string) => (await callApi(twoFactorRoutes.confirmTotp, { body: { code } })).meta.recovery_codes,
  );
}

export function useDisableTotp() {
  return useMfaMutation(async (input: { password: string; code: string }) => {
    await callApi(twoFactorRoutes.disableTotp, { body: input });
  });
}

/** Resets another user's lost second factor (an admin for the company, the super for any customer's user). */
export function useResetUserMfa(onReset?: () => void) {
  return useMutation({
    mutationFn: async (id: number) => {
      await callApi(twoFactorRoutes.resetUserMfa, { params: { id } });
    },
    onSuccess: onReset,
  });
}
