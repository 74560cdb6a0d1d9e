import type { ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { PhonebotFields } from '@phonebot/shared/schemas/phonebot';
import { useZodForm } from '../../../../components/form/use-zod-form';
import { lazyCreateFormSchema, lazyUpdateFormSchema, type PhonebotFormValues } from '../../schemas';
import { PhonebotFormProvider } from './form-context';
import {
  BehaviourSection,
  EmailSection,
  GeneralSection,
  ModelsSection,
  SipSection,
  ToolsSection,
  type StoredSecrets,
} from './sections';

type PhonebotFormProps = {
  mode: 'create' | 'update';
  initialValues: PhonebotFormValues;
  /** Saves the schema's output; answers the server's field errors (if any) to show under the fields. */
  onSubmit: (values: Partial<PhonebotFields>) => Promise<FormErrors | void>;
  stored?: StoredSecrets;
  maskedKey?: string;
  /** Extra controls saved with the form (the super's payment status). */
  children?: ReactNode;
};

/**
 * The one phonebot form of Add Phonebot, Update Phonebot and the older edit route: validated with the shared
 * create or update schema, one section per group of fields.
 */
export function PhonebotForm({ mode, initialValues, onSubmit, stored = {}, maskedKey, children }: PhonebotFormProps) {
  const { t } = useTranslation();
  const form = useZodForm(mode === 'create' ? lazyCreateFormSchema : lazyUpdateFormSchema, initialValues);

  const handleSubmit = form.onSubmit(async (values) => {
    const errors = await onSubmit(values);
    if (errors) form.setErrors(errors);
  });

  return (
    <PhonebotFormProvider form={form}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <GeneralSection />
          <SipSection stored={stored} />
          <EmailSection stored={stored} />
          <ModelsSection stored={stored} maskedKey={maskedKey} />
          <BehaviourSection />
          <ToolsSection />
          {children}
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              {t('phonebots.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </PhonebotFormProvider>
  );
}
