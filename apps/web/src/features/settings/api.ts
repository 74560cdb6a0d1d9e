import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Operator, OperatorInput } from '@phonebot/shared/settings';
import { settingsRoutes } from '@phonebot/shared/settings';
import { twoFactorRoutes } from '@phonebot/shared/two-factor';
import { callApi } from '../../lib/api-client';
import { reloadOperator } from '../../lib/public-config';

export const settingsKeys = {
  all: ['settings'] as const,
  operator: () => [...settingsKeys.all, 'operator'] as const,
};

export async function fetchOperator(signal?: AbortSignal): Promise<Operator> {
  return (await callApi(settingsRoutes.operator, {}, { signal })).data.attributes;
}

export async function updateOperator(input: OperatorInput): Promise<Operator> {
  const body = { data: { type: 'operator-settings' as const, attributes: input } };
  return (await callApi(settingsRoutes.updateOperator, { body })).data.attributes;
}

export const operatorQuery = () =>
  queryOptions({ queryKey: settingsKeys.operator(), queryFn: ({ signal }) => fetchOperator(signal) });

export function useOperatorSettings() {
  return useQuery(operatorQuery());
}

/** Saves the operator; every footer (this tab's included) then shows the new values. */
export function useUpdateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOperator,
    onSuccess: async (operator) => {
      queryClient.setQueryData(settingsKeys.operator(), operator);
      await reloadOperator();
    },
  });
}

const securityKey = [...settingsKeys.all, 'security'] as const;

/** Whether every user of the deployment must sign in with a second factor. */
export function useSecuritySettings() {
  return useQuery({
    queryKey: securityKey,
    queryFn: async ({ signal }) => (await callApi(twoFactorRoutes.security, {}, { signal })).data.attributes,
  });
}

export function useUpdateSecurity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (requireMfa: boolean) => {
      const body = { data: { type: 'security-settings' as const, attributes: { require_mfa: requireMfa } } };
      return (await callApi(twoFactorRoutes.updateSecurity, { body })).data.attributes;
    },
    onSuccess: (saved) => queryClient.setQueryData(securityKey, saved),
  });
}
