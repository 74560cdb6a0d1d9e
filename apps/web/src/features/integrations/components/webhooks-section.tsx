import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_MAX_AGE_DAYS } from '@phonebot/shared/webhooks';
import { QueryState } from '../../../components/query-state';
import { SecretOnceModal } from '../../../components/secret-once';
import { useWebhooks } from '../api';
import { AddWebhookModal } from './add-webhook-modal';
import { IntegrationSection } from './integration-section';
import { WebhookCard } from './webhook-card';

/** The company's webhook endpoints: add (secret shown once), test, pause or enable, delete, and each delivery log. */
export function WebhooksSection() {
  const { t } = useTranslation();
  const hooks = useWebhooks();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  const content = (
    <QueryState query={hooks}>
      {(list) =>
        list.length === 0 ? (
          <Text>{t('integrations.webhooks.empty')}</Text>
        ) : (
          <Stack gap="md">
            {list.map((hook) => (
              <WebhookCard key={hook.id} hook={hook} />
            ))}
          </Stack>
        )
      }
    </QueryState>
  );

  return (
    <IntegrationSection
      title={t('integrations.webhooks.title')}
      intro={t('integrations.webhooks.intro', { days: WEBHOOK_MAX_AGE_DAYS })}
      addLabel={t('integrations.webhooks.add')}
      onAdd={() => setAdding(true)}
      dialogs={
        <>
          <AddWebhookModal
            opened={adding}
            onClose={() => setAdding(false)}
            onCreated={(created) => {
              setAdding(false);
              setSecret(created);
            }}
          />
          <SecretOnceModal
            title={t('integrations.webhooks.secretTitle')}
            label={t('integrations.webhooks.secretLabel')}
            warning={t('webhookSecretShownOnce')}
            value={secret}
            onClose={() => setSecret(null)}
            texts={{
              copy: t('integrations.apiKeys.copy'),
              copied: t('integrations.apiKeys.copied'),
              done: t('integrations.apiKeys.done'),
            }}
          />
        </>
      }
    >
      {content}
    </IntegrationSection>
  );
}
