import { useState } from 'react';
import { Button, Code, CopyButton, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
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

/** Add Guest (docs/product.md §1.2): a guest user for a chosen customer, with a password given or generated. */
export function AddGuestModal({ opened, onClose }: AddGuestModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('guests.add.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {opened && <AddGuestForm onClose={onClose} />}
    </Modal>
  );
}

function AddGuestForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const customers = useQuery(customerOptionsQuery());
  const add = useAddGuest();
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
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
    // A generated password is answered only this once, so it stays on screen until the super closes it.
    if (answer.password) setCreated({ email: answer.guest.attributes.email, password: answer.password });
    else onClose();
  });

  if (created !== null) {
    return (
      <Stack gap="md">
        <Text fw={700}>{t('guests.add.createdTitle')}</Text>
        <Text>{t('guests.add.createdPassword', { email: created.email })}</Text>
        <Code block fz="md" data-testid="generated-password">
          {created.password}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={created.password}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? t('guests.add.copied') : t('guests.add.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t('guests.add.done')}</Button>
        </Group>
      </Stack>
    );
  }

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
