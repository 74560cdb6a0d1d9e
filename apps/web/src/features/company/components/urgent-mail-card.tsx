import { MultiSelect, NumberInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALL_PRIORITIES, type CallPriority } from '@phonebot/shared/calls';
import { URGENT_MAIL_MINUTES, type UrgentMailSettings } from '@phonebot/shared/urgent-mail';
import { QueryState } from '../../../components/query-state';
import { registerTranslations } from '../../../lib/i18n';
import { urgentMailTranslations, useUpdateUrgentMail, useUrgentMail } from '../urgent-mail';
import { SettingsCard } from './settings-card';
import { SettingsRow, useCountField } from './settings-row';
import { useSaveSettings } from './use-save-settings';

registerTranslations(urgentMailTranslations);

/** Which priorities are mailed to the operators when nobody takes such a call in time (admin, adminuser). */
export function UrgentMailCard() {
  const { t } = useTranslation();
  const settings = useUrgentMail();
  return (
    <SettingsCard title={t('urgentMail.title')} description={t('urgentMail.description')}>
      <QueryState query={settings}>{(found) => <UrgentMailForm settings={found} />}</QueryState>
    </SettingsCard>
  );
}

function UrgentMailForm({ settings }: { settings: UrgentMailSettings }) {
  const { t } = useTranslation();
  const update = useUpdateUrgentMail();
  const saveSettings = useSaveSettings();
  const [priorities, setPriorities] = useState<string[]>(settings.priorities);
  const { min, max } = URGENT_MAIL_MINUTES;
  const minutes = useCountField(settings.after_minutes, URGENT_MAIL_MINUTES, `${min}–${max}`);

  const save = () => {
    if (minutes.value === null) return;
    void saveSettings(update.mutateAsync({ priorities: priorities as CallPriority[], after_minutes: minutes.value }));
  };

  return (
    <SettingsRow onSave={save} canSave={minutes.valid} saving={update.isPending} saveLabel={t('urgentMail.save')}>
      <MultiSelect
        label={t('urgentMail.priorities')}
        placeholder={priorities.length === 0 ? t('urgentMail.none') : undefined}
        data={CALL_PRIORITIES.map((priority) => ({
          value: priority,
          label: t(`urgentMail.priorityLabels.${priority}`),
        }))}
        value={priorities}
        onChange={setPriorities}
        clearable
        style={{ flex: '1 1 18rem' }}
      />
      <NumberInput label={t('urgentMail.minutes')} w={160} {...minutes.inputProps} />
    </SettingsRow>
  );
}
