import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { registerTranslations } from '../../../lib/i18n';
import { integrationsTranslations } from '../locales';
import { ApiKeysSection } from './api-keys-section';
import { WebhooksSection } from './webhooks-section';

registerTranslations(integrationsTranslations);

/** Integrations of the company (admins): API keys for scripts and webhooks for other systems. */
export function IntegrationsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1}>{t('pages.integrations')}</Title>
      <Text>{t('integrations.intro')}</Text>
      <WebhooksSection />
      <ApiKeysSection />
    </Stack>
  );
}
