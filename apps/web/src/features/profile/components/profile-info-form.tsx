import type { QueryKey } from '@tanstack/react-query';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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

/** Name and e-mail of the Info card. */
export function ProfileInfoForm({ me, alsoInvalidate }: ProfileInfoFormProps) {
  const { t } = useTranslation();
  const update = useUpdateMe(alsoInvalidate);
  const form = useZodForm(lazyOwnProfileSchema, { name: me.name, email: me.email });

  const handleSubmit = form.onSubmit(async (input) => {
    let saved: Me;
    try {
      saved = await update.mutateAsync(input);
    } catch (error) {
      // The old client said 'Email Already Exists!' for every failure; the real reason is shown instead (DESIGN.md).
      if (isApiError(error, 409)) {
        form.setErrors({ email: 'emailExists' });
        notifyError(t('emailExists'));
        return;
      }
      form.setErrors(fieldErrors(error));
      notifyError(translateText(t, errorText(error)));
      return;
    }
    const values = { name: saved.name, email: saved.email };
    form.setValues(values);
    form.resetDirty(values);
    notifySuccess(t('successfullyUpdated'));
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput label={t('profile.name')} autoComplete="name" {...form.getInputProps('name')} />
        <TextInput label={t('profile.email')} type="email" autoComplete="email" {...form.getInputProps('email')} />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {t('profile.submitChanges')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
