import { useState } from 'react';
import { Box, Button, Group, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useUrlSearch } from '../../../lib/use-url-search';
import { parseListQuery } from '@phonebot/shared';
import { MONTH_PATTERN } from '@phonebot/shared/customers';
import { MonthField } from './month-field';

/** The current month in the browser's time zone, as YYYY-MM (docs/product.md §9: the default month). */
export function currentMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** The first day of a YYYY-MM month, to name the month. */
export function monthStart(month: string): Date {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(year, monthNumber - 1, 1);
}

/**
 * The state of a monthly list of customers in the URL (month, search, page), shared by Calls History and Usage, so
 * a pasted link shows the same list.
 */
export function useMonthListParams() {
  const [params, setParams] = useUrlSearch();
  const thisMonth = currentMonth();
  const asked = params.get('month');
  const month = asked && MONTH_PATTERN.test(asked) ? asked : thisMonth;
  const { page, search } = parseListQuery({
    page: params.get('page') ?? undefined,
    search: params.get('search') ?? undefined,
  });
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
  return { month, thisMonth, page, search, update };
}

/** The month picker and the search box of a monthly list. */
export function MonthListFilters({
  state,
  label,
  placeholder,
}: {
  state: ReturnType<typeof useMonthListParams>;
  label: string;
  placeholder: string;
}) {
  const { month, thisMonth, search, update } = state;
  // The search input keeps what is typed; the URL gets the trimmed search.
  const [searchInput, setSearchInput] = useState(search ?? '');
  return (
    <Group align="flex-end" wrap="wrap">
      <MonthField
        value={month}
        latest={thisMonth}
        onChange={(value) => update({ month: value === thisMonth ? undefined : value, page: undefined }, false)}
      />
      <Box w={{ base: '100%', sm: 320 }}>
        <TextInput
          label={label}
          placeholder={placeholder}
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
  );
}

/** Previous / page x of y / next under a monthly list, paged by customer. */
export function GroupPager({
  page,
  pages,
  onPage,
  texts,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  texts: { label: string; previous: string; next: string; pageOf: string };
}) {
  return (
    <Group component="nav" aria-label={texts.label} gap="sm">
      <Button
        variant="default"
        size="xs"
        leftSection={<IconChevronLeft size={14} aria-hidden />}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {texts.previous}
      </Button>
      <Text size="sm">{texts.pageOf}</Text>
      <Button
        variant="default"
        size="xs"
        rightSection={<IconChevronRight size={14} aria-hidden />}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {texts.next}
      </Button>
    </Group>
  );
}
