import { Button, Group } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/*
 * A module of its own, loaded when the Filters menu first opens (call-list-filters.tsx): the date picker and its
 * calendar library are about a tenth of the signed-in start's code, and the list needs them only then.
 */

/** The calendar-day filter (the API's date=YYYY-MM-DD), written as the user's language writes a day, with its clear button. */
export function DayFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Group gap={4} align="flex-end" wrap="nowrap">
      <DatesProvider settings={{ locale: i18n.resolvedLanguage ?? 'en' }}>
        <DatePickerInput
          label={t('calls.toolbar.date')}
          value={value ?? null}
          onChange={(day) => onChange(day ?? undefined)}
          valueFormat={i18n.resolvedLanguage === 'de' ? 'DD.MM.YYYY' : 'D MMM YYYY'}
          // Inside the filters' popover: its calendar must not count as a click outside it.
          popoverProps={{ withinPortal: false }}
          w={170}
        />
      </DatesProvider>
      <Button
        variant="default"
        onClick={() => onChange(undefined)}
        disabled={value === undefined}
        leftSection={<IconX size={14} aria-hidden />}
      >
        {t('calls.toolbar.clearDate')}
      </Button>
    </Group>
  );
}
