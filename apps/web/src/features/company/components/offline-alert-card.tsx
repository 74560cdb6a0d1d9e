import { NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OFFLINE_ALERT_MINUTES } from '@phonebot/shared/phonebot-alerts';
import type { CompanyProfileInput } from '@phonebot/shared/profile';
import type { FeatureTranslations } from '../../../lib/i18n';
import { registerTranslations } from '../../../lib/i18n';
import { QueryState } from '../../../components/query-state';
import { useCompanyProfile, useUpdateCompanyProfile } from '../api';
import { SettingsCard } from './settings-card';
import { SettingsRow, useCountField } from './settings-row';
import { useSaveSettings } from './use-save-settings';

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
    <SettingsCard title={t('offlineAlert.title')} description={t('offlineAlert.description')}>
      <QueryState query={profile}>{(found) => <OfflineAlertForm minutes={found.offline_alert_minutes} />}</QueryState>
    </SettingsCard>
  );
}

function OfflineAlertForm(props: { minutes: number }) {
  const { t } = useTranslation();
  const update = useUpdateCompanyProfile();
  const saveSettings = useSaveSettings();
  const minutes = useCountField(props.minutes, OFFLINE_ALERT_MINUTES, t('offlineAlertMinutesInvalid'));

  const save = () => {
    if (minutes.value === null) return;
    void saveSettings(update.mutateAsync({ offline_alert_minutes: minutes.value } as CompanyProfileInput));
  };

  return (
    <SettingsRow onSave={save} canSave={minutes.valid} saving={update.isPending} saveLabel={t('offlineAlert.save')}>
      <NumberInput label={t('offlineAlert.minutes')} w={200} {...minutes.inputProps} />
    </SettingsRow>
  );
}
