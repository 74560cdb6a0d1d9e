import { Badge, Button, Code, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/list-table';
import { QueryState } from '../../../components/query-state';
import { errorText } from '../../../lib/api-errors';
import { useFormatDate } from '../../../lib/dates';
import { translateText } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRedeliver, useWebhookDeliveries } from '../api';

const STATUS_COLORS = { pending: 'blue', succeeded: 'green', failed: 'red' } as const;

type Delivery = NonNullable<ReturnType<typeof useWebhookDeliveries>['data']>[number];

/** An endpoint's delivery log: each event's attempts and answer, and a way to send it again. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const deliveries = useWebhookDeliveries(webhookId);
  return (
    <QueryState query={deliveries}>{(list) => <DeliveryList webhookId={webhookId} deliveries={list} />}</QueryState>
  );
}

function DeliveryList({ webhookId, deliveries }: { webhookId: string; deliveries: Delivery[] }) {
  const { t } = useTranslation();
  const format = useFormatDate();
  const redeliver = useRedeliver();

  const onRedeliver = async (deliveryId: string) => {
    try {
      await redeliver.mutateAsync({ id: webhookId, deliveryId });
      notifySuccess(t('integrations.webhooks.redelivered'));
    } catch (error) {
      notifyError(translateText(t, errorText(error)));
    }
  };

  return (
    <ListTable
      headers={[
        t('integrations.webhooks.event'),
        t('integrations.webhooks.status'),
        t('integrations.webhooks.attempts'),
        t('integrations.webhooks.response'),
        t('integrations.webhooks.time'),
        t('common.actions'),
      ]}
      emptyText={t('integrations.webhooks.noDeliveries')}
      isEmpty={deliveries.length === 0}
      minWidth={820}
    >
      {deliveries.map(({ id, attributes }) => (
        <Table.Tr key={id}>
          <Table.Td>
            <Text size="sm" ff="monospace">
              {attributes.event}
            </Text>
          </Table.Td>
          <Table.Td>
            <Badge color={STATUS_COLORS[attributes.status]} variant="light" tt="none">
              {t(`integrations.webhooks.deliveryStatus.${attributes.status}`)}
            </Badge>
            {attributes.status === 'pending' && attributes.next_attempt_at && attributes.attempts > 0 && (
              <Text size="xs">
                {t('integrations.webhooks.nextAttempt', { date: format(attributes.next_attempt_at) })}
              </Text>
            )}
          </Table.Td>
          <Table.Td>{attributes.attempts}</Table.Td>
          <Table.Td maw={320}>
            {attributes.response_status !== null && (
              <Text size="sm" fw={600}>
                HTTP {attributes.response_status}
                {attributes.duration_ms !== null && ` · ${attributes.duration_ms} ms`}
              </Text>
            )}
            {attributes.last_error && <Text size="sm">{attributes.last_error}</Text>}
            {attributes.response_body && (
              <Code block style={{ maxHeight: 120, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {attributes.response_body}
              </Code>
            )}
          </Table.Td>
          <Table.Td>{format(attributes.last_attempt_at ?? attributes.created_at)}</Table.Td>
          <Table.Td>
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => void onRedeliver(id)}
            >
              {t('integrations.webhooks.redeliver')}
            </Button>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
