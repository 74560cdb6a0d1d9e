import { IconClockPause, IconUser } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { formatCallDate } from '../../../lib/dates';
import type { CallRow } from '../api';
import { isSnoozed } from '../call-rows';
import { AlarmIcon } from './row-icons';

/*
 * Plain elements with the classes of inbox.css (drawn as Mantine's Badge and Text): every row of a call list shows
 * them. The caller passes its `t` and language, so a row does not subscribe to the language once more for each.
 */

/** Calls from the same number within 90 days, shown when the caller called before. */
export function RepeatBadge({ row, t }: { row: Pick<CallRow, 'caller_call_count'>; t: TFunction }) {
  if (row.caller_call_count < 2) return null;
  return (
    <span
      className="calls-badge calls-badge-grape-light"
      title={t('inbox.row.repeatLabel', { count: row.caller_call_count })}
      data-repeat={row.caller_call_count}
    >
      {t('inbox.row.repeat', { count: row.caller_call_count })}
    </span>
  );
}

/** The callback state of a call: due or overdue, snoozed or back from snoozing, and who has it. */
export function CallbackState({ row, t, language }: { row: CallRow; t: TFunction; language: string }) {
  const open = row.status !== 'Completed';
  const snoozed = isSnoozed(row);
  return (
    <span className="calls-states">
      {open && row.callback_due_at !== null && (
        <span
          className={row.overdue ? 'calls-xs calls-overdue' : 'calls-xs calls-dimmed'}
          data-overdue={row.overdue || undefined}
        >
          <AlarmIcon size={12} className="calls-icon" />
          {row.overdue
            ? t('inbox.row.overdue', { time: formatCallDate(row.callback_due_at, language) })
            : t('inbox.row.due', { time: formatCallDate(row.callback_due_at, language) })}
        </span>
      )}
      {open && row.snoozed_until !== null && (
        <span className={snoozed ? 'calls-xs calls-dimmed' : 'calls-xs calls-awake'}>
          <IconClockPause size={12} aria-hidden className="calls-icon" />
          {snoozed
            ? t('inbox.row.snoozedUntil', { time: formatCallDate(row.snoozed_until, language) })
            : t('inbox.row.awake')}
        </span>
      )}
      {row.assignee_name !== null && (
        <span className="calls-xs calls-dimmed">
          <IconUser size={12} aria-hidden className="calls-icon" />
          {t('inbox.row.assignee', { name: row.assignee_name })}
        </span>
      )}
    </span>
  );
}
