import { ActionIcon, Badge, Code, Group, Stack, Table, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/list-table';
import { useFormatDate } from '../../../lib/dates';
import type { GuestPhonebot } from '../api';
import { matchesSearch, pageOf } from '../client-list';
import { useSectionState } from '../list-state';
import { ListPager } from './list-pager';
import { SearchBox } from './search-box';

/** The service status in words; the labels come translated (typing `t` as a parameter is too deep for the compiler). */
function serviceStatus(labels: { active: string; inactive: string }, pstatus: string): string {
  return pstatus === 'active' || pstatus === 'inactive' ? labels[pstatus] : pstatus;
}

/** Every phonebot, as Guest Administration lists it; the Open AI Key arrives masked from the server. */
export function GuestPhonebotsTable({ phonebots }: { phonebots: GuestPhonebot[] }) {
  const { t } = useTranslation();
  const statusLabels = { active: t('guests.serviceStatus.active'), inactive: t('guests.serviceStatus.inactive') };
  const formatDate = useFormatDate();
  const { page, search, update } = useSectionState('bots');

  const found = phonebots.filter(({ attributes }) =>
    matchesSearch(search, [
      attributes.customer_name,
      attributes.bezeichnung,
      attributes.license_Key,
      serviceStatus(statusLabels, attributes.pstatus),
    ]),
  );
  const { rows, page: current, pages, offset } = pageOf(found, page);

  return (
    <Stack gap="md" component="section" aria-labelledby="guest-phonebots-title">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} id="guest-phonebots-title">
          {t('guests.phonebotsTitle')}
        </Title>
        <SearchBox
          label={t('guests.searchPhonebots')}
          placeholder={t('guests.searchPhonebotsPlaceholder')}
          initial={search ?? ''}
          onSearch={(value) => update({ search: value })}
        />
      </Group>
      <ListTable
        minWidth={960}
        headers={[
          t('guests.columns.number'),
          t('guests.columns.customer'),
          t('guests.columns.phonebot'),
          t('guests.columns.licenseKey'),
          t('guests.columns.openAiKey'),
          t('guests.columns.status'),
          t('guests.columns.createdAt'),
          t('guests.columns.actions'),
        ]}
        emptyText={t('noPhonebotsFound')}
        isEmpty={rows.length === 0}
      >
        {rows.map(({ id, attributes }, index) => (
          <Table.Tr key={id}>
            <Table.Td>{offset + index + 1}</Table.Td>
            <Table.Td>{attributes.customer_name}</Table.Td>
            <Table.Td>{attributes.bezeichnung}</Table.Td>
            <Table.Td>
              <Code>{attributes.license_Key}</Code>
            </Table.Td>
            <Table.Td>{attributes.apen_ai_key}</Table.Td>
            <Table.Td>
              <Badge color={attributes.pstatus === 'active' ? 'green' : 'gray'} variant="filled">
                {serviceStatus(statusLabels, attributes.pstatus)}
              </Badge>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(attributes.created_at)}</Table.Td>
            <Table.Td>
              <ActionIcon
                component={Link}
                to={`/editphonebot/${encodeURIComponent(attributes.license_Key)}`}
                variant="default"
                aria-label={t('guests.editPhonebot', { name: attributes.bezeichnung })}
              >
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      <ListPager
        label={t('guests.pagination.phonebots')}
        page={current}
        pages={pages}
        onChange={(next) => update({ page: next })}
      />
    </Stack>
  );
}
