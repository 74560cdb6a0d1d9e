import { useMemo } from 'react';
import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import {
  Anchor,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useUrlSearch } from '../../../lib/use-url-search';
import { isIsoDay } from '@phonebot/shared';
import { CALL_PRIORITIES, CALL_STATUSES, type CallPriority, type CallStatus } from '@phonebot/shared/calls';
import { INSIGHT_SPLITS, type CallStatsDocument, type InsightSplit } from '@phonebot/shared/insights';
import { PhoneLink } from '../../../components/phone-link';
import { QueryError } from '../../../components/query-state';
import { registerTranslations } from '../../../lib/i18n';
import { useCallStats } from '../api';
import { callListLink, callerLink, heatmapLink, lastDays } from '../links';
import { insightsTranslations } from '../locales';
import { Figures, useFormats } from './figures';

registerTranslations(insightsTranslations);

const RANGES = ['7', '30', '90', 'custom'] as const;
type Range = (typeof RANGES)[number];
const COLORS = ['blue.6', 'teal.7', 'orange.7', 'grape.6', 'red.7', 'cyan.7', 'indigo.6', 'pink.7', 'lime.8', 'gray.6'];
const STATUS_COLORS: Record<string, string> = { New: 'blue.6', 'In Progress': 'orange.7', Completed: 'teal.7' };

/** The screen's state lives in the URL (period, range, split), so a pasted link shows the same numbers. */
function useInsightParams() {
  const [params, setParams] = useUrlSearch();
  const range: Range = (RANGES as readonly string[]).includes(params.get('range') ?? '')
    ? (params.get('range') as Range)
    : '30';
  const split: InsightSplit = (INSIGHT_SPLITS as readonly string[]).includes(params.get('split') ?? '')
    ? (params.get('split') as InsightSplit)
    : 'status';
  const day = (name: string) => {
    const value = params.get(name);
    return isIsoDay(value) ? value : undefined;
  };
  const fallback = lastDays(30);
  const period =
    range === 'custom' ? { from: day('from') ?? fallback.from, to: day('to') ?? fallback.to } : lastDays(Number(range));
  const update = (patch: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(patch)) next.set(name, value);
        return next;
      },
      { replace: true },
    );
  return { range, split, period, update };
}

const isCallStatus = (name: string): name is CallStatus => (CALL_STATUSES as readonly string[]).includes(name);
const isCallPriority = (name: string): name is CallPriority => (CALL_PRIORITIES as readonly string[]).includes(name);

const WEEKDAY_BASE = Date.UTC(2024, 0, 1); // a Monday

function Heatmap({ cells, period }: { cells: number[][]; period: { from: string; to: string } }) {
  const { t, i18n } = useTranslation();
  const weekday = new Intl.DateTimeFormat(i18n.resolvedLanguage, { weekday: 'short', timeZone: 'UTC' });
  const max = Math.max(1, ...cells.flat());
  return (
    // Sideways on a phone; the scrollbar gets its own room below the last row instead of covering it.
    <ScrollArea type="auto" scrollbars="x" offsetScrollbars="present">
      <Table
        withRowBorders={false}
        verticalSpacing={2}
        horizontalSpacing={2}
        style={{ minWidth: 560, tableLayout: 'fixed' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={72} fz="xs" fw={500}>
              {t('insights.weekday')}
            </Table.Th>
            {Array.from({ length: 24 }, (_, hour) => (
              <Table.Th key={hour} ta="center" fz="xs" fw={500}>
                {hour % 3 === 0 ? hour : ''}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cells.map((row, day) => {
            const name = weekday.format(WEEKDAY_BASE + day * 86_400_000);
            return (
              <Table.Tr key={day}>
                <Table.Th fz="xs" fw={500} scope="row">
                  {name}
                </Table.Th>
                {row.map((count, hour) => {
                  const label = t('insights.heatmapCell', { weekday: name, hour, count });
                  const style = {
                    display: 'block',
                    height: 18,
                    borderRadius: 3,
                    background:
                      count === 0
                        ? 'var(--mantine-color-default-border)'
                        : `color-mix(in srgb, var(--mantine-color-blue-filled) ${Math.round(20 + (80 * count) / max)}%, transparent)`,
                  };
                  return (
                    <Table.Td key={hour} p={1}>
                      {count === 0 ? (
                        <div role="img" aria-label={label} title={label} style={style} />
                      ) : (
                        // A cell with calls opens the list of exactly those calls.
                        <Link to={heatmapLink(period, day, hour)} aria-label={label} title={label} style={style} />
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function seriesOf(doc: CallStatsDocument | undefined, split: InsightSplit) {
  const names = new Set<string>();
  for (const item of doc?.data ?? []) for (const name of Object.keys(item.attributes.split)) names.add(name);
  const ordered = [...names].sort();
  return ordered.map((name, i) => ({ name, color: STATUS_COLORS[name] ?? COLORS[i % COLORS.length]!, split }));
}

/** The Insights screen: calls per day by a split, time to complete, overdue calls, repeat callers, busy hours. */
export function InsightsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { range, split, period, update } = useInsightParams();
  const stats = useCallStats({ from: period.from, to: period.to, split });
  const formats = useFormats();
  const doc = stats.data;
  const series = useMemo(() => seriesOf(doc, split), [doc, split]);
  const dayLabel = new Intl.DateTimeFormat(i18n.resolvedLanguage, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  // Every legend entry in the screen's language: statuses and priorities by their names, no category as such.
  const label = (name: string) => {
    if (split === 'status' && isCallStatus(name)) return t(`insights.statuses.${name}`);
    if (split === 'priority' && isCallPriority(name)) return t(`insights.priorities.${name}`);
    return split === 'category' && name === 'Uncategorized' ? t('insights.uncategorized') : name;
  };
  const bars = (doc?.data ?? []).map((item) => ({ day: item.id, ...item.attributes.split }));
  const trend = (doc?.data ?? []).map((item) => ({
    day: item.id,
    hours:
      item.attributes.median_seconds_to_complete === null
        ? null
        : Math.round((item.attributes.median_seconds_to_complete / 3600) * 10) / 10,
  }));

  return (
    <Stack gap="lg">
      <Title order={1}>{t('insights.title')}</Title>
      <Group align="flex-end" gap="md" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="insights-range">
            {t('insights.range')}
          </Text>
          <SegmentedControl
            aria-labelledby="insights-range"
            value={range}
            onChange={(value) => update({ range: value, ...(value === 'custom' ? period : {}) })}
            data={RANGES.map((value) => ({
              value,
              label: value === 'custom' ? t('insights.custom') : t(`insights.days${value}`),
            }))}
          />
        </Stack>
        {range === 'custom' && (
          <>
            <TextInput
              type="date"
              label={t('insights.from')}
              value={period.from}
              max={period.to}
              onChange={(event) => event.currentTarget.value && update({ from: event.currentTarget.value })}
            />
            <TextInput
              type="date"
              label={t('insights.to')}
              value={period.to}
              min={period.from}
              onChange={(event) => event.currentTarget.value && update({ to: event.currentTarget.value })}
            />
          </>
        )}
        <Select
          label={t('insights.split')}
          value={split}
          allowDeselect={false}
          onChange={(value) => value && update({ split: value })}
          data={INSIGHT_SPLITS.map((value) => ({ value, label: t(`insights.splits.${value}`) }))}
          w={180}
        />
      </Group>

      {stats.isError ? (
        <QueryError query={stats} />
      ) : (
        <>
          <Figures meta={doc?.meta} />
          <Paper withBorder p="md">
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t('insights.callsPerDay')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('insights.callsPerDayHint')}
              </Text>
              {!doc ? (
                <Skeleton h={280} />
              ) : doc.meta.total === 0 ? (
                <Text>{t('insights.none')}</Text>
              ) : (
                <BarChart
                  h={280}
                  data={bars}
                  dataKey="day"
                  type="stacked"
                  withLegend
                  legendProps={{ verticalAlign: 'bottom' }}
                  series={series.map(({ name, color }) => ({ name, color, label: label(name) }))}
                  valueFormatter={(value) => formats.number(value)}
                  xAxisProps={{ tickFormatter: (day: string) => dayLabel.format(Date.parse(day)) }}
                  yAxisProps={{ allowDecimals: false }}
                  barProps={(s) => ({
                    cursor: 'pointer',
                    onClick: (entry: { payload?: { day?: string } }) => {
                      const day = entry.payload?.day;
                      if (day) void navigate(callListLink(day, split, s.name, doc.meta.phonebot_keys));
                    },
                  })}
                />
              )}
            </Stack>
          </Paper>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Paper withBorder p="md">
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {t('insights.medianTrend')}
                </Title>
                {!doc ? (
                  <Skeleton h={200} />
                ) : (
                  <LineChart
                    h={200}
                    data={trend}
                    dataKey="day"
                    connectNulls
                    series={[{ name: 'hours', color: 'teal.7', label: t('insights.medianToComplete') }]}
                    valueFormatter={(value) => formats.number(value)}
                    xAxisProps={{ tickFormatter: (day: string) => dayLabel.format(Date.parse(day)) }}
                  />
                )}
              </Stack>
            </Paper>
            <Paper withBorder p="md">
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {t('insights.topCallers')}
                </Title>
                {!doc ? (
                  <Skeleton h={200} />
                ) : doc.meta.top_callers.length === 0 ? (
                  <Text>{t('insights.noRepeatCallers')}</Text>
                ) : (
                  <Table>
                    <Table.Tbody>
                      {doc.meta.top_callers.map((caller) => (
                        <Table.Tr key={caller.number}>
                          <Table.Td>
                            <Anchor
                              component={Link}
                              to={callerLink({ from: doc.meta.from, to: doc.meta.to }, caller.number)}
                              aria-label={t('insights.callerCalls', { number: caller.number, count: caller.calls })}
                            >
                              {caller.number}
                            </Anchor>
                          </Table.Td>
                          <Table.Td ta="right">{t('insights.calls', { count: caller.calls })}</Table.Td>
                          <Table.Td ta="right" w={1}>
                            <PhoneLink
                              number={caller.number}
                              label={t('insights.callNumber', { number: caller.number })}
                            >
                              <IconPhone size={16} aria-hidden />
                            </PhoneLink>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Stack>
            </Paper>
          </SimpleGrid>
          <Paper withBorder p="md">
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t('insights.heatmap')}
              </Title>
              {!doc ? (
                <Skeleton h={180} />
              ) : (
                <Heatmap cells={doc.meta.weekday_hours} period={{ from: doc.meta.from, to: doc.meta.to }} />
              )}
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
