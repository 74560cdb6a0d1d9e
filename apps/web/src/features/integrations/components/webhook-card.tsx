import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_MAX_AGE_DAYS } from '@phonebot/shared/webhooks';
import { useConfirm } from '../../../components/use-confirm';
import { errorText } from '../../../lib/api-errors';
import { useFormatDate } from '../../../lib/dates';
import { translateText } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteWebhook, useTestWebhook, useUpdateWebhook, type useWebhooks } from '../api';
import { WebhookDeliveries } from './webhook-deliveries';

type Webhook = NonNullable<ReturnType<typeof useWebhooks>['data']>[number];

/** One endpoint: its address, events and state, test, pause or enable, delete, and its delivery log on demand. */
export function WebhookCard({ hook }: { hook: Webhook }) {
  const { t } = useTranslation();
  const format = useFormatDate();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const { confirm, dialog } = useConfirm();
  const [open, setOpen] = useState(false);
  const { attributes } = hook;

  const run = async (action: () => Promise<unknown>, success?: string) => {
    try {
      await action();
      if (success) notifySuccess(success);
    } catch (error) {
      notifyError(translateText(t, errorText(error)));
    }
  };

  const onDelete = async () => {
    const sure = await confirm({
      title: t('integrations.webhooks.deleteTitle'),
      text: t('integrations.webhooks.deleteText'),
      confirmLabel: t('integrations.webhooks.delete'),
      danger: true,
    });
    if (sure) await run(() => remove.mutateAsync(hook.id), t('integrations.webhooks.deleted'));
  };

  const status = attributes.enabled
    ? { color: 'green', label: t('integrations.webhooks.enabled') }
    : {
        color: 'gray',
        label:
          attributes.paused_reason === 'failing'
            ? t('integrations.webhooks.pausedFailing')
            : attributes.paused_reason === 'gone'
              ? t('integrations.webhooks.pausedGone')
              : t('integrations.webhooks.paused'),
      };
  return (
    <Paper withBorder p="md" radius="sm">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {attributes.url}
            </Text>
            {attributes.description && <Text size="sm">{attributes.description}</Text>}
            <Group gap={4}>
              <Badge color={status.color} variant="light" tt="none">
                {status.label}
              </Badge>
              {attributes.events.map((event) => (
                <Badge key={event} variant="outline" tt="none">
                  {event}
                </Badge>
              ))}
            </Group>
            {attributes.enabled && attributes.failing_since && (
              <Text size="sm" c="red.8">
                {t('integrations.webhooks.failingSince', { date: format(attributes.failing_since) })}
              </Text>
            )}
            {attributes.enabled && attributes.blocked_until && (
              <Text size="sm">{t('integrations.webhooks.heldUntil', { date: format(attributes.blocked_until) })}</Text>
            )}
            {attributes.pending_deliveries > 0 && (
              <Text size="sm">
                {t(attributes.enabled ? 'integrations.webhooks.pending' : 'integrations.webhooks.pendingPaused', {
                  count: attributes.pending_deliveries,
                  days: WEBHOOK_MAX_AGE_DAYS,
                })}
              </Text>
            )}
            {attributes.dropped_deliveries > 0 && (
              <Text size="sm" c="red.8">
                {t('integrations.webhooks.dropped', {
                  count: attributes.dropped_deliveries,
                  days: WEBHOOK_MAX_AGE_DAYS,
                })}
              </Text>
            )}
          </Stack>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconSend size={14} aria-hidden />}
              loading={test.isPending}
              onClick={() => void run(() => test.mutateAsync(hook.id), t('integrations.webhooks.testQueued'))}
            >
              {t('integrations.webhooks.test')}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={
                attributes.enabled ? (
                  <IconPlayerPause size={14} aria-hidden />
                ) : (
                  <IconPlayerPlay size={14} aria-hidden />
                )
              }
              onClick={() => void run(() => update.mutateAsync({ id: hook.id, enabled: !attributes.enabled }))}
            >
              {attributes.enabled ? t('integrations.webhooks.pause') : t('integrations.webhooks.enable')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => void onDelete()}
            >
              {t('integrations.webhooks.delete')}
            </Button>
          </Group>
        </Group>
        <Group>
          <Button size="xs" variant="subtle" onClick={() => setOpen((value) => !value)} aria-expanded={open}>
            {open ? t('integrations.webhooks.hideDeliveries') : t('integrations.webhooks.deliveries')}
          </Button>
        </Group>
        {open && <WebhookDeliveries webhookId={hook.id} />}
      </Stack>
      {dialog}
    </Paper>
  );
}
