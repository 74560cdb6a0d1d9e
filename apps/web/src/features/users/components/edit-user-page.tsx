import type { QueryKey } from '@tanstack/react-query';
import { Alert, Button, Group, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COMPANY_ROLES, type CompanyRole } from '@phonebot/shared/users';
import { QueryState } from '../../../components/query-state';
import { useZodForm } from '../../../components/form/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { errorText, fieldErrors } from '../../../lib/api-errors';
import { registerTranslations, translateText } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ResetSecondFactor } from '../../two-factor';
import { type CompanyUser, useUpdateUser, useUser } from '../api';
import { parseEditUserParam } from '../edit-user-param';
import { usersTranslations } from '../locales';
import { roleLabel } from '../role-label';
import { lazyUpdateUserSchema } from '../schemas';
import { BackToListLink } from './back-to-list-link';

registerTranslations(usersTranslations);

type EditUserPageProps = {
  /** Queries of other features that show this user (the signed-in user's own role and name when editing oneself). */
  alsoInvalidate?: readonly QueryKey[];
};

function isCompanyRole(role: string): role is CompanyRole {
  return (COMPANY_ROLES as readonly string[]).includes(role);
}

/** Update User of docs/product.md §4, opened as /edituser/{data} with data = encoded JSON of userId and userEmail. */
export function EditUserPage({ alsoInvalidate }: EditUserPageProps) {
  const { t } = useTranslation();
  const param = parseEditUserParam(useParams().data);
  const user = useUser(param?.userId ?? null);

  let content;
  if (param === null || isApiError(user.error, 404)) {
    content = (
      <Alert color="red" role="alert">
        {t('users.notFound')}
      </Alert>
    );
  } else {
    // Keyed by id so that another user's link starts a fresh form.
    content = (
      <QueryState query={user}>
        {(found) => (
          <>
            <EditUserForm key={found.id} user={found} alsoInvalidate={alsoInvalidate} />
            <ResetSecondFactor user={found} />
          </>
        )}
      </QueryState>
    );
  }

  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>{t('pages.updateUser')}</Title>
      {content}
      {(param === null || user.isError) && <BackToListLink />}
    </Stack>
  );
}

function EditUserForm({ user, alsoInvalidate }: { user: CompanyUser; alsoInvalidate?: readonly QueryKey[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateUser(alsoInvalidate);
  const form = useZodForm(lazyUpdateUserSchema, {
    email: user.email,
    name: user.name,
    role: isCompanyRole(user.role) ? user.role : 'user',
  });
  // An admin assigns user or adminuser (docs/product.md §8); the owner role is offered only to keep an owner an owner.
  const roles: CompanyRole[] = user.role === 'admin' ? ['user', 'adminuser', 'admin'] : ['user', 'adminuser'];

  const handleSubmit = form.onSubmit(async (input) => {
    try {
      await update.mutateAsync({ id: user.id, input });
    } catch (error) {
      if (isApiError(error, 409) && error.code === 'emailExists') {
        form.setErrors({ email: 'emailExists' });
        notifyError(t('emailExists'));
        return;
      }
      if (isApiError(error, 409) && error.code === 'lastAdmin') {
        form.setErrors({ role: 'lastAdmin' });
        notifyError(t('lastAdmin'));
        return;
      }
      form.setErrors(fieldErrors(error));
      notifyError(translateText(t, errorText(error)));
      return;
    }
    notifySuccess(t('userUpdated'));
    await navigate('/users1');
  });

  return (
    <Paper withBorder p="lg">
      <form onSubmit={handleSubmit} noValidate>
        <input type="hidden" name="id" value={user.id} />
        <Stack gap="md">
          <TextInput label={t('users.fields.email')} type="email" autoComplete="off" {...form.getInputProps('email')} />
          <TextInput label={t('users.fields.name')} autoComplete="off" {...form.getInputProps('name')} />
          <NativeSelect
            label={t('users.fields.role')}
            description={t('users.roleHint')}
            data={roles.map((role) => ({ value: role, label: roleLabel(t, role) }))}
            {...form.getInputProps('role')}
          />
          <Group justify="space-between">
            <BackToListLink />
            <Button type="submit" loading={form.submitting}>
              {t('users.updateUser')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
