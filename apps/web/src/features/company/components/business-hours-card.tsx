import { memo, useCallback, useMemo, useState } from 'react';
import { ActionIcon, Button, Group, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type BusinessHours, WEEKDAYS, type Weekday } from '@phonebot/shared/customers';
import { errorText } from '../../../lib/api-errors';
import { intlLocale } from '../../../lib/dates';
import { registerTranslations, translateText } from '../../../lib/i18n';
import { useCompanyProfile } from '../api';
import { SettingsCard } from './settings-card';
import { useSaveSettings } from './use-save-settings';
import {
  type HoursDraft,
  type StoredHours,
  draftOf,
  hoursOf,
  timeZones,
  useUpdateBusinessHours,
} from '../business-hours';
import { companyTranslations } from '../locales';

registerTranslations(companyTranslations);

/** The weekday names of the interface language, Monday first (7 December 2026 is a Monday). */
function weekdayNames(locale: string): Record<Weekday, string> {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return Object.fromEntries(
    WEEKDAYS.map((day, i) => [day, format.format(new Date(Date.UTC(2026, 11, 7 + i)))]),
  ) as Record<Weekday, string>;
}

/**
 * The company's business hours: a time zone, opening hours per weekday (several per day, e.g. around lunch) and
 * closed days. Callback deadlines count only these hours; switched off, they count around the clock.
 */
export function BusinessHoursCard() {
  const profile = useCompanyProfile();
  const update = useUpdateBusinessHours();
  if (!profile.isSuccess) return null;
  const save: SaveBusinessHours = async (hours) => (await update.mutateAsync(hours)).business_hours;
  return <BusinessHoursSection hours={profile.data.business_hours} save={save} />;
}

/**
 * Saves business hours (null: switched off) and answers them as stored; a failure (a 422 with the field's pointer)
 * rejects and is shown in the form.
 */
export type SaveBusinessHours = (hours: BusinessHours | null) => Promise<StoredHours | null>;

/**
 * The business hours' card with its editor, for whoever edits a company's hours: Company Profile saves them to the
 * profile, the super's customer screen to the customer.
 */
export function BusinessHoursSection({ hours, save }: { hours: StoredHours | null; save: SaveBusinessHours }) {
  const { t } = useTranslation();
  return (
    <SettingsCard
      id="business-hours-title"
      title={t('company.hours.title')}
      description={t('company.hours.description')}
    >
      <BusinessHoursForm hours={hours} save={save} />
    </SettingsCard>
  );
}

/** The time zone picker: some hundred zones, drawn again only when the zone changes. */
const ZonePicker = memo(function ZonePicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (zone: string) => void;
}) {
  const zones = useMemo(() => timeZones(value), [value]);
  return (
    <Select
      label={label}
      data={zones}
      value={value}
      onChange={(zone) => zone && onChange(zone)}
      searchable
      allowDeselect={false}
      w={{ base: '100%', sm: 360 }}
    />
  );
});

/** The business hours' editor: starts from `hours` and stores what it checked through `save`. */
function BusinessHoursForm({ hours, save }: { hours: StoredHours | null; save: SaveBusinessHours }) {
  const { t, i18n } = useTranslation();
  const saveSettings = useSaveSettings();
  const [saving, setSaving] = useState(false);
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const [draft, setDraft] = useState<HoursDraft>(() => draftOf(hours, browserZone));
  const [error, setError] = useState<string | null>(null);
  const names = useMemo(() => weekdayNames(intlLocale(i18n.resolvedLanguage ?? 'en')), [i18n.resolvedLanguage]);
  const changeZone = useCallback((zone: string) => {
    setDraft((current) => ({ ...current, time_zone: zone }));
    setError(null);
  }, []);

  const change = (next: Partial<HoursDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setError(null);
  };
  const changeDay = (day: Weekday, intervals: HoursDraft['week'][Weekday]) =>
    change({ week: { ...draft.week, [day]: intervals } });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = hoursOf(draft);
    if ('error' in checked) {
      setError(translateText(t, checked.error));
      return;
    }
    setSaving(true);
    void saveSettings(save(checked.hours), {
      onSaved: (saved) => setDraft(draftOf(saved, browserZone)),
      failureText: (failure) => translateText(t, errorText(failure)),
      onFailed: (_failure, text) => setError(text),
    }).finally(() => setSaving(false));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Switch
          label={t('company.hours.enabled')}
          checked={draft.enabled}
          onChange={(event) => change({ enabled: event.currentTarget.checked })}
        />
        {!draft.enabled && (
          <Text size="sm" c="dimmed">
            {t('company.hours.off')}
          </Text>
        )}
        {draft.enabled && (
          <>
            <ZonePicker label={t('company.hours.timeZone')} value={draft.time_zone} onChange={changeZone} />
            <Stack gap={6}>
              {WEEKDAYS.map((day) => (
                <Group key={day} gap="sm" align="center" wrap="wrap">
                  <Text w={110} fw={500} size="sm">
                    {names[day]}
                  </Text>
                  {draft.week[day].length === 0 && (
                    <Text size="sm" c="dimmed">
                      {t('company.hours.closed')}
                    </Text>
                  )}
                  {draft.week[day].map((interval, i) => (
                    <Group key={i} gap={4} wrap="nowrap">
                      <TextInput
                        aria-label={t('company.hours.from', { day: names[day] })}
                        value={interval.from}
                        placeholder="08:00"
                        w={80}
                        onChange={(event) =>
                          changeDay(
                            day,
                            draft.week[day].map((it, k) => (k === i ? { ...it, from: event.currentTarget.value } : it)),
                          )
                        }
                      />
                      <Text size="sm">–</Text>
                      <TextInput
                        aria-label={t('company.hours.until', { day: names[day] })}
                        value={interval.until}
                        placeholder="17:00"
                        w={80}
                        onChange={(event) =>
                          changeDay(
                            day,
                            draft.week[day].map((it, k) =>
                              k === i ? { ...it, until: event.currentTarget.value } : it,
                            ),
                          )
                        }
                      />
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('company.hours.remove', {
                          day: names[day],
                          from: interval.from,
                          until: interval.until,
                        })}
                        onClick={() =>
                          changeDay(
                            day,
                            draft.week[day].filter((_, k) => k !== i),
                          )
                        }
                      >
                        <IconX size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  ))}
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('company.hours.add', { day: names[day] })}
                    onClick={() => {
                      const last = draft.week[day].at(-1);
                      changeDay(day, [
                        ...draft.week[day],
                        last ? { from: last.until, until: '' } : { from: '08:00', until: '17:00' },
                      ]);
                    }}
                  >
                    <IconPlus size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
            <Textarea
              label={t('company.hours.holidays')}
              description={t('company.hours.holidaysHint')}
              value={draft.holidays}
              onChange={(event) => change({ holidays: event.currentTarget.value })}
              autosize
              minRows={2}
              maxRows={8}
              spellCheck={false}
              w={{ base: '100%', sm: 360 }}
            />
          </>
        )}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {t('company.hours.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
