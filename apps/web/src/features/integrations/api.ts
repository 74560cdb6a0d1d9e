import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyInput } from '@phonebot/shared/schemas/integration';
import { apiKeyContracts } from '@phonebot/shared/contracts/api-keys';
import { callApi } from '../../lib/api-client';

export const integrationKeys = {
  all: ['integrations'] as const,
  apiKeys: () => [...integrationKeys.all, 'api-keys'] as const,
};

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: integrationKeys.apiKeys(),
    queryFn: async ({ signal }) => (await callApi(apiKeyContracts.listApiKeys, {}, { signal })).data,
  });

export function useApiKeys() {
  return useQuery(apiKeysQuery());
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateApiKeyInput) =>
      (await callApi(apiKeyContracts.createApiKey, { body: { data: { type: 'api-keys', attributes: input } } })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys() }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await callApi(apiKeyContracts.revokeApiKey, { params: { id } });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys() }),
  });
}
