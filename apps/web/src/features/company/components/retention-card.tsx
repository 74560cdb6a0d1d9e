import { NumberInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CompanyProfile } from '@phonebot/shared/profile';
import { RETENTION_DAYS_LIMIT } from '@phonebot/shared/profile';
import { errorText } from '../../../lib/api-errors';
import { registerTranslations, translateText } from '../../../lib/i18n';
import { useCompanyProfile } from '../api';
import { SettingsCard } from './settings-card';
import { SettingsRow, useCountField } from './settings-row';
import { useSaveSettings } from './use-save-settings';
import { retentionTranslations, useRetentionPreview, useUpdateRetention } from '../retention';
import { useConfirm } from '../../../components/use-confirm';

registerTranslations(retentionTranslations);

/**
 * How many days the company keeps its calls, never more than the service's maximum. Owners change it; an adminuser
 * sees it read-only.
 */
export function RetentionCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const profile = useCompanyProfile();
  if (!profile.isSuccess) return null;
  return (
    <SettingsCard id="retention-title" title={t('retention.title')} description={t('retention.description')}>
      <RetentionForm profile={profile.data} editable={editable} />
    </SettingsCard>
  );
}

function RetentionForm({ profile, editable }: { profile: CompanyProfile; editable: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateRetention();
  const saveSettings = useSaveSettings();
  const max = profile.retention_max_days;
  const days = useCountField(
    profile.retention_days,
    { min: 1, max: max ?? RETENTION_DAYS_LIMIT },
    t('retentionDaysInvalid'),
    { optional: true },
  );
  const chosen = days.value;
  const stored = profile.retention_days;
  const changed = days.valid && chosen !== stored;
  // Shorter than now: fewer days, or days where the service's own (or no) retention held.
  const shorter = chosen !== null && (stored === null || chosen < stored);
  const preview = useRetentionPreview(chosen, editable && changed && shorter);
  const { confirm, dialog } = useConfirm();

  const save = async () => {
    if (!days.valid) return;
    if (changed && shorter && chosen !== null) {
      const counted = preview.data?.retention_days === chosen ? preview.data : (await preview.refetch()).data;
      const calls = counted?.calls ?? 0;
      const ok = await confirm({
        title: t('retention.confirmTitle'),
        text: t('retention.confirmText', { count: calls, days: chosen }),
        confirmLabel: t('retention.confirm'),
        danger: calls > 0,
      });
      if (!ok) return;
    }
    await saveSettings(update.mutateAsync(chosen), {
      onSaved: (saved) => days.set(saved.retention_days),
      failureText: (error) => translateText(t, errorText(error)),
    });
  };

  return (
    <SettingsRow
      onSave={() => void save()}
      canSave={days.valid}
      saving={update.isPending}
      saveLabel={editable ? t('retention.save') : undefined}
      below={
        <>
          {editable && changed && shorter && preview.data && (
            <Text size="sm" mt="xs" role="status">
              {t('retention.preview', { count: preview.data.calls })}
            </Text>
          )}
          {dialog}
        </>
      }
    >
      <NumberInput
        label={t('retention.days')}
        description={
          !editable ? t('ownerOnlySetting') : max === null ? t('retention.noMax') : t('retention.max', { max })
        }
        disabled={!editable}
        placeholder={max === null ? undefined : t('retention.empty', { max })}
        w={{ base: '100%', sm: 360 }}
        {...days.inputProps}
      />
    </SettingsRow>
  );
}
