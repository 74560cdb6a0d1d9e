import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UrgentMailSettings } from '@phonebot/shared/urgent-mail';
import { urgentMailRoutes } from '@phonebot/shared/urgent-mail';
import type { FeatureTranslations } from '../../lib/i18n';
import { callApi } from '../../lib/api-client';

const urgentMailKey = ['company', 'urgent-mail'] as const;

export const urgentMailQuery = () =>
  queryOptions({
    queryKey: urgentMailKey,
    queryFn: async ({ signal }) => (await callApi(urgentMailRoutes.getUrgentMail, {}, { signal })).data.attributes,
  });

export function useUrgentMail() {
  return useQuery(urgentMailQuery());
}

export function useUpdateUrgentMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UrgentMailSettings) =>
      (
        await callApi(urgentMailRoutes.updateUrgentMail, {
          body: { data: { type: 'urgent-mail' as const, attributes: input } },
        })
      ).data.attributes,
    onSuccess: (saved) => queryClient.setQueryData(urgentMailKey, saved),
  });
}

const en = {
  urgentMail: {
    title: 'Urgent-call e-mails',
    description:
      'When nobody has taken a call of these priorities (it is open and unassigned) after the wait, every operator of the company gets an e-mail, once per call.',
    priorities: 'Priorities',
    none: 'No e-mails',
    minutes: 'Wait (minutes)',
    save: 'Save e-mail alerts',
    priorityLabels: {
      'Normal Callback': 'Normal Callback',
      'Important Callback': 'Important Callback',
      'Send Email': 'Send Email',
      Transferred: 'Transferred',
    },
  },
};

export const urgentMailTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    urgentMail: {
      title: 'E-Mails zu dringenden Anrufen',
      description:
        'Hat nach der Wartezeit niemand einen Anruf dieser Prioritäten übernommen (er ist offen und niemandem zugewiesen), erhält jede Bearbeiterin und jeder Bearbeiter der Firma eine E-Mail, einmal je Anruf.',
      priorities: 'Prioritäten',
      none: 'Keine E-Mails',
      minutes: 'Wartezeit (Minuten)',
      save: 'E-Mail-Alarme speichern',
      priorityLabels: {
        'Normal Callback': 'Normaler Rückruf',
        'Important Callback': 'Wichtiger Rückruf',
        'Send Email': 'E-Mail senden',
        Transferred: 'Weitergeleitet',
      },
    },
  },
};
