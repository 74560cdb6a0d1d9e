import type { ReactNode } from 'react';
import { Box, Button, Group, Stack, Text } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { IconPointFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PhonebotFields } from '@phonebot/shared/phonebots';
import { useUnsavedChangesGuard } from '../../../../components/use-unsaved-changes-guard';
import { useZodForm } from '../../../../components/form/use-zod-form';
import { lazyCreateFormSchema, lazyUpdateFormSchema, type PhonebotFormValues } from '../../schemas';
import { PhonebotFormProvider } from './form-context';
import { SectionIndex, type SectionId } from './section-index';
import { SourceSection } from './source-section';
import {
  BehaviourSection,
  EmailSection,
  GeneralSection,
  ModelsSection,
  Section,
  SipSection,
  ToolsSection,
  type StoredSecrets,
} from './sections';

type PhonebotFormProps = {
  mode: 'create' | 'update';
  initialValues: PhonebotFormValues;
  /** Saves the schema's output; answers the server's field errors (if any) to show under the fields. */
  onSubmit: (values: Partial<PhonebotFields>) => Promise<FormErrors | void>;
  /** Where Cancel leads: the list the form was opened from. */
  cancelTo: string;
  stored?: StoredSecrets;
  maskedKey?: string;
  /** The saved phonebot's license key (edit form): its connector address is built from it. */
  licenseKey?: string;
  /** Extra controls saved with the form (the super's payment status), shown as their own section. */
  extra?: { legend: string; content: ReactNode; dirty: boolean };
};

/**
 * The one phonebot form of Add Phonebot, Update Phonebot and the older edit route: validated with the shared
 * create or update schema, one section per group of fields, an index of the sections, and an action bar that stays
 * in view with Save, Cancel and a note while changes are not saved (leaving then asks first).
 */
export function PhonebotForm(props: PhonebotFormProps) {
  const { mode, initialValues, onSubmit, cancelTo, stored = {}, maskedKey, licenseKey, extra } = props;
  const { t } = useTranslation();
  const form = useZodForm(mode === 'create' ? lazyCreateFormSchema : lazyUpdateFormSchema, initialValues);
  const dirty = form.isDirty() || (extra?.dirty ?? false);
  const leaveDialog = useUnsavedChangesGuard(dirty && !form.submitting);

  const handleSubmit = form.onSubmit(async (values) => {
    const errors = await onSubmit(values);
    if (errors) form.setErrors(errors);
  });

  const sections: SectionId[] = ['general', 'sip', 'email', 'models', 'behaviour', 'tools', 'source'];
  if (extra) sections.push('extra');

  return (
    <PhonebotFormProvider form={form}>
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Box component="form" onSubmit={handleSubmit} noValidate style={{ flex: 1, minWidth: 0 }}>
          <Stack gap="lg">
            <SectionIndex sections={sections} extraLegend={extra?.legend} hiddenFrom="lg" />
            <GeneralSection />
            <SipSection stored={stored} />
            <EmailSection stored={stored} />
            <ModelsSection stored={stored} maskedKey={maskedKey} />
            <BehaviourSection />
            <ToolsSection />
            <SourceSection secretStored={stored.source_secret === true} licenseKey={licenseKey} />
            {extra && (
              <Section id="extra" legend={extra.legend}>
                {extra.content}
              </Section>
            )}
            <Group
              justify="space-between"
              gap="sm"
              py="sm"
              px="md"
              wrap="wrap"
              style={{
                position: 'sticky',
                bottom: 0,
                zIndex: 2,
                background: 'var(--mantine-color-body)',
                borderTop: '1px solid var(--mantine-color-default-border)',
              }}
            >
              <Text size="sm" c={dirty ? undefined : 'dimmed'} role="status">
                {dirty && (
                  <Group gap={4} component="span" wrap="nowrap">
                    <IconPointFilled size={14} color="var(--mantine-color-orange-filled)" aria-hidden />
                    {t('unsaved.badge')}
                  </Group>
                )}
              </Text>
              <Group gap="sm" wrap="nowrap">
                <Button component={Link} to={cancelTo} variant="default">
                  {t('common.cancel')}
                </Button>
                <Button type="submit" loading={form.submitting}>
                  {t('phonebots.form.save')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </Box>
        <SectionIndex sections={sections} extraLegend={extra?.legend} visibleFrom="lg" sticky />
      </Group>
      {leaveDialog}
    </PhonebotFormProvider>
  );
}
