import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileRoutes } from '@phonebot/shared/profile';
import type { FeatureTranslations } from '../../lib/i18n';
import { callApi } from '../../lib/api-client';
import { companyKeys } from './api';

/** Saves only the company's call retention (days, or null: as long as the service keeps calls). */
export function useUpdateRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (days: number | null) =>
      (
        await callApi(profileRoutes.updateCompanyProfile, {
          body: { data: { type: 'profile' as const, attributes: { retention_days: days } } },
        })
      ).data.attributes,
    onSuccess: (saved) => queryClient.setQueryData(companyKeys.profile(), saved),
  });
}

/**
 * How many calls the next night would delete with a retention of `days` (null: the service's own), while `days`
 * is a valid choice that differs from the stored one.
 */
export function useRetentionPreview(days: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [...companyKeys.all, 'retention-preview', days],
    queryFn: async ({ signal }) =>
      (
        await callApi(
          profileRoutes.retentionPreview,
          { query: days === null ? {} : { retention_days: days } },
          { signal },
        )
      ).meta,
    enabled,
    placeholderData: keepPreviousData,
  });
}

const en = {
  retention: {
    title: 'Call retention',
    description:
      'Calls older than this are deleted every night, with their notes and SMS. Monthly counts and Insights keep counting them.',
    days: 'Keep calls for (days)',
    max: 'At most {{max}} days, the longest this service keeps calls.',
    noMax: 'Leave empty to keep calls as long as the service does.',
    empty: 'Empty: as long as the service keeps calls ({{max}} days).',
    save: 'Save retention',
    preview_zero: 'With this, the next night deletes no call.',
    preview_one: 'With this, the next night deletes 1 call.',
    preview_other: 'With this, the next night deletes {{count}} calls.',
    confirmTitle: 'Keep calls for a shorter time?',
    confirmText_zero:
      'No call is old enough to be deleted yet; from now on calls older than {{days}} days are deleted every night.',
    confirmText_one:
      'The next night deletes 1 call older than {{days}} days, with its notes and SMS. This cannot be undone.',
    confirmText_other:
      'The next night deletes {{count}} calls older than {{days}} days, with their notes and SMS. This cannot be undone.',
    confirm: 'Save and delete',
  },
};

export const retentionTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    retention: {
      title: 'Aufbewahrung der Anrufe',
      description:
        'Ältere Anrufe werden jede Nacht gelöscht, mit ihren Notizen und SMS. Monatszählungen und Auswertungen zählen sie weiter.',
      days: 'Anrufe aufbewahren (Tage)',
      max: 'Höchstens {{max}} Tage, so lange bewahrt dieser Dienst Anrufe auf.',
      noMax: 'Leer lassen, um Anrufe so lange aufzubewahren wie der Dienst.',
      empty: 'Leer: so lange, wie der Dienst Anrufe aufbewahrt ({{max}} Tage).',
      save: 'Aufbewahrung speichern',
      preview_zero: 'Damit löscht die nächste Nacht keinen Anruf.',
      preview_one: 'Damit löscht die nächste Nacht 1 Anruf.',
      preview_other: 'Damit löscht die nächste Nacht {{count}} Anrufe.',
      confirmTitle: 'Anrufe kürzer aufbewahren?',
      confirmText_zero:
        'Noch ist kein Anruf alt genug; ab jetzt werden Anrufe, die älter als {{days}} Tage sind, jede Nacht gelöscht.',
      confirmText_one:
        'Die nächste Nacht löscht 1 Anruf, der älter als {{days}} Tage ist, mit Notizen und SMS. Das lässt sich nicht rückgängig machen.',
      confirmText_other:
        'Die nächste Nacht löscht {{count}} Anrufe, die älter als {{days}} Tage sind, mit Notizen und SMS. Das lässt sich nicht rückgängig machen.',
      confirm: 'Speichern und löschen',
    },
  },
};
