import { type ReactNode, useState } from 'react';
import { Badge, Button, Group, NativeSelect, Pagination, Text, TextInput } from '@mantine/core';
import { IconSearch, IconSortAscending, IconSortDescending, IconX } from '@tabler/icons-react';
import { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { PageSize } from '../constants';
import { TRIAGE_SORT_FIELDS } from '../constants';
import { useFormatDate } from '../../../lib/dates';
import { type CallListParams, DUE_SORT, type SortState, hasFilters } from '../list-params';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';

const SEARCH_DEBOUNCE_MS = 300;
/** The list schema's limit; a longer search would be dropped as invalid. */
const SEARCH_MAX_LENGTH = 200;

/** The search box; the list follows the typing after a short pause, so a word is one request, not one per key. */
export function SearchBox({
  value,
  onChange,
  placeholder,
  id,
  compact = false,
}: {
  value: string | undefined;
  onChange: (value: string) => void;
  placeholder: string;
  /** Lets the / key of the inbox reach the box. */
  id?: string;
  /** In the inbox's filter bar: named for screen readers only, so the bar keeps one line. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  // The search this box last sent or was given; a different one in the URL came from a link or the back button.
  const [known, setKnown] = useState(value ?? '');
  if ((value ?? '') !== known) {
    setKnown(value ?? '');
    setText(value ?? '');
  }
  const commit = useDebouncedSearch((search: string) => {
    setKnown(search);
    onChange(search);
  }, SEARCH_DEBOUNCE_MS);
  return (
    <TextInput
      id={id}
      type="search"
      maxLength={SEARCH_MAX_LENGTH}
      label={compact ? undefined : t('calls.toolbar.search')}
      aria-label={compact ? t('calls.toolbar.search') : undefined}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value.trim());
      }}
      w={compact ? { base: '100%', xs: 280 } : { base: '100%', sm: 340 }}
      maw="100%"
    />
  );
}

export function PageSizeSelect({
  value,
  options,
  onChange,
}: {
  value: PageSize;
  options: readonly PageSize[];
  onChange: (value: PageSize) => void;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={t('calls.toolbar.pageSize')}
      value={String(value)}
      onChange={(event) => {
        const chosen = event.currentTarget.value;
        onChange(chosen === 'all' ? 'all' : Number(chosen));
      }}
      data={options.map((size) => ({
        value: String(size),
        label: size === 'all' ? t('calls.toolbar.all') : String(size),
      }))}
      w={{ base: '100%', xs: 'auto' }}
    />
  );
}

const SORT_CHOICES: readonly string[] = [...TRIAGE_SORT_FIELDS, DUE_SORT, 'phonebot', 'caller_number', 'category'];

function sortLabel(t: TFunction, field: string): string {
  if ((TRIAGE_SORT_FIELDS as readonly string[]).includes(field))
    return t(`calls.toolbar.sortFields.${field as (typeof TRIAGE_SORT_FIELDS)[number]}`);
  if (field === DUE_SORT) return t('dense.sortFields.due');
  return t(`dense.sortFields.${field as 'phonebot' | 'caller_number' | 'category'}`);
}

/**
 * The sort select with a direction toggle (docs/product.md §4.11: created date, priority, status), offering every
 * order of the column heads too, so each is reachable where the heads are folded (a narrow list).
 */
export function TriageSort({ sort, onChange }: { sort: SortState; onChange: (sort: SortState) => void }) {
  const { t } = useTranslation();
  const field = SORT_CHOICES.includes(sort.field) ? sort.field : 'created_at';
  const ascending = sort.direction === 'asc';
  const directionLabel = ascending ? t('calls.toolbar.ascending') : t('calls.toolbar.descending');
  return (
    <Group gap={4} align="flex-end" wrap="nowrap">
      <NativeSelect
        label={t('calls.toolbar.sortBy')}
        value={field}
        onChange={(event) => onChange({ field: event.currentTarget.value, direction: sort.direction })}
        data={SORT_CHOICES.map((value) => ({ value, label: sortLabel(t, value) }))}
      />
      <Button
        variant="default"
        aria-label={t('calls.toolbar.sortDirection', { direction: directionLabel })}
        onClick={() => onChange({ field, direction: ascending ? 'desc' : 'asc' })}
        leftSection={
          ascending ? <IconSortAscending size={16} aria-hidden /> : <IconSortDescending size={16} aria-hidden />
        }
      >
        {directionLabel}
      </Button>
    </Group>
  );
}

/** Paging under a list: the range shown, the rows per page where the screen offers a choice, and the page buttons. */
export function Pager({
  page,
  perPage,
  total,
  onChange,
  size,
}: {
  page: number;
  perPage: PageSize;
  total: number;
  onChange: (page: number) => void;
  size?: ReactNode;
}) {
  const { t } = useTranslation();
  const pages = perPage === 'all' ? 1 : Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 ? 0 : perPage === 'all' ? 1 : Math.min(total, (page - 1) * perPage + 1);
  const to = perPage === 'all' ? total : Math.min(total, page * perPage);
  const controlLabels = {
    previous: t('calls.previousPage'),
    next: t('calls.nextPage'),
    first: t('calls.firstPage'),
    last: t('calls.lastPage'),
  };
  return (
    <Group justify="space-between" gap="sm" align="flex-end">
      <Group gap="sm" align="flex-end">
        {size}
        <Text size="sm" c="dimmed">
          {t('calls.range', { from, to, total })}
        </Text>
      </Group>
      {pages > 1 && (
        <nav aria-label={t('calls.pagination')}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onChange}
            getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
          />
        </nav>
      )}
    </Group>
  );
}

const WEEKDAY_BASE = Date.UTC(2024, 0, 1); // a Monday

/** The filters a link opened the list with (from Insights, for one), each named, and a button that clears them. */
export function ActiveFilters({
  params,
  withDate = false,
  onClear,
}: {
  params: CallListParams;
  /** Name the day too, on a list without a day field. */
  withDate?: boolean;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  if (!hasFilters(params) && !(withDate && params.date)) return null;
  const day = (value: string) => formatDate(new Date(`${value}T12:00:00`), 'date');
  const weekday = (value: number) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage, { weekday: 'long', timeZone: 'UTC' }).format(
      WEEKDAY_BASE + value * 86_400_000,
    );
  const assignee = (value: string) =>
    value === 'me' ? t('calls.filters.assigneeMe') : value === 'none' ? t('calls.filters.assigneeNone') : value;
  const parts: [string, string][] = [];
  if (withDate && params.date) parts.push(['date', t('calls.filters.day', { value: day(params.date) })]);
  if (params.status) parts.push(['status', t('calls.filters.status', { value: t(`calls.statuses.${params.status}`) })]);
  if (params.priority)
    parts.push(['priority', t('calls.filters.priority', { value: t(`calls.priorities.${params.priority}`) })]);
  if (params.category) {
    const value = params.category === 'Uncategorized' ? t('calls.uncategorized') : params.category;
    parts.push(['category', t('calls.filters.category', { value })]);
  }
  if (params.phonebot) parts.push(['phonebot', t('calls.filters.phonebot', { value: params.phonebot })]);
  if (params.caller) parts.push(['caller', t('calls.filters.caller', { value: params.caller })]);
  if (params.from && params.to)
    parts.push(['range', t('calls.filters.range', { from: day(params.from), to: day(params.to) })]);
  if (params.weekday !== undefined)
    parts.push(['weekday', t('calls.filters.weekday', { value: weekday(params.weekday) })]);
  if (params.hour !== undefined)
    parts.push(['hour', t('calls.filters.hour', { from: params.hour, to: params.hour + 1 })]);
  if (params.assignee) parts.push(['assignee', t('calls.filters.assignee', { value: assignee(params.assignee) })]);
  if (params.overdue) parts.push(['overdue', t('calls.filters.overdue')]);
  if (params.snoozed) parts.push(['snoozed', t('calls.filters.snoozed')]);
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label={t('calls.filters.label')}>
      {parts.map(([key, text]) => (
        <Badge key={key} variant="light" tt="none" size="lg" style={{ maxWidth: '100%' }}>
          {text}
        </Badge>
      ))}
      <Button variant="subtle" size="xs" leftSection={<IconX size={14} aria-hidden />} onClick={onClear}>
        {t('calls.filters.clear')}
      </Button>
    </Group>
  );
}
