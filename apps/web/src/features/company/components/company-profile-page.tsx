import {
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconKey, IconPlugConnected } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CALLBACK_SLA_MAX_MINUTES } from '@phonebot/shared/calls';
import type { CompanyProfile } from '@phonebot/shared/profile';
import { QueryState } from '../../../components/query-state';
import { useZodForm } from '../../../components/form/use-zod-form';
import { fieldErrors } from '../../../lib/api-errors';
import { registerTranslations } from '../../../lib/i18n';
import { useCompanyProfile, useUpdateCompanyProfile } from '../api';
import { companyTranslations } from '../locales';
import { SLA_FIELDS, lazyCompanyProfileSchema } from '../schemas';
import { BusinessHoursCard } from './business-hours-card';
import { RetentionCard } from './retention-card';
import { UrgentMailCard } from './urgent-mail-card';
import { OfflineAlertCard } from './offline-alert-card';
import { CountrySelect } from './country-select';
import { SmsTemplatesCard } from './sms-templates';
import { useSaveSettings } from './use-save-settings';

registerTranslations(companyTranslations);

/** Company Profile of docs/product.md §4 and §5 (admin and adminuser). */
/**
 * `protectedSettings`: whether the user may change the company's protective settings (two-factor requirement, call
 * retention); the company's owners may, others see them read-only.
 */
export function CompanyProfilePage({
  integrationsLink = false,
  protectedSettings = false,
}: {
  integrationsLink?: boolean;
  protectedSettings?: boolean;
}) {
  const { t } = useTranslation();
  const profile = useCompanyProfile();

  const content = (
    <QueryState query={profile}>
      {(found) => <CompanyProfileForm profile={found} protectedSettings={protectedSettings} />}
    </QueryState>
  );

  return (
    <Stack gap="lg" maw={860}>
      <Group justify="space-between">
        <Title order={1}>{t('pages.companyProfile')}</Title>
        {/* The company area's password screen has no menu entry of its own (docs/product.md §4), so it is reached from here. */}
        <Group gap="lg">
          {integrationsLink && (
            <Anchor component={Link} to="/integrations">
              <Group gap={4} component="span" wrap="nowrap">
                <IconPlugConnected size={16} aria-hidden />
                {t('pages.integrations')}
              </Group>
            </Anchor>
          )}
          <Anchor component={Link} to="/changepassword">
            <Group gap={4} component="span" wrap="nowrap">
              <IconKey size={16} aria-hidden />
              {t('company.changePassword')}
            </Group>
          </Anchor>
        </Group>
      </Group>
      {content}
      <UrgentMailCard />
      <OfflineAlertCard />
      <BusinessHoursCard />
      <SmsTemplatesCard />
      <RetentionCard editable={protectedSettings} />
    </Stack>
  );
}

/** The stored profile as form values: a field never filled in is an empty input. */
function formValues(profile: CompanyProfile) {
  return {
    company_name: profile.company_name ?? '',
    address: profile.address ?? '',
    pin: profile.pin ?? '',
    city: profile.city ?? '',
    phone: profile.phone ?? '',
    company_email: profile.company_email ?? '',
    bank: profile.bank ?? '',
    iban: profile.iban ?? '',
    bic: profile.bic ?? '',
    sms_allowed_numbers: profile.sms_allowed_numbers.join('\n'),
    default_country: profile.default_country,
    require_mfa: profile.require_mfa,
    sla_important: profile.callback_sla_minutes['Important Callback'] as number | string,
    sla_transferred: profile.callback_sla_minutes.Transferred as number | string,
    sla_email: profile.callback_sla_minutes['Send Email'] as number | string,
    sla_normal: profile.callback_sla_minutes['Normal Callback'] as number | string,
  };
}

function CompanyProfileForm({ profile, protectedSettings }: { profile: CompanyProfile; protectedSettings: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateCompanyProfile();
  const saveSettings = useSaveSettings();
  const form = useZodForm(lazyCompanyProfileSchema, formValues(profile));

  const handleSubmit = form.onSubmit((input) =>
    saveSettings(update.mutateAsync(input), {
      // Show what was stored (an IBAN without spaces, in capitals) and count it as the new unchanged state.
      onSaved: (saved) => {
        form.setValues(formValues(saved));
        form.resetDirty(formValues(saved));
      },
      onFailed: (error) => form.setErrors(fieldErrors(error)),
    }),
  );

  const input = (field: keyof ReturnType<typeof formValues>) => form.getInputProps(field);

  return (
    <Paper withBorder p="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <Fieldset legend={t('company.sections.company')} variant="unstyled">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('company.fields.companyName')}
                autoComplete="organization"
                {...input('company_name')}
              />
              <TextInput
                label={t('company.fields.companyEmail')}
                type="email"
                autoComplete="email"
                {...input('company_email')}
              />
              <TextInput label={t('company.fields.address')} autoComplete="street-address" {...input('address')} />
              <TextInput label={t('company.fields.pin')} autoComplete="postal-code" {...input('pin')} />
              <TextInput label={t('company.fields.city')} autoComplete="address-level2" {...input('city')} />
              <TextInput label={t('company.fields.phone')} type="tel" autoComplete="tel" {...input('phone')} />
              <CountrySelect {...input('default_country')} />
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend={t('company.sections.bank')} variant="unstyled">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <TextInput label={t('company.fields.bank')} {...input('bank')} />
              <TextInput label={t('company.fields.iban')} autoComplete="off" spellCheck={false} {...input('iban')} />
              <TextInput label={t('company.fields.bic')} autoComplete="off" spellCheck={false} {...input('bic')} />
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend={t('company.sections.sms')} variant="unstyled">
            <Textarea
              label={t('company.fields.smsAllowedNumbers')}
              description={t('company.smsAllowedNumbersHint')}
              autosize
              minRows={2}
              maxRows={8}
              spellCheck={false}
              {...input('sms_allowed_numbers')}
            />
          </Fieldset>
          <Fieldset legend={t('company.sections.security')} variant="unstyled">
            <Checkbox
              label={t('company.fields.requireMfa')}
              description={protectedSettings ? t('company.requireMfaHint') : t('ownerOnlySetting')}
              disabled={!protectedSettings}
              {...form.getInputProps('require_mfa', { type: 'checkbox' })}
            />
          </Fieldset>
          <Fieldset legend={t('company.sections.callbacks')} variant="unstyled">
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {t('company.callbackSlaHint')}
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
                {(Object.keys(SLA_FIELDS) as (keyof typeof SLA_FIELDS)[]).map((field) => (
                  <NumberInput
                    key={field}
                    label={t(`company.${field}`)}
                    suffix={` ${t('company.minutes')}`}
                    min={1}
                    max={CALLBACK_SLA_MAX_MINUTES}
                    allowDecimal={false}
                    allowNegative={false}
                    {...input(field)}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          </Fieldset>
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              {t('company.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
