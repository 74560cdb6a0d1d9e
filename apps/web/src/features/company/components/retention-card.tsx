import { useState } from 'react';
import { Button, Group, NumberInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CompanyProfile } from '@phonebot/shared/profile';
import { RETENTION_DAYS_LIMIT } from '@phonebot/shared/profile';
import { errorText } from '../../../lib/api-errors';
import { registerTranslations, translateText } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCompanyProfile } from '../api';
import { SettingsCard } from './settings-card';
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
  const max = profile.retention_max_days;
  const [days, setDays] = useState<number | string>(profile.retention_days ?? '');
  const limit = max ?? RETENTION_DAYS_LIMIT;
  const valid = days === '' || (typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= limit);
  const chosen = days === '' ? null : Number(days);
  const stored = profile.retention_days;
  const changed = valid && chosen !== stored;
  // Shorter than now: fewer days, or days where the service's own (or no) retention held.
  const shorter = chosen !== null && (stored === null || chosen < stored);
  const preview = useRetentionPreview(chosen, editable && changed && shorter);
  const { confirm, dialog } = useConfirm();

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!valid) return;
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
    try {
      const saved = await update.mutateAsync(chosen);
      setDays(saved.retention_days ?? '');
      notifySuccess(t('successfullyUpdated'));
    } catch (error) {
      notifyError(translateText(t, errorText(error)));
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Group align="flex-end" gap="md" wrap="wrap">
        <NumberInput
          label={t('retention.days')}
          description={
            !editable ? t('ownerOnlySetting') : max === null ? t('retention.noMax') : t('retention.max', { max })
          }
          disabled={!editable}
          placeholder={max === null ? undefined : t('retention.empty', { max })}
          value={days}
          onChange={setDays}
          min={1}
          max={limit}
          allowDecimal={false}
          allowNegative={false}
          error={valid ? undefined : t('retentionDaysInvalid')}
          w={{ base: '100%', sm: 360 }}
        />
        {editable && (
          <Button type="submit" loading={update.isPending} disabled={!valid}>
            {t('retention.save')}
          </Button>
        )}
      </Group>
      {editable && changed && shorter && preview.data && (
        <Text size="sm" mt="xs" role="status">
          {t('retention.preview', { count: preview.data.calls })}
        </Text>
      )}
      {dialog}
    </form>
  );
}
