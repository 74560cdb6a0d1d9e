import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-state';
import { useZodForm } from '../../../components/form/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/api-errors';
import { registerTranslations } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { guestQuery, useCreateGuestPassword, useUpdateGuestPassword, type Guest } from '../api';
import { decodeGuestId } from '../guest-link';
import { guestsTranslations } from '../locales';
import { lazyGuestPasswordSchema } from '../schemas';

registerTranslations(guestsTranslations);

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/guest" size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {t('guests.edit.backToList')}
      </Group>
    </Anchor>
  );
}

function GuestNotFound() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('guests.edit.notFoundTitle')}</Title>
      <Paper withBorder p="xl">
        <Stack align="flex-start" gap="md">
          <Text>{t('guests.edit.notFoundText')}</Text>
          <Button component={Link} to="/guest" variant="default">
            {t('guests.edit.backToList')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** EditGuest (docs/product.md §4): the route parameter is base64 of the guest's user id; a broken one shows "not found". */
export function EditGuestPage() {
  const { id } = useParams();
  const userId = decodeGuestId(id);
  if (userId === null) return <GuestNotFound />;
  return <EditGuest key={userId} userId={userId} />;
}

function EditGuest({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const guest = useQuery(guestQuery(userId));
  if (guest.isPending) return <PageLoader />;
  if (guest.isError) {
    if (isApiError(guest.error, 404)) return <GuestNotFound />;
    return (
      <Stack gap="lg">
        <Title order={1}>{t('guests.edit.title')}</Title>
        <QueryError query={guest} />
        <BackLink />
      </Stack>
    );
  }
  return <GuestPasswordForm userId={userId} guest={guest.data} />;
}

function GuestPasswordForm({ userId, guest }: { userId: number; guest: Guest }) {
  const { t } = useTranslation();
  const create = useCreateGuestPassword();
  const update = useUpdateGuestPassword();
  const form = useZodForm(lazyGuestPasswordSchema, { password: '' });

  const handleCreate = () => {
    create.mutate(undefined, {
      onSuccess: (password) => {
        form.setFieldValue('password', password);
        form.clearFieldError('password');
        notifySuccess(t('generatedPassword', { value: password }));
      },
      onError: () => notifyError(t('generatePasswordError')),
    });
  };

  const handleSubmit = form.onSubmit(async ({ password }) => {
    let message;
    try {
      message = await update.mutateAsync({ userId, password });
    } catch (error) {
      const fields = fieldErrors(error);
      form.setErrors(fields);
      notifyError(t('updatePasswordError'));
      return;
    }
    // The page stays open with the password in the field, so the super can still pass it on.
    notifySuccess(message);
  });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <BackLink />
        <Title order={1}>{t('guests.edit.title')}</Title>
      </Stack>
      <Paper withBorder p="lg" maw={640}>
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            <TextInput label={t('guests.edit.name')} value={guest.attributes.name} readOnly />
            {/* A plain text field (docs/product.md §4): the super reads the password to pass it on. */}
            <TextInput
              label={t('guests.edit.password')}
              autoComplete="new-password"
              spellCheck={false}
              withAsterisk
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={handleCreate} loading={create.isPending}>
                {t('guests.edit.createPassword')}
              </Button>
              <Button type="submit" loading={form.submitting}>
                {t('guests.edit.updatePassword')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
