import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/form/password-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { QueryError } from '../../../components/query-state';
import { SecretOnce } from '../../../components/secret-once';
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
    <SecretOnce
      warning={t('guests.add.createdPassword', { email: created.email })}
      label={t('guests.add.passwordLabel')}
      value={created.password}
      testId="generated-password"
      onDone={onDone}
      texts={{ copy: t('guests.add.copy'), copied: t('guests.add.copied'), done: t('guests.add.done') }}
    />
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
        {customers.isError && <QueryError query={customers} message={t('guests.add.customersError')} />}
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
