import type { QueryKey } from '@tanstack/react-query';
import { ActionIcon, Button, Group, Paper, Skeleton, Stack, Table, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/query-state';
import { deleteConfirmation, useConfirm } from '../../../components/use-confirm';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-errors';
import { useFormatDate } from '../../../lib/dates';
import { registerTranslations, translateText } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type CompanyUser, useDeleteUser, useUsers } from '../api';
import { editUserPath } from '../edit-user-param';
import { usersTranslations } from '../locales';
import { roleLabel } from '../role-label';
import { EmptyTableRow } from '../../../components/empty-table-row';

registerTranslations(usersTranslations);

type UsersPageProps = {
  /** Queries of other features that count or show users, refreshed after a delete. */
  alsoInvalidate?: readonly QueryKey[];
};

/** Users list of docs/product.md §4: every user of the company, unpaged, with edit and delete. */
export function UsersPage({ alsoInvalidate }: UsersPageProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const users = useUsers();
  const remove = useDeleteUser(alsoInvalidate);
  const { confirm, dialog } = useConfirm();

  const handleDelete = async (user: CompanyUser) => {
    const confirmed = await confirm(deleteConfirmation(t));
    if (!confirmed) return;
    remove.mutate(user.id, {
      onSuccess: () => notifySuccess(`${t('deleted')} ${t('userDeleted')}`),
      onError: (error) => {
        // The spec's text stays; a refusal the admin can act on (the last admin) adds the server's reason.
        const reason = isApiError(error, 409) ? ` ${translateText(t, errorText(error))}` : '';
        notifyError(`${t('errorTitle')} ${t('userDeleteError')}${reason}`);
      },
    });
  };

  let body;
  if (users.isPending) {
    body = [0, 1, 2].map((row) => (
      <Table.Tr key={row}>
        <Table.Td colSpan={5}>
          <Skeleton height={20} />
        </Table.Td>
      </Table.Tr>
    ));
  } else if (users.isSuccess && users.data.length === 0) {
    body = <EmptyTableRow columns={5}>{t('noUsersFound')}</EmptyTableRow>;
  } else {
    body = (users.data ?? []).map((user) => (
      <Table.Tr key={user.id}>
        <Table.Td>{user.name}</Table.Td>
        <Table.Td>{user.email}</Table.Td>
        <Table.Td>{roleLabel(t, user.role)}</Table.Td>
        <Table.Td>{formatDate(user.created_at)}</Table.Td>
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              component={Link}
              to={editUserPath(user)}
              variant="subtle"
              aria-label={t('users.editUser', { name: user.name })}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('users.deleteUser', { name: user.name })}
              onClick={() => void handleDelete(user)}
              loading={remove.isPending && remove.variables === user.id}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Table.Td>
      </Table.Tr>
    ));
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{t('pages.users')}</Title>
        <Button component={Link} to="/addusers" leftSection={<IconPlus size={18} aria-hidden />}>
          {t('users.addUser')}
        </Button>
      </Group>
      {users.isError ? (
        <QueryError query={users} />
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover aria-label={t('users.tableLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('users.columns.name')}</Table.Th>
                  <Table.Th>{t('users.columns.email')}</Table.Th>
                  <Table.Th>{t('users.columns.role')}</Table.Th>
                  <Table.Th>{t('users.columns.createdAt')}</Table.Th>
                  <Table.Th>{t('users.columns.action')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody aria-busy={users.isPending}>{body}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {dialog}
    </Stack>
  );
}
