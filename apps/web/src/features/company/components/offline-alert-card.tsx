import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OFFLINE_ALERT_MINUTES } from '@phonebot/shared/phonebot-alerts';
import type { CompanyProfileInput } from '@phonebot/shared/profile';
import type { FeatureTranslations } from '../../../lib/i18n';
import { registerTranslations } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { QueryState } from '../../../components/query-state';
import { useCompanyProfile, useUpdateCompanyProfile } from '../api';

const en = {
  offlineAlert: {
    title: 'Offline phonebots',
    description:
      'When a phonebot’s runtime is not heard from for this many minutes (within business hours, when they are set), its admins get one mail and the Calls Dashboard shows it until it is back.',
    minutes: 'Minutes until the alert',
    save: 'Save',
  },
};

export const offlineAlertTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    offlineAlert: {
      title: 'Phonebots offline',
      description:
        'Kommt von der Laufzeitumgebung eines Phonebots so viele Minuten kein Lebenszeichen (innerhalb der Geschäftszeiten, wenn sie festgelegt sind), erhalten seine Admins eine E-Mail, und das Anruf-Dashboard zeigt es an, bis er wieder erreichbar ist.',
      minutes: 'Minuten bis zur Warnung',
      save: 'Speichern',
    },
  },
};

registerTranslations(offlineAlertTranslations);

/** How long a runtime phonebot may be silent before the company's admins are told (admin, adminuser). */
export function OfflineAlertCard() {
  const { t } = useTranslation();
  const profile = useCompanyProfile();
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('offlineAlert.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('offlineAlert.description')}
        </Text>
        <QueryState query={profile}>{(found) => <OfflineAlertForm minutes={found.offline_alert_minutes} />}</QueryState>
      </Stack>
    </Paper>
  );
}

function OfflineAlertForm(props: { minutes: number }) {
  const { t } = useTranslation();
  const update = useUpdateCompanyProfile();
  const [minutes, setMinutes] = useState<number | string>(props.minutes);
  const { min, max } = OFFLINE_ALERT_MINUTES;
  const valid = typeof minutes === 'number' && Number.isInteger(minutes) && minutes >= min && minutes <= max;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    try {
      await update.mutateAsync({ offline_alert_minutes: minutes } as CompanyProfileInput);
      notifySuccess(t('successfullyUpdated'));
    } catch {
      notifyError(t('profileUpdateError'));
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Group align="flex-end" gap="md" wrap="wrap">
        <NumberInput
          label={t('offlineAlert.minutes')}
          min={min}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          value={minutes}
          onChange={setMinutes}
          error={valid ? undefined : t('offlineAlertMinutesInvalid')}
          w={200}
        />
        <Button type="submit" loading={update.isPending} disabled={!valid}>
          {t('offlineAlert.save')}
        </Button>
      </Group>
    </form>
  );
}
