import { CALLS_POLL_MS } from '@phonebot/shared/constants';
import { queryOptions, useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import type { ListQuery } from '@phonebot/shared/schemas/common';
import type { PhonebotFields } from '@phonebot/shared/schemas/phonebot';
import { api } from '../../lib/api-client';
import {
  botTokenAnswerSchema,
  createdPhonebotSchema,
  phonebotDocumentSchema,
  phonebotListSchema,
  roleAnswerSchema,
} from './schemas';

export type AllPhonebotsQuery = Pick<ListQuery, 'page' | 'per_page' | 'search'>;

export const phonebotKeys = {
  all: ['phonebots'] as const,
  role: () => [...phonebotKeys.all, 'role'] as const,
  lists: () => [...phonebotKeys.all, 'list'] as const,
  company: () => [...phonebotKeys.lists(), 'company'] as const,
  everyone: (query: AllPhonebotsQuery) => [...phonebotKeys.lists(), 'all', query] as const,
  details: () => [...phonebotKeys.all, 'detail'] as const,
  detail: (licenseKey: string) => [...phonebotKeys.details(), 'full', licenseKey] as const,
  guestDetail: (licenseKey: string) => [...phonebotKeys.details(), 'guest', licenseKey] as const,
};

const path = (licenseKey: string) => encodeURIComponent(licenseKey);
const document = (attributes: object) => ({ data: { type: 'vbots', attributes } });

// The feature asks for the role itself (features do not import each other); it decides what the screens offer.
export async function fetchRole(signal?: AbortSignal) {
  return roleAnswerSchema.parse(await api.get('/role', { signal })).role;
}

/** GET /vbot: the company's phonebots (guests get the short form); the server answers all of them. */
export async function fetchCompanyPhonebots(signal?: AbortSignal) {
  return phonebotListSchema.parse(await api.get('/vbot', { signal })).data.map((resource) => resource.attributes);
}

/** GET /phonebot: every customer's phonebots, a page at a time (super). */
export async function fetchAllPhonebots(query: AllPhonebotsQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(query.page), per_page: String(query.per_page) });
  if (query.search) params.set('search', query.search);
  return phonebotListSchema.parse(await api.get(`/phonebot?${params.toString()}`, { signal }));
}

export async function fetchPhonebot(licenseKey: string, signal?: AbortSignal) {
  return phonebotDocumentSchema.parse(await api.get(`/vbot/${path(licenseKey)}`, { signal })).data.attributes;
}

export async function fetchGuestPhonebot(licenseKey: string, signal?: AbortSignal) {
  return phonebotDocumentSchema.parse(await api.get(`/vbotbyguest/${path(licenseKey)}`, { signal })).data.attributes;
}

export const roleQuery = () =>
  queryOptions({ queryKey: phonebotKeys.role(), queryFn: ({ signal }) => fetchRole(signal), staleTime: 5 * 60_000 });

export const companyPhonebotsQuery = () =>
  queryOptions({ queryKey: phonebotKeys.company(), queryFn: ({ signal }) => fetchCompanyPhonebots(signal) });

export const allPhonebotsQuery = (query: AllPhonebotsQuery) =>
  queryOptions({
    queryKey: phonebotKeys.everyone(query),
    queryFn: ({ signal }) => fetchAllPhonebots(query, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const phonebotQuery = (licenseKey: string) =>
  queryOptions({
    queryKey: phonebotKeys.detail(licenseKey),
    queryFn: ({ signal }) => fetchPhonebot(licenseKey, signal),
  });

export const guestPhonebotQuery = (licenseKey: string) =>
  queryOptions({
    queryKey: phonebotKeys.guestDetail(licenseKey),
    queryFn: ({ signal }) => fetchGuestPhonebot(licenseKey, signal),
  });

export function useRole() {
  return useQuery(roleQuery());
}

export function useCompanyPhonebots() {
  return useQuery(companyPhonebotsQuery());
}

export function useAllPhonebots(query: AllPhonebotsQuery) {
  return useQuery(allPhonebotsQuery(query));
}

/**
 * An unpaid phonebot is watched every few seconds, so its payment badge turns green as soon as the billing webhook
 * records the payment, without a reload.
 */
export function usePhonebot(licenseKey: string) {
  return useQuery({
    ...phonebotQuery(licenseKey),
    refetchInterval: (query) => (query.state.data?.payment_status === 0 ? CALLS_POLL_MS : false),
  });
}

export function useGuestPhonebot(licenseKey: string) {
  return useQuery(guestPhonebotQuery(licenseKey));
}

/** Lists and detail views change together: a saved name or setting shows in both. */
function useInvalidatePhonebots() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: phonebotKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: phonebotKeys.details() }),
    ]);
}

/** POST /vbot; the answer's meta carries the license key and the bot token, shown only this once. */
export function useCreatePhonebot() {
  const invalidate = useInvalidatePhonebots();
  return useMutation({
    mutationFn: async (attributes: Partial<PhonebotFields> & { role?: string }) =>
      createdPhonebotSchema.parse(await api.post('/vbot', document(attributes))).meta,
    onSuccess: invalidate,
  });
}

export type UpdatePhonebotInput = {
  licenseKey: string;
  attributes: Partial<PhonebotFields>;
  /** The super saves through /phonebot, which also takes payment_status; everyone else through /vbot. */
  asSuper: boolean;
  paymentStatus?: number;
};

export function useUpdatePhonebot() {
  const invalidate = useInvalidatePhonebots();
  return useMutation({
    mutationFn: async ({ licenseKey, attributes, asSuper, paymentStatus }: UpdatePhonebotInput) => {
      const answer = asSuper
        ? await api.patch(
            `/phonebot/${path(licenseKey)}`,
            document(paymentStatus === undefined ? attributes : { ...attributes, payment_status: paymentStatus }),
          )
        : await api.patch(`/vbot/${path(licenseKey)}`, document(attributes));
      return phonebotDocumentSchema.parse(answer).data.attributes;
    },
    onSuccess: invalidate,
  });
}

export function useDeletePhonebot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (licenseKey: string) => {
      await api.delete(`/vbot/${path(licenseKey)}`);
    },
    onSuccess: async (_answer, licenseKey) => {
      // The screen leaves right away; the deleted phonebot must not be fetched again (it would answer 404).
      queryClient.removeQueries({ queryKey: phonebotKeys.detail(licenseKey) });
      await queryClient.invalidateQueries({ queryKey: phonebotKeys.lists() });
    },
  });
}

export function useRegenerateBotToken() {
  return useMutation({
    mutationFn: async (licenseKey: string) =>
      botTokenAnswerSchema.parse(await api.post(`/vbot/${path(licenseKey)}/bot-token`)),
  });
}

/** PATCH /vbotbyguest/{key}: a guest changes only the greeting and the prompt. */
export function useUpdateGuestPhonebot() {
  const invalidate = useInvalidatePhonebots();
  return useMutation({
    mutationFn: async ({
      licenseKey,
      ansagetext,
      prompt,
    }: {
      licenseKey: string;
      ansagetext: string;
      prompt: string;
    }) =>
      phonebotDocumentSchema.parse(
        await api.patch(`/vbotbyguest/${path(licenseKey)}`, document({ ansagetext, prompt })),
      ).data.attributes,
    onSuccess: invalidate,
  });
}
