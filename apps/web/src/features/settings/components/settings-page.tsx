import {
  Button,
  Fieldset,
  Switch,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Operator } from '@phonebot/shared/settings';
import { QueryState } from '../../../components/query-state';
import { useZodForm } from '../../../components/form/use-zod-form';
import { errorText, fieldErrors } from '../../../lib/api-errors';
import { registerTranslations, translateText } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useOperatorSettings, useSecuritySettings, useUpdateOperator, useUpdateSecurity } from '../api';
import { settingsTranslations } from '../locales';
import { lazyOperatorSchema } from '../schemas';

registerTranslations(settingsTranslations);

/** Settings (super): the operator's identity shown in every footer and mail. */
export function SettingsPage() {
  const { t } = useTranslation();
  const operator = useOperatorSettings();

  const content = <QueryState query={operator}>{(settings) => <OperatorForm operator={settings} />}</QueryState>;

  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>{t('pages.settings')}</Title>
      {content}
      <SecuritySettings />
    </Stack>
  );
}

/** The deployment-wide requirement of a second factor at sign-in. */
function SecuritySettings() {
  const { t } = useTranslation();
  const security = useSecuritySettings();
  const update = useUpdateSecurity();
  if (security.isError || security.isPending) return null;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="settings-security-title">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="settings-security-title">
          {t('settings.security.title')}
        </Title>
        <Switch
          label={t('settings.security.requireMfa')}
          description={t('settings.security.requireMfaHint')}
          checked={security.data.require_mfa}
          disabled={update.isPending}
          onChange={(event) =>
            update.mutate(event.currentTarget.checked, {
              onSuccess: () => notifySuccess(t('successfullyUpdated')),
              onError: (error) => notifyError(translateText(t, errorText(error))),
            })
          }
        />
      </Stack>
    </Paper>
  );
}

/** A part that is not set is an empty input; saving it empty keeps it out of the footer. */
function formValues(operator: Operator) {
  return {
    name: operator.name ?? '',
    address: operator.address ?? '',
    phone: operator.phone ?? '',
    email: operator.email ?? '',
    imprint_url: operator.imprint_url ?? '',
    privacy_url: operator.privacy_url ?? '',
    terms_url: operator.terms_url ?? '',
  };
}

function OperatorForm({ operator }: { operator: Operator }) {
  const { t } = useTranslation();
  const update = useUpdateOperator();
  const form = useZodForm(lazyOperatorSchema, formValues(operator));

  const handleSubmit = form.onSubmit(async (input) => {
    let saved: Operator;
    try {
      saved = await update.mutateAsync(input);
    } catch (error) {
      const fields = fieldErrors(error);
      form.setErrors(fields);
      notifyError(translateText(t, errorText(error)));
      return;
    }
    form.setValues(formValues(saved));
    form.resetDirty(formValues(saved));
    notifySuccess(t('successfullyUpdated'));
  });

  const input = (field: keyof ReturnType<typeof formValues>) => form.getInputProps(field);
  const label = (field: keyof ReturnType<typeof formValues>) => t(`settings.operator.fields.${field}`);

  return (
    <Paper withBorder p="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2} fz="h3">
              {t('settings.operator.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('settings.operator.description')}
            </Text>
          </Stack>
          <Fieldset legend={t('settings.operator.sections.company')} variant="unstyled">
            <Stack gap="md">
              <TextInput label={label('name')} autoComplete="organization" {...input('name')} />
              <Textarea
                label={label('address')}
                autoComplete="street-address"
                autosize
                minRows={2}
                {...input('address')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput label={label('phone')} type="tel" autoComplete="tel" {...input('phone')} />
                <TextInput label={label('email')} type="email" autoComplete="email" {...input('email')} />
              </SimpleGrid>
            </Stack>
          </Fieldset>
          <Fieldset legend={t('settings.operator.sections.legal')} variant="unstyled">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {(['imprint_url', 'privacy_url', 'terms_url'] as const).map((field) => (
                <TextInput
                  key={field}
                  label={label(field)}
                  description={t('settings.operator.urlHint')}
                  type="url"
                  placeholder="https://"
                  {...input(field)}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              {t('settings.operator.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
