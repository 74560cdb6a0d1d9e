import { Anchor, Badge, Text } from '@mantine/core';
import { IconAlarm, IconMicrophone, IconPhoneOutgoing } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CallPriority, CallStatus } from '@phonebot/shared/calls';
import { formatCallDate, formatDue, intlLocale } from '../../../lib/dates';
import type { CallRow } from '../api';
import { callerNameOf, formatDuration, previewOf, recordingSecondsOf } from '../call-rows';

const STATUS_COLORS: Record<CallStatus, string> = { New: 'portal', 'In Progress': 'orange', Completed: 'green' };
const PRIORITY_COLORS: Record<CallPriority, string> = {
  'Important Callback': 'red',
  'Normal Callback': 'portal',
  'Send Email': 'grape',
  Transferred: 'gray',
};

/**
 * The caller: the name the platform gave, else the number as a link that dials it; then a new reply and the callback
 * attempts (the row puts them on one line with the repeat-caller badge).
 */
export function CallerCell({ row }: { row: CallRow }) {
  const { t } = useTranslation();
  const name = callerNameOf(row);
  const caller =
    name !== null ? (
      <Text component="span" fw={700} size="sm" className="dense-clip" title={`${name} (${row.caller_number})`}>
        {name}
      </Text>
    ) : (
      <Anchor
        href={`tel:${row.caller_number}`}
        fw={700}
        size="sm"
        className="dense-clip"
        title={t('dense.row.call', { number: row.caller_number })}
      >
        {row.caller_number}
      </Anchor>
    );
  const attempts = row.attempt_count ?? 0;
  if (!row.unread_reply && attempts === 0) return caller;
  return (
    <>
      {caller}
      {row.unread_reply && (
        <Badge size="xs" color="orange" variant="filled" tt="none" className="dense-mark">
          {t('dense.row.newReply')}
        </Badge>
      )}
      {attempts > 0 && (
        <Text
          component="span"
          size="xs"
          c="dimmed"
          className="dense-mark"
          title={t('dense.row.attempts', { count: attempts })}
          aria-label={t('dense.row.attempts', { count: attempts })}
        >
          <IconPhoneOutgoing size={12} aria-hidden style={{ verticalAlign: '-1px', marginRight: 1 }} />
          {attempts}
        </Text>
      )}
    </>
  );
}

/**
 * The first words of the summary (or of what the caller said), cut by the width the row has. In the inbox it opens
 * the call; it carries the call's name for screen readers and keyboards.
 */
export function PreviewCell({ row, onOpen }: { row: CallRow; onOpen: (row: CallRow) => void }) {
  const { t } = useTranslation();
  const text = previewOf(row);
  return (
    <button
      type="button"
      className="dense-preview"
      aria-label={t('inbox.row.open', { caller: row.caller_number })}
      title={text}
      onClick={() => onOpen(row)}
    >
      {text}
    </button>
  );
}

export function PriorityCell({ priority }: { priority: CallPriority }) {
  const { t } = useTranslation();
  const label = t(`calls.priorities.${priority}`);
  return (
    <Badge variant="light" color={PRIORITY_COLORS[priority]} tt="none" maw="100%" title={label}>
      {label}
    </Badge>
  );
}

export function StatusCell({ status }: { status: CallStatus }) {
  const { t } = useTranslation();
  const label = t(`calls.statuses.${status}`);
  return (
    <Badge color={STATUS_COLORS[status]} tt="none" maw="100%" title={label}>
      {label}
    </Badge>
  );
}

/** When the callback is due, red once it is overdue; the whole sentence as its title. */
export function DueCell({ row, language }: { row: CallRow; language: string }) {
  const { t } = useTranslation();
  if (row.status === 'Completed' || row.callback_due_at === null) {
    return (
      <Text component="span" size="xs" c="dimmed" aria-label={t('dense.row.noDue')}>
        –
      </Text>
    );
  }
  const whole = formatCallDate(row.callback_due_at, language);
  const sentence = row.overdue ? t('inbox.row.overdue', { time: whole }) : t('inbox.row.due', { time: whole });
  return (
    <Text
      component="span"
      size="xs"
      className="dense-clip"
      fw={row.overdue ? 700 : 400}
      c={row.overdue ? 'var(--mantine-color-error)' : undefined}
      data-overdue={row.overdue || undefined}
      title={sentence}
      aria-label={sentence}
    >
      {row.overdue && <IconAlarm size={12} aria-hidden style={{ verticalAlign: '-1px', marginRight: 2 }} />}
      {formatDue(row.callback_due_at, intlLocale(language))}
    </Text>
  );
}

export function OwnerCell({ row }: { row: CallRow }) {
  const { t } = useTranslation();
  if (row.assignee_name === null) {
    return (
      <Text component="span" size="xs" c="dimmed" aria-label={t('dense.row.noOwner')}>
        –
      </Text>
    );
  }
  return (
    <Text component="span" size="xs" className="dense-clip" title={row.assignee_name}>
      {row.assignee_name}
    </Text>
  );
}

export function RecordingCell({ row }: { row: CallRow }) {
  const { t } = useTranslation();
  const seconds = recordingSecondsOf(row);
  if (seconds === null) return null;
  const duration = formatDuration(seconds);
  return (
    <Text component="span" size="xs" c="dimmed" title={t('dense.row.recording', { duration })} className="dense-clip">
      <IconMicrophone size={12} aria-hidden style={{ verticalAlign: '-1px', marginRight: 2 }} />
      {duration}
    </Text>
  );
}
