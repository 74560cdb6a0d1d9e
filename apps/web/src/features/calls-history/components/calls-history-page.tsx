import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { useFormatDate } from '../../../lib/dates';
import { registerTranslations } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { callCountsQuery } from '../api';
import { toCsv } from '../csv';
import { saveCsv } from '../../../lib/download';
import { filterRows, groupByCustomer, groupPage } from '../group';
import { callsHistoryTranslations } from '../locales';
import { GroupPager, MonthListFilters, monthStart, useMonthListParams } from './month-list';
import { EmptyTableRow } from '../../../components/empty-table-row';

registerTranslations(callsHistoryTranslations);

/** The export's columns (docs/product.md §11), the same in every interface language so scripts can read the file. */
const CSV_HEADER = ['Customer Name', 'Phonebot', 'Number of Calls'] as const;

/** Calls History (docs/product.md §4): monthly call counts per customer and phonebot, searched, paged and exported here. */
export function CallsHistoryPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const state = useMonthListParams();
  const { month, page, search, update } = state;
  const counts = useQuery(callCountsQuery(month));

  const rows = counts.data?.rows ?? [];
  const found = filterRows(rows, search);
  const view = groupPage(
    groupByCustomer(found, (row) => row.name),
    page,
  );
  const totalCalls = found.reduce((sum, row) => sum + row.number_of_calls, 0);

  const handleExport = () => {
    if (found.length === 0) {
      notifyError(t('noDataToExport'));
      return;
    }
    const csv = toCsv(
      CSV_HEADER,
      found.map((row) => [row.name, row.phonebot, row.number_of_calls]),
    );
    saveCsv(`calls_history_${month}.csv`, csv);
  };

  const content = (
    <QueryState query={counts}>
      {() => (
        <Stack gap="md">
          {/* Three columns fit a phone: long names wrap inside their cells instead of scrolling the table sideways. */}
          <Table.ScrollContainer minWidth={0} type="native">
            <Table
              withTableBorder
              withColumnBorders
              verticalSpacing="sm"
              style={{ opacity: counts.isPlaceholderData ? 0.6 : 1, overflowWrap: 'anywhere', hyphens: 'auto' }}
            >
              {/* The headings wrap between words only: "Kundenname" is never cut in two. */}
              <Table.Thead style={{ overflowWrap: 'normal' }}>
                <Table.Tr>
                  <Table.Th>{t('callsHistory.columns.customerName')}</Table.Th>
                  <Table.Th>{t('callsHistory.columns.phonebot')}</Table.Th>
                  <Table.Th ta="right">{t('callsHistory.columns.numberOfCalls')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {view.groups.length === 0 ? (
                  <EmptyTableRow columns={3}>{t('noUsersFound')}</EmptyTableRow>
                ) : (
                  view.groups.flatMap((group) =>
                    group.rows.map((row, index) => (
                      <Table.Tr key={`${group.key}:${row.phonebot}:${index}`}>
                        {index === 0 && (
                          <Table.Td rowSpan={group.rows.length} fw={600} style={{ verticalAlign: 'top' }}>
                            {group.name}
                          </Table.Td>
                        )}
                        <Table.Td>{row.phonebot}</Table.Td>
                        <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                          {row.number_of_calls}
                        </Table.Td>
                      </Table.Tr>
                    )),
                  )
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t('callsHistory.total', { count: totalCalls, month: formatDate(monthStart(month), 'month') })}
            </Text>
            <GroupPager
              page={view.page}
              pages={view.pages}
              onPage={(next) => update({ page: String(next) }, false)}
              texts={{
                label: t('callsHistory.pagination'),
                previous: t('callsHistory.previous'),
                next: t('callsHistory.next'),
                pageOf: t('callsHistory.pageOf', { page: view.page, pages: view.pages }),
              }}
            />
          </Group>
        </Stack>
      )}
    </QueryState>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{t('pages.callsHistory')}</Title>
        <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={handleExport}>
          {t('callsHistory.export')}
        </Button>
      </Group>
      <MonthListFilters
        state={state}
        label={t('callsHistory.search')}
        placeholder={t('callsHistory.searchPlaceholder')}
      />
      {content}
    </Stack>
  );
}
