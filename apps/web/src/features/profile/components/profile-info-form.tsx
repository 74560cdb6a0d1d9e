import { useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/form/password-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { errorText, fieldErrors } from '../../../lib/api-errors';
import { translateText } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type Me, useUpdateMe } from '../api';
import { lazyOwnProfileSchema } from '../schemas';

type ProfileInfoFormProps = {
  me: Me;
  alsoInvalidate?: readonly QueryKey[];
};

/**
 * Name and e-mail of the Info card. A new e-mail address asks for the current password (a stolen session must not
 * move the account to another mailbox) and takes effect only when the link mailed to it is opened.
 */
export function ProfileInfoForm({ me, alsoInvalidate }: ProfileInfoFormProps) {
  const { t } = useTranslation();
  const update = useUpdateMe(alsoInvalidate);
  const form = useZodForm(lazyOwnProfileSchema, {
    name: me.name,
    email: me.email,
    current_password: '',
    phone: me.phone ?? '',
  });
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const emailChanged = form.values.email.trim().toLowerCase() !== me.email;

  const handleSubmit = form.onSubmit(async ({ current_password: password, ...input }) => {
    const changingEmail = input.email !== me.email;
    if (changingEmail && !password) {
      form.setFieldError('current_password', 'currentPasswordRequired');
      return;
    }
    let saved: Me;
    let pending: string | null;
    try {
      ({ me: saved, pendingEmail: pending } = await update.mutateAsync(
        changingEmail ? { ...input, current_password: password } : { name: input.name, phone: input.phone },
      ));
    } catch (error) {
      // The real reason is shown, where the old client said 'Email Already Exists!' for every failure.
      if (isApiError(error, 409)) {
        form.setErrors({ email: 'emailExists' });
        notifyError(t('emailExists'));
        return;
      }
      form.setErrors(fieldErrors(error));
      notifyError(translateText(t, errorText(error)));
      return;
    }
    const values = { name: saved.name, email: saved.email, current_password: '', phone: saved.phone ?? '' };
    form.setValues(values);
    form.resetDirty(values);
    setPendingEmail(pending);
    notifySuccess(t('successfullyUpdated'));
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {pendingEmail !== null && (
          <Alert color="blue" role="status">
            {t('profile.emailChangeSent', { email: pendingEmail, current: me.email })}
          </Alert>
        )}
        <TextInput label={t('profile.name')} autoComplete="name" {...form.getInputProps('name')} />
        <TextInput label={t('profile.email')} type="email" autoComplete="email" {...form.getInputProps('email')} />
        <TextInput
          label={t('profile.phone')}
          description={t('profile.phoneHint')}
          type="tel"
          autoComplete="tel"
          placeholder="+49 30 1234567"
          {...form.getInputProps('phone')}
        />
        {emailChanged && (
          <PasswordField
            label={t('profile.emailPassword')}
            description={t('profile.emailChangeHint')}
            autoComplete="current-password"
            {...form.getInputProps('current_password')}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {t('profile.submitChanges')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
