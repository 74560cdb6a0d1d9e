import { Group, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, intlLocale } from '../../../lib/dates';

/** How many years back the year select reaches. */
const YEARS_BACK = 9;

type MonthFieldProps = {
  /** YYYY-MM */
  value: string;
  /** The current month (YYYY-MM): the latest one offered. */
  latest: string;
  onChange: (month: string) => void;
};

/**
 * A month as two selects, month names in the interface language (a native month input would follow the browser's
 * language instead of the one chosen in the app).
 */
export function MonthField({ value, latest, onChange }: MonthFieldProps) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.resolvedLanguage ?? 'en');
  const [year, month] = value.split('-').map(Number) as [number, number];
  const [latestYear, latestMonth] = latest.split('-').map(Number) as [number, number];
  const monthName = (index: number) =>
    new Intl.DateTimeFormat(locale, { month: 'long' }).format(new Date(2000, index, 1));
  const months = Array.from({ length: 12 }, (_, index) => ({
    value: String(index + 1),
    label: monthName(index),
    disabled: year === latestYear && index + 1 > latestMonth,
  }));
  const years = Array.from({ length: YEARS_BACK + 1 }, (_, index) => String(latestYear - index));
  const emit = (nextYear: number, nextMonth: number) => {
    // A month after the current one does not exist yet: the latest month stands in.
    const capped = nextYear === latestYear && nextMonth > latestMonth ? latestMonth : nextMonth;
    onChange(`${nextYear}-${String(capped).padStart(2, '0')}`);
  };
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      align="flex-end"
      role="group"
      aria-label={formatDate(new Date(year, month - 1), locale, 'month')}
    >
      <NativeSelect
        label={t('callsHistory.month')}
        value={String(month)}
        data={months}
        onChange={(event) => emit(year, Number(event.currentTarget.value))}
        w={150}
      />
      <NativeSelect
        label={t('callsHistory.year')}
        value={String(year)}
        data={years}
        onChange={(event) => emit(Number(event.currentTarget.value), month)}
        w={100}
      />
    </Group>
  );
}
