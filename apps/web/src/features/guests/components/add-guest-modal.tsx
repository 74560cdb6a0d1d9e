import { useState } from 'react';
import { Alert, Button, CopyButton, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/form/password-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { RetryAlert } from '../../../components/retry-alert';
import { isApiError } from '../../../lib/api-client';
import { errorText, fieldErrors } from '../../../lib/api-errors';
import { translateText } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { customerOptionsQuery, useAddGuest } from '../api';
import { lazyAddGuestSchema } from '../schemas';

type AddGuestModalProps = {
  opened: boolean;
  onClose: () => void;
};

type Created = { email: string; password: string };

/**
 * Add Guest (docs/product.md §1.2): a guest user for a chosen customer, with a password given or generated. The
 * password is then shown once, and the dialog closes only through "I have copied it" (not Esc, a click beside it
 * or a close button), like the bot token.
 */
export function AddGuestModal({ opened, onClose }: AddGuestModalProps) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<Created | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  const showing = created !== null;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={showing ? t('guests.add.createdTitle') : t('guests.add.title')}
      centered
      size="lg"
      closeOnClickOutside={!showing}
      closeOnEscape={!showing}
      withCloseButton={!showing}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {opened &&
        (showing ? (
          <CreatedPassword created={created} onDone={close} />
        ) : (
          <AddGuestForm onClose={close} onCreated={setCreated} />
        ))}
    </Modal>
  );
}

function CreatedPassword({ created, onDone }: { created: Created; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="orange" icon={<IconKey aria-hidden />}>
        {t('guests.add.createdPassword', { email: created.email })}
      </Alert>
      {/* On a phone the copy button goes below the password, which keeps the full width. */}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: 1, minWidth: 240 }}
          label={t('guests.add.passwordLabel')}
          value={created.password}
          readOnly
          data-testid="generated-password"
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <CopyButton value={created.password}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'filled' : 'light'}
              color={copied ? 'green' : undefined}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={copy}
            >
              {copied ? t('guests.add.copied') : t('guests.add.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          {t('guests.add.done')}
        </Button>
      </Group>
    </Stack>
  );
}

function AddGuestForm({ onClose, onCreated }: { onClose: () => void; onCreated: (created: Created) => void }) {
  const { t } = useTranslation();
  const customers = useQuery(customerOptionsQuery());
  const add = useAddGuest();
  const form = useZodForm(lazyAddGuestSchema, { customer_id: null, name: '', email: '', password: '' });

  const handleSubmit = form.onSubmit(async (values) => {
    let answer;
    try {
      answer = await add.mutateAsync(values);
    } catch (error) {
      if (isApiError(error, 409)) {
        form.setFieldError('email', 'emailExists');
        notifyError(t('emailExists'));
        return;
      }
      const fields = fieldErrors(error);
      form.setErrors(fields);
      if (Object.keys(fields).length === 0) notifyError(translateText(t, errorText(error)));
      return;
    }
    notifySuccess(t('userCreated'));
    // The password (given or generated) is shown this once, so the super can pass it on.
    const password = answer.password ?? values.password;
    if (password) onCreated({ email: answer.guest.attributes.email, password });
    else onClose();
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {customers.isError && (
          <RetryAlert
            message={t('guests.add.customersError')}
            onRetry={() => void customers.refetch()}
            retrying={customers.isFetching}
          />
        )}
        <Select
          label={t('guests.add.customer')}
          placeholder={t('guests.add.customerPlaceholder')}
          data={customers.data ?? []}
          searchable
          nothingFoundMessage={t('guests.add.noCustomers')}
          disabled={customers.isPending}
          withAsterisk
          {...form.getInputProps('customer_id')}
        />
        <TextInput label={t('guests.add.name')} autoComplete="off" withAsterisk {...form.getInputProps('name')} />
        <TextInput
          label={t('guests.add.email')}
          type="email"
          autoComplete="off"
          withAsterisk
          {...form.getInputProps('email')}
        />
        <PasswordField
          label={t('guests.add.password')}
          description={t('guests.add.passwordHint')}
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('guests.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
