import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENTS } from '@phonebot/shared/webhooks';
import { fieldErrors, errorText } from '../../../lib/api-errors';
import { translateText } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { useCreateWebhook } from '../api';

/** Adds an endpoint: its address, a description and the events it gets; the secret is shown once afterwards. */
export function AddWebhookModal(props: { opened: boolean; onClose: () => void; onCreated: (secret: string) => void }) {
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
