import { useMutation, useQueryClient } from '@tanstack/react-query';
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
    },
  },
};
