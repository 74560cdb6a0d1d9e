import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { listMetaSchema, type ListQuery } from '@phonebot/shared/schemas/common';
import { customerAttributesSchema, type UpdateCustomerInput } from '@phonebot/shared/schemas/customer';
import { api } from '../../lib/api-client';

/** A customer as GET /customers lists it; its id is the user id of the customer's owner (its first admin). */
const customerResourceSchema = z.object({
  type: z.literal('customers'),
  id: z.string(),
  attributes: customerAttributesSchema,
});
const customerListSchema = z.object({ data: z.array(customerResourceSchema), meta: listMetaSchema });
const customerDocumentSchema = z.object({ data: customerResourceSchema });

export type Customer = z.infer<typeof customerResourceSchema>;

export const customerKeys = {
  all: ['customers'] as const,
  lists: () => [...customerKeys.all, 'list'] as const,
  list: (query: ListQuery) => [...customerKeys.lists(), query] as const,
  details: () => [...customerKeys.all, 'detail'] as const,
  detail: (userId: number) => [...customerKeys.details(), userId] as const,
};

function listParams(query: ListQuery): string {
  const params = new URLSearchParams({ page: String(query.page), per_page: String(query.per_page) });
  if (query.search) params.set('search', query.search);
  if (query.sort) params.set('sort', query.sort);
  return params.toString();
}

export async function fetchCustomers(query: ListQuery, signal?: AbortSignal) {
  return customerListSchema.parse(await api.get(`/customers?${listParams(query)}`, { signal }));
}

export async function fetchCustomer(userId: number, signal?: AbortSignal) {
  return customerDocumentSchema.parse(await api.get(`/customer/${userId}`, { signal })).data;
}

export async function updateCustomer(userId: number, attributes: UpdateCustomerInput) {
  const document = { data: { type: 'customers', attributes } };
  return customerDocumentSchema.parse(await api.patch(`/customer/${userId}`, document)).data;
}

export async function deleteCustomer(userId: number): Promise<void> {
  await api.delete(`/customer/${userId}`);
}

// The server names these after users: a customer is enabled or disabled through its owner.
export async function enableCustomer(userId: number): Promise<void> {
  await api.patch(`/enableUser/${userId}`);
}

export async function disableCustomer(userId: number): Promise<void> {
  await api.patch(`/disableUser/${userId}`);
}

export const customersQuery = (query: ListQuery) =>
  queryOptions({
    queryKey: customerKeys.list(query),
    queryFn: ({ signal }) => fetchCustomers(query, signal),
    placeholderData: keepPreviousData,
  });

export const customerQuery = (userId: number) =>
  queryOptions({
    queryKey: customerKeys.detail(userId),
    queryFn: ({ signal }) => fetchCustomer(userId, signal),
  });

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, attributes }: { userId: number; attributes: UpdateCustomerInput }) =>
      updateCustomer(userId, attributes),
    onSuccess: (customer, { userId }) => {
      queryClient.setQueryData(customerKeys.detail(userId), customer);
      return queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: (_, userId) => {
      // Removed, not invalidated: a refetch of the open edit screen would only answer 404 before it navigates away.
      queryClient.removeQueries({ queryKey: customerKeys.detail(userId) });
      return queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}

export function useEnableCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

export function useDisableCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
