import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyInput } from '@phonebot/shared/api-keys';
import { apiKeyRoutes } from '@phonebot/shared/api-keys';
import type { CreateWebhookInput, UpdateWebhookInput } from '@phonebot/shared/webhooks';
import { webhookRoutes } from '@phonebot/shared/webhooks';
import { callApi } from '../../lib/api-client';

export const integrationKeys = {
  all: ['integrations'] as const,
  apiKeys: () => [...integrationKeys.all, 'api-keys'] as const,
};

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: integrationKeys.apiKeys(),
    queryFn: async ({ signal }) => (await callApi(apiKeyRoutes.listApiKeys, {}, { signal })).data,
  });

export function useApiKeys() {
  return useQuery(apiKeysQuery());
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateApiKeyInput) =>
      (await callApi(apiKeyRoutes.createApiKey, { body: { data: { type: 'api-keys', attributes: input } } })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys() }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await callApi(apiKeyRoutes.revokeApiKey, { params: { id } });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys() }),
  });
}

export const webhookKeys = {
  all: [...integrationKeys.all, 'webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (id: string) => [...webhookKeys.all, 'deliveries', id] as const,
};

export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.list(),
    queryFn: async ({ signal }) => (await callApi(webhookRoutes.listWebhooks, {}, { signal })).data,
  });
}

/** A delivery log refreshes itself while it is open, so attempts and answers show up as they happen. */
export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: async ({ signal }) =>
      (await callApi(webhookRoutes.listWebhookDeliveries, { params: { id }, query: { per_page: 25 } }, { signal }))
        .data,
    refetchInterval: 5_000,
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateWebhookInput) =>
      (await callApi(webhookRoutes.createWebhook, { body: { data: { type: 'webhooks', attributes: input } } })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...attributes }: UpdateWebhookInput & { id: string }) =>
      (
        await callApi(webhookRoutes.updateWebhook, {
          params: { id },
          body: { data: { type: 'webhooks', id, attributes } },
        })
      ).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await callApi(webhookRoutes.deleteWebhook, { params: { id } });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await callApi(webhookRoutes.testWebhook, { params: { id } })).meta,
    onSuccess: (_meta, id) => void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}

export function useRedeliver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      (await callApi(webhookRoutes.redeliverWebhookDelivery, { params: { id, deliveryId } })).meta,
    onSuccess: (_meta, { id }) => void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
