import { ActionIcon, Table } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../../lib/dates';
import type { PhonebotView } from '../api';
import { StatusBadge } from './status-badges';
import { EmptyTableRow } from '../../../components/empty-table-row';

type CompanyPhonebotsTableProps = {
  phonebots: PhonebotView[];
  /** The edit screen of a row: /editvbot/{key} for the company, /vbotbyguest/{key} for a guest. */
  editPath: (licenseKey: string) => string;
};

/** The company's and the guest's phonebot table (docs/product.md §4): #, Phonebot, License/UserKey, Status, Created At. */
export function CompanyPhonebotsTable({ phonebots, editPath }: CompanyPhonebotsTableProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('phonebots.list.number')}</Table.Th>
            <Table.Th scope="col">{t('phonebots.list.phonebot')}</Table.Th>
            <Table.Th scope="col">{t('phonebots.list.licenseKey')}</Table.Th>
            <Table.Th scope="col">{t('phonebots.list.status')}</Table.Th>
            <Table.Th scope="col">{t('phonebots.list.createdAt')}</Table.Th>
            <Table.Th scope="col">{t('phonebots.list.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {phonebots.length === 0 ? (
            <EmptyTableRow columns={6}>{t('noPhonebotsFound')}</EmptyTableRow>
          ) : (
            phonebots.map((phonebot, index) => (
              <Table.Tr key={phonebot.license_Key}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td>{phonebot.bezeichnung}</Table.Td>
                <Table.Td ff="monospace">{phonebot.license_Key}</Table.Td>
                <Table.Td>
                  <StatusBadge status={phonebot.status} />
                </Table.Td>
                <Table.Td>{formatDate(phonebot.created_at)}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    component={Link}
                    to={editPath(phonebot.license_Key)}
                    variant="subtle"
                    size="lg"
                    aria-label={t('phonebots.list.edit', { name: phonebot.bezeichnung })}
                  >
                    <IconEdit size={18} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
