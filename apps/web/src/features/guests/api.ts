import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { guestAttributesSchema, type AddGuestInput } from '@phonebot/shared/schemas/customer';
import { api } from '../../lib/api-client';

const guestResourceSchema = z.object({ type: z.literal('users'), id: z.string(), attributes: guestAttributesSchema });

/**
 * The fields of a phonebot that Guest Administration shows. The shared package has no schema of a phonebot list
 * row, so this one names them; zod drops every other field of the answer.
 */
const phonebotRowSchema = z.object({
  id: z.string(),
  attributes: z.object({
    license_Key: z.string(),
    bezeichnung: z.string(),
    customer_name: z.string(),
    pstatus: z.string(),
    apen_ai_key: z.string(),
    created_at: z.string(),
  }),
});

const guestAdminSchema = z.object({ users: z.array(guestResourceSchema), vbots: z.array(phonebotRowSchema) });
const guestDocumentSchema = z.object({ data: guestResourceSchema });
const addGuestAnswerSchema = guestDocumentSchema.extend({ meta: z.object({ password: z.string() }).optional() });
const customerOptionsSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      attributes: z.object({ name: z.string(), email: z.string(), company_name: z.string().nullable() }),
    }),
  ),
});

export type Guest = z.infer<typeof guestResourceSchema>;
export type GuestPhonebot = z.infer<typeof phonebotRowSchema>;
export type CustomerOption = { value: string; label: string };

export const guestKeys = {
  all: ['guests'] as const,
  admin: () => [...guestKeys.all, 'admin'] as const,
  detail: (userId: number) => [...guestKeys.all, 'detail', userId] as const,
  customerOptions: () => [...guestKeys.all, 'customer-options'] as const,
};

export async function fetchGuestAdmin(signal?: AbortSignal) {
  return guestAdminSchema.parse(await api.get('/guest', { signal }));
}

export async function fetchGuest(userId: number, signal?: AbortSignal) {
  return guestDocumentSchema.parse(await api.get(`/guest/${userId}`, { signal })).data;
}

/** Every customer for the Add Guest select; a row's id (its owner's user id) is what POST /guest takes. */
export async function fetchCustomerOptions(signal?: AbortSignal): Promise<CustomerOption[]> {
  const answer = customerOptionsSchema.parse(await api.get('/customers?per_page=all&sort=company_name', { signal }));
  return answer.data.map(({ id, attributes }) => ({
    value: id,
    label: `${attributes.company_name || attributes.name} (${attributes.email})`,
  }));
}

/** Adds a guest; `password` in the answer is set when the server generated one (shown once). */
export async function addGuest(input: AddGuestInput) {
  const answer = addGuestAnswerSchema.parse(await api.post('/guest', input));
  return { guest: answer.data, password: answer.meta?.password };
}

export async function createGuestPassword() {
  return z.object({ password: z.string() }).parse(await api.post('/guest/create-password')).password;
}

export async function updateGuestPassword(userId: number, password: string) {
  return z.object({ message: z.string() }).parse(await api.patch(`/guest/update-password/${userId}`, { password }))
    .message;
}

export async function enableGuest(userId: number): Promise<void> {
  await api.patch(`/enableUser/${userId}`);
}

export async function disableGuest(userId: number): Promise<void> {
  await api.patch(`/disableUser/${userId}`);
}

export async function deleteGuest(userId: number): Promise<void> {
  await api.delete(`/guest/${userId}`);
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
