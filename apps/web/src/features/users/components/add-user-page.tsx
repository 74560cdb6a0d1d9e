import type { QueryKey } from '@tanstack/react-query';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '../../../components/form/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { errorText, fieldErrors } from '../../../lib/api-errors';
import { registerTranslations, translateText } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateUser } from '../api';
import { usersTranslations } from '../locales';
import { lazyAddUserSchema } from '../schemas';
import { BackToListLink } from './back-to-list-link';

registerTranslations(usersTranslations);

type AddUserPageProps = {
  /** Queries of other features that count users, refreshed after the user is added. */
  alsoInvalidate?: readonly QueryKey[];
};

/** Add User of docs/product.md §4: no password field; the new user sets one from the invitation mail (docs/product.md §1.2). */
export function AddUserPage({ alsoInvalidate }: AddUserPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateUser(alsoInvalidate);
  const form = useZodForm(lazyAddUserSchema, { email: '', fname: '', lname: '' });

  const handleSubmit = form.onSubmit(async (input) => {
    try {
      await create.mutateAsync(input);
    } catch (error) {
      if (isApiError(error, 409)) {
        form.setErrors({ email: 'emailExists' });
        notifyError(t('emailExists'));
        return;
      }
      const fields = fieldErrors(error);
      form.setErrors(fields);
      notifyError(translateText(t, errorText(error)));
      return;
    }
    notifySuccess(t('userCreated'));
    await navigate('/users1');
  });

  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>{t('pages.addUser')}</Title>
      <Paper withBorder p="lg">
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('users.fields.email')}
              type="email"
              autoComplete="off"
              {...form.getInputProps('email')}
            />
            <TextInput label={t('users.fields.firstName')} autoComplete="off" {...form.getInputProps('fname')} />
            <TextInput label={t('users.fields.lastName')} autoComplete="off" {...form.getInputProps('lname')} />
            <Text size="sm" c="dimmed">
              {t('invitationSent')}
            </Text>
            <Group justify="space-between">
              <BackToListLink />
              <Button type="submit" loading={form.submitting}>
                {t('users.addUser')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
