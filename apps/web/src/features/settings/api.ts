import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type Operator, type OperatorInput, operatorAttributesSchema } from '@phonebot/shared/schemas/settings';
import { api } from '../../lib/api-client';
import { reloadOperator } from '../../lib/public-config';

const operatorDocumentSchema = z.object({
  data: z.object({ type: z.literal('operator-settings'), attributes: operatorAttributesSchema }),
});

export const settingsKeys = {
  all: ['settings'] as const,
  operator: () => [...settingsKeys.all, 'operator'] as const,
};

export async function fetchOperator(signal?: AbortSignal): Promise<Operator> {
  return operatorDocumentSchema.parse(await api.get('/settings/operator', { signal })).data.attributes;
}

export async function updateOperator(input: OperatorInput): Promise<Operator> {
  const answer = await api.patch('/settings/operator', { data: { type: 'operator-settings', attributes: input } });
  return operatorDocumentSchema.parse(answer).data.attributes;
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
