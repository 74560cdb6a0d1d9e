import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SmsTemplate, smsTemplateRoutes } from '@phonebot/shared/customers';
import type { FeatureTranslations } from '../../lib/i18n';
import { callApi } from '../../lib/api-client';

const smsTemplatesKey = ['company', 'sms-templates'] as const;

/** The company's SMS templates and its name (for `{company_name}`); the SMS dialog reads them too. */
export const smsTemplatesQuery = () =>
  queryOptions({
    queryKey: smsTemplatesKey,
    queryFn: async ({ signal }) => (await callApi(smsTemplateRoutes.getSmsTemplates, {}, { signal })).data.attributes,
    staleTime: 60_000,
  });

export function useSmsTemplates() {
  return useQuery(smsTemplatesQuery());
}

export function useUpdateSmsTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (templates: SmsTemplate[]) =>
      (
        await callApi(smsTemplateRoutes.updateSmsTemplates, {
          body: { data: { type: 'sms-templates' as const, attributes: { sms_templates: templates } } },
        })
      ).data.attributes,
    onSuccess: (saved) => queryClient.setQueryData(smsTemplatesKey, saved),
  });
}

const en = {
  smsTemplates: {
    title: 'SMS templates',
    description:
      'Texts the SMS dialog offers, at most {{max}}. {caller_name}, {company_name} and {user_name} are filled in when a template is picked.',
    name: 'Name',
    text: 'Text',
    add: 'Add template',
    remove: 'Remove template {{name}}',
    save: 'Save SMS templates',
    count: '{{count}} / {{max}} characters',
  },
};

export const smsTemplatesTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    smsTemplates: {
      title: 'SMS-Vorlagen',
      description:
        'Texte, die der SMS-Dialog anbietet, höchstens {{max}}. {caller_name}, {company_name} und {user_name} werden beim Auswählen einer Vorlage ausgefüllt.',
      name: 'Name',
      text: 'Text',
      add: 'Vorlage hinzufügen',
      remove: 'Vorlage {{name}} entfernen',
      save: 'SMS-Vorlagen speichern',
      count: '{{count}} / {{max}} Zeichen',
    },
  },
};
