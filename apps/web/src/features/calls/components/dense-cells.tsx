import { IconMicrophone, IconPhoneOutgoing } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { CallPriority, CallStatus } from '@phonebot/shared/calls';
import { formatCallDate, formatDue, intlLocale } from '../../../lib/dates';
import type { CallRow } from '../api';
import { callerNameOf, formatDuration, previewOf, recordingSecondsOf } from '../call-rows';
import { AlarmIcon } from './row-icons';

/*
 * The cells are plain elements with the classes of inbox.css, which draw them as Mantine's Text, Anchor and Badge
 * would: a page of rows holds some two hundred of them, and Mantine's components resolve their props and styles on
 * every render. They take the row's `t`, so that a page does not subscribe to the language once per cell.
 */

const STATUS_BADGES: Record<CallStatus, string> = {
  New: 'calls-badge calls-badge-fit calls-badge-portal',
  'In Progress': 'calls-badge calls-badge-fit calls-badge-orange',
  Completed: 'calls-badge calls-badge-fit calls-badge-green',
};
const PRIORITY_BADGES: Record<CallPriority, string> = {
  'Important Callback': 'calls-badge calls-badge-fit calls-badge-red-light',
  'Normal Callback': 'calls-badge calls-badge-fit calls-badge-portal-light',
  'Send Email': 'calls-badge calls-badge-fit calls-badge-grape-light',
  Transferred: 'calls-badge calls-badge-fit calls-badge-gray-light',
};

/**
 * The caller: the name the platform gave, else the number as a link that dials it; then a new reply and the callback
 * attempts (the row puts them on one line with the repeat-caller badge).
 */
export function CallerCell({ row, t }: { row: CallRow; t: TFunction }) {
  const name = callerNameOf(row);
  const caller =
    name !== null ? (
      <span className="calls-sm calls-bold dense-clip" title={`${name} (${row.caller_number})`}>
        {name}
      </span>
    ) : (
      <a
        href={`tel:${row.caller_number}`}
        className="mantine-focus-auto calls-link calls-sm calls-bold dense-clip"
        title={t('dense.row.call', { number: row.caller_number })}
      >
        {row.caller_number}
      </a>
    );
  const attempts = row.attempt_count ?? 0;
  if (!row.unread_reply && attempts === 0) return caller;
  return (
    <>
      {caller}
      {row.unread_reply && (
        <span className="calls-badge calls-badge-xs calls-badge-orange dense-mark">{t('dense.row.newReply')}</span>
      )}
      {attempts > 0 && (
        <span
          className="calls-xs calls-dimmed dense-mark"
          title={t('dense.row.attempts', { count: attempts })}
          aria-label={t('dense.row.attempts', { count: attempts })}
        >
          <IconPhoneOutgoing size={12} aria-hidden className="calls-icon calls-icon-tight" />
          {attempts}
        </span>
      )}
    </>
  );
}

/**
 * The first words of the summary (or of what the caller said), cut by the width the row has. In the inbox it opens
 * the call; it carries the call's name for screen readers and keyboards.
 */
export function PreviewCell({ row, onOpen, t }: { row: CallRow; onOpen: (row: CallRow) => void; t: TFunction }) {
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

export function PriorityCell({ priority, t }: { priority: CallPriority; t: TFunction }) {
  const label = t(`calls.priorities.${priority}`);
  return (
    <span className={PRIORITY_BADGES[priority]} title={label}>
      {label}
    </span>
  );
}

export function StatusCell({ status, t }: { status: CallStatus; t: TFunction }) {
  const label = t(`calls.statuses.${status}`);
  return (
    <span className={STATUS_BADGES[status]} title={label}>
      {label}
    </span>
  );
}

/** When the callback is due, red once it is overdue; the whole sentence as its title. */
export function DueCell({ row, language, t }: { row: CallRow; language: string; t: TFunction }) {
  if (row.status === 'Completed' || row.callback_due_at === null) {
    return (
      <span className="calls-xs calls-dimmed" aria-label={t('dense.row.noDue')}>
        –
      </span>
    );
  }
  const whole = formatCallDate(row.callback_due_at, language);
  const sentence = row.overdue ? t('inbox.row.overdue', { time: whole }) : t('inbox.row.due', { time: whole });
  return (
    <span
      className={row.overdue ? 'calls-xs calls-overdue dense-clip' : 'calls-xs dense-clip'}
      data-overdue={row.overdue || undefined}
      title={sentence}
      aria-label={sentence}
    >
      {row.overdue && <AlarmIcon size={12} className="calls-icon" />}
      {formatDue(row.callback_due_at, intlLocale(language))}
    </span>
  );
}

export function OwnerCell({ row, t }: { row: CallRow; t: TFunction }) {
  if (row.assignee_name === null) {
    return (
      <span className="calls-xs calls-dimmed" aria-label={t('dense.row.noOwner')}>
        –
      </span>
    );
  }
  return (
    <span className="calls-xs dense-clip" title={row.assignee_name}>
      {row.assignee_name}
    </span>
  );
}

export function RecordingCell({ row, t }: { row: CallRow; t: TFunction }) {
  const seconds = recordingSecondsOf(row);
  if (seconds === null) return null;
  const duration = formatDuration(seconds);
  return (
    <span className="calls-xs calls-dimmed dense-clip" title={t('dense.row.recording', { duration })}>
      <IconMicrophone size={12} aria-hidden className="calls-icon" />
      {duration}
    </span>
  );
}
