import { Alert, List, NativeSelect, NumberInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '@phonebot/shared';
import { CALL_SOURCES, PHONEBOT_LIMITS, type PlatformSource } from '@phonebot/shared/phonebots';
import { connectorPath } from '@phonebot/shared/connectors';
import { CopyField } from '../../../../components/copy-field';
import { SecretField } from './fields';
import { usePhonebotFormContext } from './form-context';
import { PriorityValuesEditor } from './priority-values-editor';
import { Section } from './sections';

type SourceSectionProps = {
  /** Whether a platform secret is stored (edit form). */
  secretStored: boolean;
  /** The saved phonebot's license key: its connector address needs it (none on the add form). */
  licenseKey?: string;
};

/** The steps shown for each platform (docs/integrations.md says the same at length). */
const STEPS = ['step1', 'step2', 'step3'] as const;

/**
 * Where the phonebot's calls come from: its own runtime (the Bot API), or a voice-agent platform that posts them to
 * the phonebot's connector address, signed with the secret stored here; and which of the platform's extracted fields
 * fill the category, the priority and the caller's name.
 */
export function SourceSection({ secretStored, licenseKey }: SourceSectionProps) {
  const { t } = useTranslation();
  const form = usePhonebotFormContext();
  const source = form.values.source;
  const platform = source === 'runtime' ? undefined : (source as PlatformSource);
  const address =
    licenseKey && platform ? `${window.location.origin}${API_BASE}${connectorPath(platform, licenseKey)}` : '';

  return (
    <Section id="source" legend={t('phonebots.sections.source')}>
      <NativeSelect
        label={t('phonebots.fields.source')}
        data={CALL_SOURCES.map((value) => ({ value, label: t(`phonebots.source.names.${value}`) }))}
        {...form.getInputProps('source')}
      />
      {!platform && (
        <Text size="sm" c="dimmed">
          {t('phonebots.source.runtimeHint')}
        </Text>
      )}
      {platform && (
        <>
          <Alert
            color="blue"
            icon={<IconPlugConnected aria-hidden />}
            title={t(`phonebots.source.howTo.${platform}.title`)}
          >
            <List type="ordered" size="sm" spacing={4}>
              {STEPS.map((step) => (
                <List.Item key={step}>{t(`phonebots.source.howTo.${platform}.${step}`)}</List.Item>
              ))}
            </List>
          </Alert>
          {address ? (
            <CopyField
              label={t('phonebots.source.address')}
              description={t('phonebots.source.addressHint')}
              value={address}
              copyLabel={t('phonebots.source.copyAddress')}
              copiedLabel={t('phonebots.token.copied')}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('phonebots.source.addressAfterSave')}
            </Text>
          )}
          <SecretField
            name="source_secret"
            stored={secretStored}
            description={t(`phonebots.source.secretHint.${platform}`)}
          />
          <TextInput
            label={t('phonebots.fields.source_agent_id')}
            description={t('phonebots.source.agentHint')}
            {...form.getInputProps('source_agent_id')}
          />
          <NumberInput
            label={t('phonebots.fields.silence_alert_hours')}
            description={t('phonebots.source.silenceHint')}
            min={PHONEBOT_LIMITS.silenceAlertHours.min}
            max={PHONEBOT_LIMITS.silenceAlertHours.max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            {...form.getInputProps('silence_alert_hours')}
          />
          <Text size="sm" fw={500}>
            {t('phonebots.source.mapping')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('phonebots.source.mappingHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              label={t('phonebots.source.categoryField')}
              {...form.getInputProps('source_mapping.selected_category')}
            />
            <TextInput label={t('phonebots.source.priorityField')} {...form.getInputProps('source_mapping.priority')} />
            <TextInput
              label={t('phonebots.source.callerNameField')}
              {...form.getInputProps('source_mapping.caller_name')}
            />
          </SimpleGrid>
          <PriorityValuesEditor />
        </>
      )}
    </Section>
  );
}
