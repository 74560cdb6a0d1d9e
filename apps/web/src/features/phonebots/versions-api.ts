import type { PhonebotVersionAttributes, PhonebotVersionDetail } from '@phonebot/shared/phonebot-versions';
import { phonebotVersionRoutes } from '@phonebot/shared/phonebot-versions';
import { phonebotAlertRoutes } from '@phonebot/shared/phonebot-alerts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { phonebotKeys } from './api';

export type { PhonebotVersionAttributes, PhonebotVersionDetail };

const c = phonebotVersionRoutes;
/** How often the Calls Dashboard asks again whether a phonebot is offline. */
const ALERTS_POLL_MS = 60_000;

export const versionKeys = {
  all: (licenseKey: string) => [...phonebotKeys.all, 'versions', licenseKey] as const,
  detail: (licenseKey: string, number: number) => [...versionKeys.all(licenseKey), number] as const,
};

/** The phonebot's versions, newest first (a guest's: those of greeting and prompt). */
export const versionsQuery = (licenseKey: string) =>
  queryOptions({
    queryKey: versionKeys.all(licenseKey),
    queryFn: async ({ signal }) =>
      (
        await callApi(c.listPhonebotVersions, { params: { id: licenseKey }, query: { per_page: 'all' } }, { signal })
      ).data.map((resource) => resource.attributes),
  });

export function useVersions(licenseKey: string) {
  return useQuery(versionsQuery(licenseKey));
}

/** One version with its changes against the one before. */
export function useVersion(licenseKey: string, number: number | undefined) {
  return useQuery({
    queryKey: versionKeys.detail(licenseKey, number ?? 0),
    queryFn: async ({ signal }) =>
      (await callApi(c.getPhonebotVersion, { params: { id: licenseKey, n: number ?? 0 } }, { signal })).data.attributes,
    enabled: number !== undefined,
  });
}

/** Restores a version as a new one; the phonebot's screens and its versions are read again. */
export function useRestoreVersion(licenseKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (number: number) =>
      (await callApi(c.restorePhonebotVersion, { params: { id: licenseKey, n: number } })).data.attributes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: phonebotKeys.all }),
  });
}

/** The company's phonebots alerted as offline (the Calls Dashboard's banner), asked again every minute. */
export function usePhonebotAlerts() {
  return useQuery({
    queryKey: [...phonebotKeys.all, 'alerts'] as const,
    queryFn: async ({ signal }) =>
      (await callApi(phonebotAlertRoutes.listPhonebotAlerts, {}, { signal })).data.map(
        (resource) => resource.attributes,
      ),
    refetchInterval: ALERTS_POLL_MS,
  });
}
