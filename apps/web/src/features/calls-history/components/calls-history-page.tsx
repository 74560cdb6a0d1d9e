import { useState } from 'react';
import { Box, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { listQuerySchema } from '@phonebot/shared/schemas/common';
import { PageLoader } from '../../../components/page-loader';
import { RetryAlert } from '../../../components/retry-alert';
import { errorText } from '../../../lib/api-errors';
import { useFormatDate } from '../../../lib/dates';
import { registerTranslations, translateText } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { callCountsQuery } from '../api';
import { toCsv } from '../csv';
import { downloadText } from '../download';
import { filterRows, groupByCustomer, groupPage } from '../group';
import { callsHistoryTranslations } from '../locales';
import { MonthField } from './month-field';
import { MONTH_PATTERN } from '@phonebot/shared/schemas/customer';

registerTranslations(callsHistoryTranslations);

/** The export's columns (docs/product.md §11), the same in every interface language so scripts can read the file. */
const CSV_HEADER = ['Customer Name', 'Phonebot', 'Number of Calls'] as const;

const pageSchema = listQuerySchema.pick({ page: true, search: true });

/** The current month in the browser's time zone, as YYYY-MM (docs/product.md §9: the default month). */
function currentMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** The first day of a YYYY-MM month, to name the month. */
function monthStart(month: string): Date {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(year, monthNumber - 1, 1);
}

/** Calls History (docs/product.md §4): monthly call counts per customer and phonebot, searched, paged and exported here. */
export function CallsHistoryPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const [params, setParams] = useSearchParams();
  const thisMonth = currentMonth();
  const asked = params.get('month');
  const month = asked && MONTH_PATTERN.test(asked) ? asked : thisMonth;
  const { page, search } = pageSchema.parse({
    page: params.get('page') ?? undefined,
    search: params.get('search') ?? undefined,
  });
  const counts = useQuery(callCountsQuery(month));
  // The search input keeps what is typed; the URL gets the trimmed search.
  const [searchInput, setSearchInput] = useState(search ?? '');

  const update = (changes: Partial<Record<'month' | 'search' | 'page', string>>, replace: boolean) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        // A key given as undefined is removed; keys not given keep their values.
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace },
    );
  };

  const rows = counts.data?.rows ?? [];
  const found = filterRows(rows, search);
  const view = groupPage(groupByCustomer(found), page);
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
    downloadText(`calls_history_${month}.csv`, csv);
  };

  let content;
  if (counts.isPending) {
    content = <PageLoader />;
  } else if (counts.isError) {
    content = (
      <RetryAlert
        message={translateText(t, errorText(counts.error))}
        onRetry={() => void counts.refetch()}
        retrying={counts.isFetching}
      />
    );
  } else {
    content = (
      <Stack gap="md">
        {/* Three columns fit a phone: long names wrap inside their cells instead of scrolling the table sideways. */}
        <Table.ScrollContainer minWidth={0} type="native">
          <Table
            withTableBorder
            withColumnBorders
            verticalSpacing="sm"
            style={{ opacity: counts.isPlaceholderData ? 0.6 : 1, overflowWrap: 'anywhere', hyphens: 'auto' }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('callsHistory.columns.customerName')}</Table.Th>
                <Table.Th>{t('callsHistory.columns.phonebot')}</Table.Th>
                <Table.Th ta="right" style={{ overflowWrap: 'normal', hyphens: 'auto' }}>
                  {t('callsHistory.columns.numberOfCalls')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.groups.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={3}>
                    <Text ta="center" py="md">
                      {t('noUsersFound')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
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
          <Group component="nav" aria-label={t('callsHistory.pagination')} gap="sm">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconChevronLeft size={14} aria-hidden />}
              disabled={view.page <= 1}
              onClick={() => update({ page: String(view.page - 1) }, false)}
            >
              {t('callsHistory.previous')}
            </Button>
            <Text size="sm">{t('callsHistory.pageOf', { page: view.page, pages: view.pages })}</Text>
            <Button
              variant="default"
              size="xs"
              rightSection={<IconChevronRight size={14} aria-hidden />}
              disabled={view.page >= view.pages}
              onClick={() => update({ page: String(view.page + 1) }, false)}
            >
              {t('callsHistory.next')}
            </Button>
          </Group>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{t('pages.callsHistory')}</Title>
        <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={handleExport}>
          {t('callsHistory.export')}
        </Button>
      </Group>
      <Group align="flex-end" wrap="wrap">
        <MonthField
          value={month}
          latest={thisMonth}
          onChange={(value) => update({ month: value === thisMonth ? undefined : value, page: undefined }, false)}
        />
        <Box w={{ base: '100%', sm: 320 }}>
          <TextInput
            label={t('callsHistory.search')}
            placeholder={t('callsHistory.searchPlaceholder')}
            type="search"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={searchInput}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setSearchInput(value);
              update({ search: value.trim(), page: undefined }, true);
            }}
          />
        </Box>
      </Group>
      {content}
    </Stack>
  );
}
