import { Badge, Group, Text } from '@mantine/core';
import { IconAlarm, IconClockPause, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCallDate } from '../../../lib/dates';
import type { CallRow } from '../api';
import { isSnoozed } from '../call-rows';

/** Calls from the same number within 90 days, shown when the caller called before. */
export function RepeatBadge({ row }: { row: Pick<CallRow, 'caller_call_count'> }) {
  const { t } = useTranslation();
  if (row.caller_call_count < 2) return null;
  return (
    <Badge
      variant="light"
      color="grape"
      tt="none"
      title={t('inbox.row.repeatLabel', { count: row.caller_call_count })}
      data-repeat={row.caller_call_count}
    >
      {t('inbox.row.repeat', { count: row.caller_call_count })}
    </Badge>
  );
}

/** The callback state of a call: due or overdue, snoozed or back from snoozing, and who has it. */
export function CallbackState({ row }: { row: CallRow }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const open = row.status !== 'Completed';
  const snoozed = isSnoozed(row);
  return (
    <Group gap={4} wrap="wrap" component="span">
      {open && row.callback_due_at !== null && (
        <Text
          component="span"
          size="xs"
          fw={row.overdue ? 700 : 400}
          c={row.overdue ? 'var(--mantine-color-error)' : 'dimmed'}
          data-overdue={row.overdue || undefined}
        >
          <IconAlarm size={12} aria-hidden style={{ verticalAlign: '-1px', marginRight: 2 }} />
          {row.overdue
            ? t('inbox.row.overdue', { time: formatCallDate(row.callback_due_at, language) })
            : t('inbox.row.due', { time: formatCallDate(row.callback_due_at, language) })}
        </Text>
      )}
      {open && row.snoozed_until !== null && (
        <Text component="span" size="xs" c={snoozed ? 'dimmed' : 'var(--mantine-color-anchor)'}>
          <IconClockPause size={12} aria-hidden style={{ verticalAlign: '-1px', marginRight: 2 }} />
          {snoozed
            ? t('inbox.row.snoozedUntil', { time: formatCallDate(row.snoozed_until, language) })
            : t('inbox.row.awake')}
        </Text>
      )}
      {row.assignee_name !== null && (
        <Text component="span" size="xs" c="dimmed">
          <IconUser size={12} aria-hidden style={{ verticalAlign: '-1px', marginRight: 2 }} />
          {t('inbox.row.assignee', { name: row.assignee_name })}
        </Text>
      )}
    </Group>
  );
}
