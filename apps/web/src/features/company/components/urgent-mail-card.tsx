import { Button, Group, MultiSelect, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALL_PRIORITIES, type CallPriority } from '@phonebot/shared/calls';
import { URGENT_MAIL_MINUTES, type UrgentMailSettings } from '@phonebot/shared/urgent-mail';
import { QueryState } from '../../../components/query-state';
import { registerTranslations } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { urgentMailTranslations, useUpdateUrgentMail, useUrgentMail } from '../urgent-mail';

registerTranslations(urgentMailTranslations);

/** Which priorities are mailed to the operators when nobody takes such a call in time (admin, adminuser). */
export function UrgentMailCard() {
  const { t } = useTranslation();
  const settings = useUrgentMail();
  const content = <QueryState query={settings}>{(found) => <UrgentMailForm settings={found} />}</QueryState>;
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('urgentMail.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('urgentMail.description')}
        </Text>
        {content}
      </Stack>
    </Paper>
  );
}

function UrgentMailForm({ settings }: { settings: UrgentMailSettings }) {
  const { t } = useTranslation();
  const update = useUpdateUrgentMail();
  const [priorities, setPriorities] = useState<string[]>(settings.priorities);
  const [minutes, setMinutes] = useState<number | string>(settings.after_minutes);
  const valid =
    typeof minutes === 'number' &&
    Number.isInteger(minutes) &&
    minutes >= URGENT_MAIL_MINUTES.min &&
    minutes <= URGENT_MAIL_MINUTES.max;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    try {
      await update.mutateAsync({ priorities: priorities as CallPriority[], after_minutes: minutes });
      notifySuccess(t('successfullyUpdated'));
    } catch {
      notifyError(t('profileUpdateError'));
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Group align="flex-end" gap="md" wrap="wrap">
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
        <NumberInput
          label={t('urgentMail.minutes')}
          min={URGENT_MAIL_MINUTES.min}
          max={URGENT_MAIL_MINUTES.max}
          allowDecimal={false}
          allowNegative={false}
          value={minutes}
          onChange={setMinutes}
          error={valid ? undefined : `${URGENT_MAIL_MINUTES.min}–${URGENT_MAIL_MINUTES.max}`}
          w={160}
        />
        <Button type="submit" loading={update.isPending} disabled={!valid}>
          {t('urgentMail.save')}
        </Button>
      </Group>
    </form>
  );
}
