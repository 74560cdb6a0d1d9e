import type { CSSProperties } from 'react';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CALL_PRIORITIES, CALL_STATUSES, type CallPriority, type CallStatus } from '@phonebot/shared/calls';
import type { CallRow } from '../api';
import type { CallActions } from './use-call-actions';

/** What a row's controls do to its call. */
export type RowCallActions = Pick<
  CallActions,
  'changeStatus' | 'changePriority' | 'changeCategory' | 'markCompleted' | 'remove'
>;

type SelectOption = { value: string; label: string; disabled?: boolean };
type SelectLook = { labelled: boolean; visible: string; hidden: string };

/**
 * A call's select: in the detail Mantine's NativeSelect with a visible label; in a row the same select named by
 * its caller (aria-label), written out as NativeSelect renders it at size xs. A page of 20 rows has 60 of them,
 * and Mantine's wrapper, input and section components with their style hooks were most of the page's first
 * render; the plain elements look the same (Mantine's own classes, from its stylesheet) and behave the same.
 */
function CallSelect({
  look,
  value,
  onChange,
  data,
}: {
  look: SelectLook;
  value: string;
  onChange: (value: string) => void;
  data: SelectOption[];
}) {
  if (look.labelled) {
    return (
      <NativeSelect
        label={look.visible}
        size="sm"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        data={data}
      />
    );
  }
  return (
    <div className="m_46b77525 mantine-InputWrapper-root mantine-NativeSelect-root" data-size="xs">
      <div
        className="m_6c018570 mantine-Input-wrapper mantine-NativeSelect-wrapper"
        data-variant="default"
        data-size="xs"
        data-pointer="true"
        data-with-right-section="true"
        style={ROW_SELECT_STYLE}
      >
        <select
          className="m_8fb7ebe7 mantine-Input-input mantine-NativeSelect-input"
          data-variant="default"
          aria-label={look.hidden}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        >
          {data.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-NativeSelect-section">
          <svg
            className="m_2943220b mantine-ComboboxChevron-chevron"
            data-size="xs"
            data-combobox-chevron="true"
            viewBox="0 0 15 15"
            fill="none"
            aria-hidden
            style={ROW_CHEVRON_STYLE}
          >
            <path d={CHEVRON_PATH} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
          </svg>
        </div>
      </div>
    </div>
  );
}

const ROW_SELECT_STYLE = {
  '--input-height': 'var(--input-height-xs)',
  '--input-fz': 'var(--mantine-font-size-xs)',
  '--input-right-section-pointer-events': 'none',
} as CSSProperties;
const ROW_CHEVRON_STYLE = { '--combobox-chevron-size': 'var(--combobox-chevron-size-xs)' } as CSSProperties;
/** Mantine's ComboboxChevron. */
const CHEVRON_PATH =
  'M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z';

type CallSelectProps = { row: CallRow; actions: RowCallActions; labelled?: boolean };

export function CategorySelect({ row, actions, labelled = false }: CallSelectProps) {
  const { t } = useTranslation();
  const terms = row.category_terms;
  // A call may carry a term its phonebot has since dropped; it is shown, but cannot be chosen again.
  const stale = row.selected_category !== null && !terms.includes(row.selected_category);
  return (
    <CallSelect
      look={{
        labelled,
        visible: t('inbox.detail.category'),
        hidden: t('calls.row.category', { caller: row.caller_number }),
      }}
      value={row.selected_category ?? ''}
      onChange={(value) => void actions.changeCategory(row, value || null)}
      data={[
        { value: '', label: t('calls.uncategorized'), disabled: true },
        ...(stale && row.selected_category !== null
          ? [{ value: row.selected_category, label: row.selected_category, disabled: true }]
          : []),
        ...terms.map((term) => ({ value: term, label: term })),
      ]}
    />
  );
}

export function PrioritySelect({ row, actions, labelled = false }: CallSelectProps) {
  const { t } = useTranslation();
  return (
    <CallSelect
      look={{
        labelled,
        visible: t('inbox.detail.priority'),
        hidden: t('calls.row.priority', { caller: row.caller_number }),
      }}
      value={row.priority}
      onChange={(value) => void actions.changePriority(row, value as CallPriority)}
      data={CALL_PRIORITIES.map((value) => ({ value, label: t(`calls.priorities.${value}`) }))}
    />
  );
}

export function StatusSelect({ row, actions, labelled = false }: CallSelectProps) {
  const { t } = useTranslation();
  return (
    <CallSelect
      look={{
        labelled,
        visible: t('inbox.detail.status'),
        hidden: t('calls.row.changeStatus', { caller: row.caller_number }),
      }}
      value={row.status}
      onChange={(value) => void actions.changeStatus(row, value as CallStatus)}
      data={CALL_STATUSES.map((value) => ({ value, label: t(`calls.statuses.${value}`) }))}
    />
  );
}
