import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddGuestInput, GuestResource } from '@phonebot/shared/customers';
import { customerRoutes, guestRoutes } from '@phonebot/shared/customers';
import type { PhonebotAttributes } from '@phonebot/shared/phonebots';
import { callApi } from '../../lib/api-client';

export type Guest = GuestResource;
export type GuestPhonebot = { id: string; attributes: PhonebotAttributes };
export type CustomerOption = { value: string; label: string };

export const guestKeys = {
  all: ['guests'] as const,
  admin: () => [...guestKeys.all, 'admin'] as const,
  detail: (userId: number) => [...guestKeys.all, 'detail', userId] as const,
  customerOptions: () => [...guestKeys.all, 'customer-options'] as const,
};

/** Guest Administration's one answer holds the guests (type users) and every phonebot (type vbots). */
export async function fetchGuestAdmin(signal?: AbortSignal) {
  const { data } = await callApi(guestRoutes.guestAdministration, {}, { signal });
  const users: Guest[] = [];
  const vbots: GuestPhonebot[] = [];
  for (const resource of data) {
    if (resource.type === 'users') users.push(resource);
    else vbots.push(resource);
  }
  return { users, vbots };
}

export async function fetchGuest(userId: number, signal?: AbortSignal) {
  return (await callApi(guestRoutes.getGuest, { params: { id: userId } }, { signal })).data;
}

/** Every customer for the Add Guest select; a row's id (its owner's user id) is what POST /guest takes. */
export async function fetchCustomerOptions(signal?: AbortSignal): Promise<CustomerOption[]> {
  const query = { per_page: 'all' as const, sort: 'company_name' };
  const answer = await callApi(customerRoutes.listCustomers, { query }, { signal });
  return answer.data.map(({ id, attributes }) => ({
    value: id,
    label: `${attributes.company_name || attributes.name} (${attributes.email})`,
  }));
}

/** Adds a guest; `password` in the answer is set when the server generated one (shown once). */
export async function addGuest(input: AddGuestInput) {
  const answer = await callApi(guestRoutes.addGuest, { body: input });
  return { guest: answer.data, password: answer.meta?.password };
}

export async function createGuestPassword() {
  return (await callApi(guestRoutes.createGuestPassword)).meta.password;
}

export async function updateGuestPassword(userId: number, password: string) {
  return (await callApi(guestRoutes.updateGuestPassword, { params: { id: userId }, body: { password } })).meta.message;
}

export async function enableGuest(userId: number): Promise<void> {
  await callApi(customerRoutes.enableUser, { params: { id: userId } });
}

export async function disableGuest(userId: number): Promise<void> {
  await callApi(customerRoutes.disableUser, { params: { id: userId } });
}

export async function deleteGuest(userId: number): Promise<void> {
  await callApi(guestRoutes.deleteGuest, { params: { id: userId } });
}

export const guestAdminQuery = () =>
  queryOptions({ queryKey: guestKeys.admin(), queryFn: ({ signal }) => fetchGuestAdmin(signal) });

export const guestQuery = (userId: number) =>
  queryOptions({ queryKey: guestKeys.detail(userId), queryFn: ({ signal }) => fetchGuest(userId, signal) });

export const customerOptionsQuery = () =>
  queryOptions({ queryKey: guestKeys.customerOptions(), queryFn: ({ signal }) => fetchCustomerOptions(signal) });

export function useAddGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addGuest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestKeys.all }),
  });
}

export function useEnableGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableGuest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestKeys.all }),
  });
}

export function useDisableGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableGuest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestKeys.all }),
  });
}

export function useDeleteGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGuest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestKeys.all }),
  });
}

/** Only asks the server for a password; nothing is stored until Update Password. */
export function useCreateGuestPassword() {
  return useMutation({ mutationFn: createGuestPassword });
}

export function useUpdateGuestPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, password }: { userId: number; password: string }) => updateGuestPassword(userId, password),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestKeys.all }),
  });
}
