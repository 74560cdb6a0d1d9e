import { ActionIcon, Badge, Button, Group, Stack, Table, Title } from '@mantine/core';
import { IconKey, IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/list-table';
import { deleteConfirmation, useConfirm } from '../../../components/use-confirm';
import { useFormatDate } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteGuest, useDisableGuest, useEnableGuest, type Guest } from '../api';
import { matchesSearch, pageOf } from '../client-list';
import { editGuestPath } from '../guest-link';
import { useSectionState } from '../list-state';
import { ListPager } from './list-pager';
import { SearchBox } from './search-box';

/**
 * The guests of Guest Administration: search and paging in the browser, with each guest's company, a password
 * action, Enable or Disable, and Delete, each change after a confirmation.
 */
export function GuestsTable({ guests }: { guests: Guest[] }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { page, search, update } = useSectionState('guests');
  const enable = useEnableGuest();
  const disable = useDisableGuest();
  const remove = useDeleteGuest();
  const { confirm, dialog } = useConfirm();

  const found = guests.filter((guest) =>
    matchesSearch(search, [guest.attributes.name, guest.attributes.email, guest.attributes.customer_name]),
  );
  const { rows, page: current, pages } = pageOf(found, page);
  const busy = (mutation: { isPending: boolean; variables?: number }, guest: Guest) =>
    mutation.isPending && mutation.variables === Number(guest.id);

  // The earlier client's Enable button had no handler (docs/product.md §10.4); this one enables the guest.
  const handleEnable = async (guest: Guest) => {
    const confirmed = await confirm({
      title: t('deleteConfirmTitle'),
      text: t('guests.enableText', { name: guest.attributes.name }),
      confirmLabel: t('guests.enableConfirm'),
    });
    if (!confirmed) return;
    enable.mutate(Number(guest.id), {
      onSuccess: () => notifySuccess(t('guests.enabled')),
      onError: () => notifyError(t('customerEnableError')),
    });
  };

  const handleDisable = async (guest: Guest) => {
    const confirmed = await confirm({
      title: t('deleteConfirmTitle'),
      text: t('guests.disableText', { name: guest.attributes.name }),
      confirmLabel: t('guests.disableConfirm'),
      danger: true,
    });
    if (!confirmed) return;
    disable.mutate(Number(guest.id), {
      onSuccess: () => notifySuccess(t('guests.disabled')),
      onError: () => notifyError(t('guests.disableError')),
    });
  };

  const handleDelete = async (guest: Guest) => {
    const confirmed = await confirm(deleteConfirmation(t));
    if (!confirmed) return;
    remove.mutate(Number(guest.id), {
      onSuccess: () => notifySuccess(`${t('deleted')} ${t('guests.deleted')}`),
      onError: () => notifyError(`${t('errorTitle')} ${t('guests.deleteError')}`),
    });
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="guests-title">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} id="guests-title">
          {t('guests.guestsTitle')}
        </Title>
        <SearchBox
          label={t('guests.searchGuests')}
          placeholder={t('guests.searchGuestsPlaceholder')}
          initial={search ?? ''}
          onSearch={(value) => update({ search: value })}
        />
      </Group>
      <ListTable
        minWidth={980}
        headers={[
          t('guests.columns.name'),
          t('guests.columns.email'),
          t('guests.columns.company'),
          t('guests.columns.status'),
          t('guests.columns.createdAt'),
          t('guests.columns.actions'),
        ]}
        emptyText={t('noUsersFound')}
        isEmpty={rows.length === 0}
      >
        {rows.map((guest) => {
          const { attributes } = guest;
          const active = attributes.status === 'Active';
          return (
            <Table.Tr key={guest.id}>
              <Table.Td>{attributes.name}</Table.Td>
              <Table.Td>{attributes.email}</Table.Td>
              <Table.Td>{attributes.customer_name}</Table.Td>
              <Table.Td>
                {/* The badge keeps its whole word when the table runs out of room. */}
                <Badge color={active ? 'green' : 'gray'} variant="filled" styles={{ label: { overflow: 'visible' } }}>
                  {t(`guests.status.${attributes.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(attributes.created_at)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    component={Link}
                    to={editGuestPath(guest.id)}
                    size="xs"
                    variant="default"
                    leftSection={<IconKey size={14} aria-hidden />}
                  >
                    {t('guests.changePassword')}
                  </Button>
                  {active ? (
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconUserOff size={14} aria-hidden />}
                      loading={busy(disable, guest)}
                      onClick={() => void handleDisable(guest)}
                    >
                      {t('guests.disable')}
                    </Button>
                  ) : (
                    <Button
                      size="xs"
                      leftSection={<IconUserCheck size={14} aria-hidden />}
                      loading={busy(enable, guest)}
                      onClick={() => void handleEnable(guest)}
                    >
                      {t('guests.enable')}
                    </Button>
                  )}
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('guests.delete', { name: attributes.name })}
                    loading={busy(remove, guest)}
                    onClick={() => void handleDelete(guest)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ListTable>
      <ListPager
        label={t('guests.pagination.guests')}
        page={current}
        pages={pages}
        onChange={(next) => update({ page: next })}
      />
      {dialog}
    </Stack>
  );
}
