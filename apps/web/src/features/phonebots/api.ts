import { CALLS_POLL_MS } from '@phonebot/shared';
import type { ListQuery } from '@phonebot/shared';
import type { PhonebotFields, GuestPhonebotAttributes, PhonebotAttributes } from '@phonebot/shared/phonebots';
import { phonebotRoutes } from '@phonebot/shared/phonebots';
import { queryOptions, useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export type { GuestPhonebotAttributes, PhonebotAttributes };
/** A guest gets the short form of a phonebot (name, state, greeting and prompt), everyone else all of it. */
export type PhonebotView = PhonebotAttributes | GuestPhonebotAttributes;

export function isFullPhonebot(phonebot: PhonebotView): phonebot is PhonebotAttributes {
  return 'pstatus' in phonebot;
}

export type AllPhonebotsQuery = Pick<ListQuery, 'page' | 'per_page' | 'search'>;

export const phonebotKeys = {
  all: ['phonebots'] as const,
  lists: () => [...phonebotKeys.all, 'list'] as const,
  company: () => [...phonebotKeys.lists(), 'company'] as const,
  everyone: (query: AllPhonebotsQuery) => [...phonebotKeys.lists(), 'all', query] as const,
  details: () => [...phonebotKeys.all, 'detail'] as const,
  detail: (licenseKey: string) => [...phonebotKeys.details(), 'full', licenseKey] as const,
  guestDetail: (licenseKey: string) => [...phonebotKeys.details(), 'guest', licenseKey] as const,
};

const c = phonebotRoutes;
const document = <A extends object>(licenseKey: string, attributes: A) => ({
  data: { type: 'phonebots' as const, id: licenseKey, attributes },
});

/** The company's phonebots (guests get the short form), all of them at once. */
export async function fetchCompanyPhonebots(signal?: AbortSignal): Promise<PhonebotView[]> {
  const answer = await callApi(c.listPhonebots, { query: { per_page: 'all' } }, { signal });
  return answer.data.map((resource) => resource.attributes);
}

/** Every customer's phonebots, a page at a time (super). */
export async function fetchAllPhonebots(query: AllPhonebotsQuery, signal?: AbortSignal) {
  const answer = await callApi(c.listAllVbots, { query }, { signal });
  return { data: answer.data, total: answer.meta.total };
}

export async function fetchPhonebot(licenseKey: string, signal?: AbortSignal) {
  const { attributes } = (await callApi(c.getPhonebot, { params: { id: licenseKey } }, { signal })).data;
  if (!isFullPhonebot(attributes)) throw new Error('A guest has no access to the full phonebot.');
  return attributes;
}

export async function fetchGuestPhonebot(licenseKey: string, signal?: AbortSignal) {
  return (await callApi(c.getPhonebot, { params: { id: licenseKey } }, { signal })).data.attributes;
}

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

/** Creates a phonebot; the answer's meta carries the license key and the bot token, shown only this once. */
export function useCreatePhonebot() {
  const invalidate = useInvalidatePhonebots();
  return useMutation({
    mutationFn: async (attributes: PhonebotFields) =>
      (await callApi(c.createPhonebot, { body: { data: { type: 'phonebots', attributes } } })).meta,
    onSuccess: invalidate,
  });
}

export type UpdatePhonebotInput = {
  licenseKey: string;
  attributes: Partial<PhonebotFields>;
  /** Only the super sets the payment state by hand. */
  paymentStatus?: number;
};

export function useUpdatePhonebot() {
  const invalidate = useInvalidatePhonebots();
  return useMutation({
    mutationFn: async ({ licenseKey, attributes, paymentStatus }: UpdatePhonebotInput) => {
      const changes = paymentStatus === undefined ? attributes : { ...attributes, payment_status: paymentStatus };
      const answer = await callApi(c.updatePhonebot, {
        params: { id: licenseKey },
        body: document(licenseKey, changes),
      });
      return answer.data.attributes;
    },
    onSuccess: invalidate,
  });
}

export function useDeletePhonebot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (licenseKey: string) => {
      await callApi(c.deletePhonebot, { params: { id: licenseKey } });
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
      (await callApi(c.regenerateBotToken, { params: { id: licenseKey } })).meta,
  });
}

/** A guest changes only the greeting and the prompt. */
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
      (
        await callApi(c.updatePhonebot, {
          params: { id: licenseKey },
          body: document(licenseKey, { ansagetext, prompt }),
        })
      ).data.attributes,
    onSuccess: invalidate,
  });
}
