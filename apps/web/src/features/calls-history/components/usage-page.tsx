import { Badge, Button, Code, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UsageAttributes } from '@phonebot/shared/usage';
import { QueryState } from '../../../components/query-state';
import { useFormatDate } from '../../../lib/dates';
import { registerTranslations } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { usageQuery } from '../api';
import { saveCsv } from '../../../lib/download';
import { groupByCustomer, groupPage } from '../group';
import { callsHistoryTranslations } from '../locales';
import { filterUsage, paymentState, usageCsv } from '../usage';
import { usageTranslations } from '../usage-locales';
import { GroupPager, MonthListFilters, monthStart, useMonthListParams } from './month-list';

registerTranslations(callsHistoryTranslations);
registerTranslations(usageTranslations);

/** Wide enough for the table's six columns; below, each customer is a card. */
const TABLE_QUERY = '(min-width: 62em)';

const PAYMENT_COLORS: Record<string, string> = { active: 'green', deleted: 'gray', inactive: 'gray' };

function PaymentBadge({ row }: { row: UsageAttributes }) {
  const { t } = useTranslation();
  const state = paymentState(row);
  return (
    <Badge color={PAYMENT_COLORS[state] ?? 'orange'} variant="light" tt="none">
      {t(`usage.payment.${state}`)}
    </Badge>
  );
}

function Subscription({ id }: { id: string | null }) {
  const { t } = useTranslation();
  if (!id)
    return (
      <Text size="sm" c="dimmed">
        {t('usage.noSubscription')}
      </Text>
    );
  return <Code style={{ overflowWrap: 'anywhere' }}>{id}</Code>;
}

const TREND_WIDTH = 132;
const TREND_HEIGHT = 32;

/** The twelve months as a small line (the chosen month a dot at its end), told in words to screen readers. */
function Trend({ row, months }: { row: UsageAttributes; months: readonly string[] }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const label = t('usage.trendLabel', {
    first: formatDate(monthStart(months[0] ?? '2000-01'), 'month'),
    last: formatDate(monthStart(months.at(-1) ?? '2000-01'), 'month'),
    values: row.trend.join(', '),
  });
  const max = Math.max(1, ...row.trend);
  const step = (TREND_WIDTH - 6) / Math.max(1, row.trend.length - 1);
  const points = row.trend.map((calls, i) => [3 + i * step, TREND_HEIGHT - 3 - ((TREND_HEIGHT - 6) * calls) / max]);
  const [lastX, lastY] = points.at(-1) ?? [0, 0];
  return (
    <svg
      role="img"
      aria-label={label}
      width={TREND_WIDTH}
      height={TREND_HEIGHT}
      viewBox={`0 0 ${TREND_WIDTH} ${TREND_HEIGHT}`}
      style={{ display: 'block', maxWidth: '100%' }}
    >
      <title>{label}</title>
      <polyline
        points={points.map(([x, y]) => `${x},${y}`).join(' ')}
        fill="none"
        stroke="var(--mantine-color-blue-filled)"
        strokeWidth={1.5}
        strokeLinejoin="round"
      />
      <circle cx={lastX} cy={lastY} r={2.5} fill="var(--mantine-color-blue-filled)" />
    </svg>
  );
}

/**
 * Usage (super): each customer's phonebots with their calls in a month, the twelve months up to it and their payment
 * state, from the same monthly counts as Calls History; searched, paged by customer and exported here.
 */
export function UsagePage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const state = useMonthListParams();
  const { month, page, search, update } = state;
  const usage = useQuery(usageQuery(month));
  const wide = useMediaQuery(TABLE_QUERY, true, { getInitialValueInEffect: false });

  const rows = usage.data?.data.map((item) => item.attributes) ?? [];
  const months = usage.data?.meta.months ?? [];
  const found = filterUsage(rows, search);
  const view = groupPage(
    groupByCustomer(found, (row) => row.customer_name),
    page,
  );
  const totalCalls = found.reduce((sum, row) => sum + row.calls, 0);
  const monthName = formatDate(monthStart(month), 'month');

  const handleExport = () => {
    if (found.length === 0) {
      notifyError(t('noDataToExport'));
      return;
    }
    saveCsv(`usage_${month}.csv`, usageCsv(found, months));
  };

  const content = (
    <QueryState query={usage}>
      {() => {
        const opacity = usage.isPlaceholderData ? 0.6 : 1;
        let list;
        if (view.groups.length === 0) {
          list = (
            <Text ta="center" py="md">
              {t('usage.empty')}
            </Text>
          );
        } else if (wide) {
          list = (
            <Table
              withTableBorder
              verticalSpacing="sm"
              style={{ opacity, overflowWrap: 'anywhere' }}
              aria-label={t('pages.usage')}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('usage.columns.customer')}</Table.Th>
                  <Table.Th>{t('usage.columns.phonebot')}</Table.Th>
                  <Table.Th ta="right">{t('usage.columns.calls', { month: monthName })}</Table.Th>
                  <Table.Th>{t('usage.columns.trend')}</Table.Th>
                  <Table.Th>{t('usage.columns.payment')}</Table.Th>
                  <Table.Th>{t('usage.columns.subscription')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {view.groups.flatMap((group) =>
                  group.rows.map((row, index) => (
                    <Table.Tr key={`${row.customer_id}:${row.phonebot_id}`}>
                      {index === 0 && (
                        <Table.Td rowSpan={group.rows.length} fw={600} style={{ verticalAlign: 'top' }}>
                          {group.name}
                        </Table.Td>
                      )}
                      <Table.Td>{row.phonebot}</Table.Td>
                      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {row.calls}
                      </Table.Td>
                      <Table.Td>
                        <Trend row={row} months={months} />
                      </Table.Td>
                      <Table.Td>
                        <PaymentBadge row={row} />
                      </Table.Td>
                      <Table.Td>
                        <Subscription id={row.subscription_id} />
                      </Table.Td>
                    </Table.Tr>
                  )),
                )}
              </Table.Tbody>
            </Table>
          );
        } else {
          list = (
            <Stack gap="md" style={{ opacity }}>
              {view.groups.map((group) => (
                <Paper key={group.key} withBorder p="md" component="section" aria-label={group.name}>
                  <Stack gap="sm">
                    <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                      {group.name}
                    </Title>
                    {group.rows.map((row) => (
                      <Stack
                        key={row.phonebot_id}
                        gap={6}
                        pt="xs"
                        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                      >
                        <Group justify="space-between" wrap="nowrap" align="flex-start">
                          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                            {row.phonebot}
                          </Text>
                          <PaymentBadge row={row} />
                        </Group>
                        <SimpleGrid cols={2} spacing="xs">
                          <Text size="sm">{t('usage.columns.calls', { month: monthName })}</Text>
                          <Text size="sm" ta="right" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                            {row.calls}
                          </Text>
                          <Text size="sm">{t('usage.columns.trend')}</Text>
                          <Group justify="flex-end">
                            <Trend row={row} months={months} />
                          </Group>
                          <Text size="sm">{t('usage.columns.subscription')}</Text>
                          <Group justify="flex-end">
                            <Subscription id={row.subscription_id} />
                          </Group>
                        </SimpleGrid>
                      </Stack>
                    ))}
                  </Stack>
                </Paper>
              ))}
            </Stack>
          );
        }
        return (
          <Stack gap="md">
            {list}
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed">
                {t('usage.total', { count: totalCalls, month: monthName })}
              </Text>
              <GroupPager
                page={view.page}
                pages={view.pages}
                onPage={(next) => update({ page: String(next) }, false)}
                texts={{
                  label: t('usage.pagination'),
                  previous: t('usage.previous'),
                  next: t('usage.next'),
                  pageOf: t('usage.pageOf', { page: view.page, pages: view.pages }),
                }}
              />
            </Group>
          </Stack>
        );
      }}
    </QueryState>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{t('pages.usage')}</Title>
        <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={handleExport}>
          {t('usage.export')}
        </Button>
      </Group>
      <Text c="dimmed">{t('usage.intro')}</Text>
      <MonthListFilters state={state} label={t('usage.search')} placeholder={t('usage.searchPlaceholder')} />
      {content}
    </Stack>
  );
}
