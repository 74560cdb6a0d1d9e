import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyProfile, CompanyProfileInput } from '@phonebot/shared/profile';
import { profileRoutes } from '@phonebot/shared/profile';
import { callApi } from '../../lib/api-client';

export const companyKeys = {
  all: ['company'] as const,
  profile: () => [...companyKeys.all, 'profile'] as const,
};

export async function fetchCompanyProfile(signal?: AbortSignal): Promise<CompanyProfile> {
  return (await callApi(profileRoutes.companyProfile, {}, { signal })).data.attributes;
}

export async function updateCompanyProfile(input: CompanyProfileInput): Promise<CompanyProfile> {
  const body = { data: { type: 'profile' as const, attributes: input } };
  return (await callApi(profileRoutes.updateCompanyProfile, { body })).data.attributes;
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
