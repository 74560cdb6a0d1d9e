import { Badge, Button, Checkbox, Code, Group, Modal, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconRefresh, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENTS, WEBHOOK_MAX_AGE_DAYS } from '@phonebot/shared/webhooks';
import { ListTable } from '../../../components/list-table';
import { QueryState } from '../../../components/query-state';
import { useConfirm } from '../../../components/use-confirm';
import { errorText, fieldErrors } from '../../../lib/api-errors';
import { useFormatDate } from '../../../lib/dates';
import { translateText } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRedeliver,
  useTestWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '../api';
import { SecretOnceModal } from '../../../components/secret-once';
import { IntegrationSection } from './integration-section';

type Webhook = NonNullable<ReturnType<typeof useWebhooks>['data']>[number];

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

function WebhookCard({ hook }: { hook: Webhook }) {
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
        {open && <Deliveries webhookId={hook.id} />}
      </Stack>
      {dialog}
    </Paper>
  );
}

const STATUS_COLORS = { pending: 'blue', succeeded: 'green', failed: 'red' } as const;

type Delivery = NonNullable<ReturnType<typeof useWebhookDeliveries>['data']>[number];

function Deliveries({ webhookId }: { webhookId: string }) {
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

function AddWebhookModal(props: { opened: boolean; onClose: () => void; onCreated: (secret: string) => void }) {
  const { t } = useTranslation();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>(['call.created', 'call.completed']);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      const created = await create.mutateAsync({
        url: url.trim(),
        events: events as (typeof WEBHOOK_EVENTS)[number][],
        description: description.trim(),
        enabled: true,
      });
      setUrl('');
      setDescription('');
      setErrors({});
      props.onCreated(created.attributes.secret ?? '');
    } catch (error) {
      const found = fieldErrors(error);
      setErrors(Object.fromEntries(Object.entries(found).map(([field, text]) => [field, translateText(t, text)])));
      if (Object.keys(found).length === 0) notifyError(translateText(t, errorText(error)));
    }
  };

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('integrations.webhooks.add')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('integrations.webhooks.url')}
            placeholder="https://crm.example.com/hooks/phonebot"
            type="url"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={errors.url}
            required
            data-autofocus
          />
          <TextInput
            label={t('integrations.webhooks.description')}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={errors.description}
            maxLength={500}
          />
          <Checkbox.Group
            label={t('integrations.webhooks.events')}
            value={events}
            onChange={setEvents}
            error={errors.events}
            required
          >
            <Stack gap="xs" mt="xs">
              {WEBHOOK_EVENTS.map((name) => (
                <Checkbox key={name} value={name} label={name} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('integrations.webhooks.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
