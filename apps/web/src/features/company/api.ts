import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  companyProfileAttributesSchema,
  type CompanyProfile,
  type CompanyProfileInput,
} from '@phonebot/shared/schemas/profile';
import { api } from '../../lib/api-client';

const companyDocumentSchema = z.object({
  data: z.object({ type: z.literal('profile'), id: z.string(), attributes: companyProfileAttributesSchema }),
});

export const companyKeys = {
  all: ['company'] as const,
  profile: () => [...companyKeys.all, 'profile'] as const,
};

export async function fetchCompanyProfile(signal?: AbortSignal): Promise<CompanyProfile> {
  return companyDocumentSchema.parse(await api.get('/profile', { signal })).data.attributes;
}

export async function updateCompanyProfile(input: CompanyProfileInput): Promise<CompanyProfile> {
  const answer = await api.patch('/profile', { data: { type: 'profile', attributes: input } });
  return companyDocumentSchema.parse(answer).data.attributes;
}

export const companyProfileQuery = () =>
  queryOptions({
    queryKey: companyKeys.profile(),
    queryFn: ({ signal }) => fetchCompanyProfile(signal),
  });

export function useCompanyProfile() {
  return useQuery(companyProfileQuery());
}

export function useUpdateCompanyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(companyKeys.profile(), profile);
      void queryClient.invalidateQueries({ queryKey: companyKeys.all });
    },
  });
}
