import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '@phonebot/shared';
import type { UpdateCustomerInput, CustomerResource } from '@phonebot/shared/customers';
import { customerRoutes } from '@phonebot/shared/customers';
import { callApi } from '../../lib/api-client';

/** A customer as GET /customers lists it; its id is the user id of the customer's owner (its first admin). */
export type Customer = CustomerResource;

export const customerKeys = {
  all: ['customers'] as const,
  lists: () => [...customerKeys.all, 'list'] as const,
  list: (query: ListQuery) => [...customerKeys.lists(), query] as const,
  details: () => [...customerKeys.all, 'detail'] as const,
  detail: (userId: number) => [...customerKeys.details(), userId] as const,
};

export async function fetchCustomers(query: ListQuery, signal?: AbortSignal) {
  const { page, per_page, search, sort } = query;
  return callApi(customerRoutes.listCustomers, { query: { page, per_page, search, sort } }, { signal });
}

export async function fetchCustomer(userId: number, signal?: AbortSignal) {
  return (await callApi(customerRoutes.getCustomer, { params: { id: userId } }, { signal })).data;
}

/** Changes the attributes given (the API takes any of them: the form's, or only the business hours). */
export async function updateCustomer(userId: number, attributes: Partial<UpdateCustomerInput>) {
  const body = { data: { type: 'customers' as const, id: String(userId), attributes } };
  return (await callApi(customerRoutes.updateCustomer, { params: { id: userId }, body })).data;
}

export async function deleteCustomer(userId: number): Promise<void> {
  await callApi(customerRoutes.deleteCustomer, { params: { id: userId } });
}

// The server names these after users: a customer is enabled or disabled through its owner.
export async function enableCustomer(userId: number): Promise<void> {
  await callApi(customerRoutes.enableUser, { params: { id: userId } });
}

export async function disableCustomer(userId: number): Promise<void> {
  await callApi(customerRoutes.disableUser, { params: { id: userId } });
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
    mutationFn: ({ userId, attributes }: { userId: number; attributes: Partial<UpdateCustomerInput> }) =>
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
