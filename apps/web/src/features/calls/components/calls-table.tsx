import {
  type CSSProperties,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  memo,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Checkbox,
  Group,
  NativeSelect,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowsSort,
  IconCheck,
  IconMessage,
  IconNotes,
  IconSortAscending,
  IconSortDescending,
  IconTrash,
} from '@tabler/icons-react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CALL_PRIORITIES, CALL_STATUSES, type CallPriority, type CallStatus } from '@phonebot/shared/calls';
import { formatCallDate } from '../../../lib/dates';
import type { CallRow } from '../api';
import { messagePreview } from '../call-rows';
import type { SortState } from '../list-params';
import { CallbackState, RepeatBadge } from './call-badges';
import type { CallActions } from './use-call-actions';
import './inbox.css';

export type CallColumn =
  | 'phonebot'
  | 'category'
  | 'priority'
  | 'phoneNumber'
  | 'caller'
  | 'status'
  | 'messagePreview'
  | 'text'
  | 'action'
  | 'notes'
  | 'dateTime'
  | 'actions'
  | 'remove';

/** docs/product.md §4, the full variant: phonebot, category, priority, phone number, status, message preview, notes, date/time, actions. */
export const FULL_COLUMNS: readonly CallColumn[] = [
  'phonebot',
  'category',
  'priority',
  'phoneNumber',
  'status',
  'messagePreview',
  'notes',
  'dateTime',
  'actions',
];

/** docs/product.md §4, the simple variant: Phonebot, Caller, Text, Action, Date/Time, Remove. */
export const SIMPLE_COLUMNS: readonly CallColumn[] = ['phonebot', 'caller', 'text', 'action', 'dateTime', 'remove'];

/** Columns only someone who may change calls sees (a guest only reads the log). */
const MANAGE_COLUMNS: ReadonlySet<CallColumn> = new Set(['actions', 'remove']);

/** The API's sort field of a column, for sortable headers. */
const SORT_FIELDS: Partial<Record<CallColumn, string>> = {
  phonebot: 'phonebot',
  category: 'category',
  priority: 'priority',
  phoneNumber: 'caller_number',
  caller: 'caller_number',
  status: 'status',
  dateTime: 'created_at',
};

const STATUS_COLORS: Record<CallStatus, string> = { New: 'portal', 'In Progress': 'orange', Completed: 'green' };

type CallsTableProps = {
  rows: CallRow[];
  columns: readonly CallColumn[];
  canManage: boolean;
  actions: CallActions;
  /** Row selection for bulk actions; left out where the screen has none. */
  selection?: { selected: ReadonlySet<number>; onChange: (next: Set<number>) => void };
  /** Sortable column headers; left out where the screen sorts with its own controls. */
  sorting?: { sort: SortState; onSort: (field: string) => void };
  onPreview: (row: CallRow) => void;
  onNotes: (row: CallRow) => void;
  onSms: (row: CallRow) => void;
  /** What an empty list says; "No calls found." unless the screen knows better. */
  empty?: ReactNode;
  /** The rows are the previous page's while the next one loads. */
  stale?: boolean;
  /** Opens a call's detail; left out where the screen has none. */
  onOpen?: (row: CallRow) => void;
  /** The call open in the detail and the row the keys are on. */
  openId?: number | undefined;
  cursorId?: number | undefined;
};

/** What a row's controls do to its call. */
type RowCallActions = Pick<
  CallActions,
  'changeStatus' | 'changePriority' | 'changeCategory' | 'markCompleted' | 'remove'
>;

/** A click on the row's own controls is theirs; a click anywhere else on the row opens the call. */
function onControl(event: MouseEvent): boolean {
  return (event.target as HTMLElement).closest('button, a, input, select, textarea, label') !== null;
}

/** What a row does with a click; one object for the table's lifetime, so a row re-renders only when its call does. */
type RowHandlers = {
  actions: RowCallActions;
  toggle: (id: number, checked: boolean) => void;
  preview: (row: CallRow) => void;
  notes: (row: CallRow) => void;
  sms: (row: CallRow) => void;
  open: (row: CallRow) => void;
};

/**
 * The call table shared by every call screen: the columns differ, the cells and actions are the same. Each row is
 * laid out as a card that wraps its cells to the width it has (beside the detail, or on a phone), so the list
 * never scrolls sideways and no select is cut short; the header row offers the sortable columns.
 */
export function CallsTable(props: CallsTableProps) {
  const { rows, canManage, selection, sorting, stale = false } = props;
  const { t, i18n } = useTranslation();
  const columns = useMemo(
    () => props.columns.filter((column) => canManage || !MANAGE_COLUMNS.has(column)),
    [props.columns, canManage],
  );
  const selectable = canManage && selection !== undefined;
  const selectedOnPage = selectable ? rows.filter((row) => selection.selected.has(row.id)).length : 0;
  const language = i18n.resolvedLanguage ?? 'en';

  // The rows call the screen's latest callbacks through one stable object: the screen builds its callbacks anew
  // on every render, and passing them on would render all rows again for a key press that moves the cursor.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const [handlers] = useState<RowHandlers>(() => ({
    actions: {
      changeStatus: (row, value) => latest.current.actions.changeStatus(row, value),
      changePriority: (row, value) => latest.current.actions.changePriority(row, value),
      changeCategory: (row, value) => latest.current.actions.changeCategory(row, value),
      markCompleted: (row) => latest.current.actions.markCompleted(row),
      remove: (row) => latest.current.actions.remove(row),
    },
    toggle(id, checked) {
      const { selection: current } = latest.current;
      if (!current) return;
      const next = new Set(current.selected);
      if (checked) next.add(id);
      else next.delete(id);
      current.onChange(next);
    },
    preview: (row) => latest.current.onPreview(row),
    notes: (row) => latest.current.onNotes(row),
    sms: (row) => latest.current.onSms(row),
    open: (row) => latest.current.onOpen?.(row),
  }));

  function toggleAll(checked: boolean) {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const row of rows) {
      if (checked) next.add(row.id);
      else next.delete(row.id);
    }
    selection.onChange(next);
  }

  function header(column: CallColumn): ReactNode {
    const label = t(`calls.columns.${column}`);
    const field = SORT_FIELDS[column];
    if (!sorting || field === undefined) {
      return (
        <Table.Th key={column} role="columnheader" data-hidden>
          {label}
        </Table.Th>
      );
    }
    const active = sorting.sort.field === field;
    const Icon = !active ? IconArrowsSort : sorting.sort.direction === 'asc' ? IconSortAscending : IconSortDescending;
    return (
      <Table.Th
        key={column}
        role="columnheader"
        aria-sort={active ? (sorting.sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
      >
        <UnstyledButton onClick={() => sorting.onSort(field)} fw={700} fz="sm">
          <Group gap={4} wrap="nowrap">
            <span>{label}</span>
            <Icon size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  }

  return (
    <Table
      className="calls-list"
      role="table"
      striped
      highlightOnHover
      verticalSpacing="xs"
      aria-label={t('calls.tableLabel')}
      aria-busy={stale}
      style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      <Table.Thead role="rowgroup">
        <Table.Tr role="row">
          {selectable && (
            <Table.Th role="columnheader" data-column="select">
              <Checkbox
                aria-label={t('calls.selectAll')}
                checked={rows.length > 0 && selectedOnPage === rows.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
                disabled={rows.length === 0}
                onChange={(event) => toggleAll(event.currentTarget.checked)}
              />
            </Table.Th>
          )}
          {columns.map(header)}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody role="rowgroup">
        {rows.length === 0 ? (
          <Table.Tr role="row">
            <Table.Td role="cell" colSpan={columns.length + (selectable ? 1 : 0)} data-column="empty">
              {props.empty ?? (
                <Text ta="center" py="md">
                  {t('noCallsFound')}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ) : (
          rows.map((row) => (
            <CallsTableRow
              key={row.id}
              row={row}
              columns={columns}
              canManage={canManage}
              selectable={selectable}
              selected={selectable && selection.selected.has(row.id)}
              opensCall={props.onOpen !== undefined}
              open={row.id === props.openId}
              cursor={row.id === props.cursorId}
              language={language}
              handlers={handlers}
            />
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}

type CallsTableRowProps = {
  row: CallRow;
  columns: readonly CallColumn[];
  canManage: boolean;
  selectable: boolean;
  selected: boolean;
  /** Whether a click on the row opens the call (the inbox screens). */
  opensCall: boolean;
  open: boolean;
  cursor: boolean;
  /** The interface language: the dates follow it. */
  language: string;
  handlers: RowHandlers;
};

/**
 * One call as a row. Its buttons' tooltips (Mantine's, each with its own floating element) are made only once the
 * mouse or the focus comes to the row: a page of 20 rows would otherwise set up 80 of them before the first paint.
 * Until then the buttons are the same, with the same names; a tooltip is only ever shown on hover or focus.
 */
const CallsTableRow = memo(function CallsTableRow(props: CallsTableRowProps) {
  const { row, columns, canManage, handlers, language } = props;
  const { t } = useTranslation();
  const [tips, setTips] = useState(false);
  const focusedLabel = useRef<string | null>(null);
  const ref = useRef<HTMLTableRowElement>(null);
  useLayoutEffect(() => {
    // A control that took the focus before its tooltip was made is made anew with it: the focus goes back to it.
    const label = focusedLabel.current;
    focusedLabel.current = null;
    if (!tips || label === null || ref.current?.contains(document.activeElement)) return;
    ref.current?.querySelector<HTMLElement>(`[aria-label="${CSS.escape(label)}"]`)?.focus();
  }, [tips]);
  const caller = row.caller_number;
  const { actions } = handlers;

  function cell(column: CallColumn): ReactNode {
    switch (column) {
      case 'phonebot':
        return row.bezeichnung;
      case 'category':
        return canManage ? (
          <CategorySelect row={row} actions={actions} />
        ) : (
          (row.selected_category ?? t('calls.uncategorized'))
        );
      case 'priority':
        return canManage ? <PrioritySelect row={row} actions={actions} /> : t(`calls.priorities.${row.priority}`);
      case 'phoneNumber':
      case 'caller':
        return (
          <Group gap={6} wrap="wrap" component="span">
            {props.opensCall ? (
              <Anchor
                component="button"
                type="button"
                fw={700}
                aria-label={t('inbox.row.open', { caller })}
                onClick={() => handlers.open(row)}
              >
                {caller}
              </Anchor>
            ) : (
              <Text component="span" fw={600}>
                {caller}
              </Text>
            )}
            <RepeatBadge row={row} />
          </Group>
        );
      case 'status':
        return <Badge color={STATUS_COLORS[row.status]}>{t(`calls.statuses.${row.status}`)}</Badge>;
      case 'messagePreview':
      case 'text':
        return row.message ? (
          <Anchor
            component="button"
            type="button"
            fz="sm"
            onClick={() => handlers.preview(row)}
            title={t('calls.row.preview', { caller })}
          >
            {messagePreview(row.message)}
          </Anchor>
        ) : null;
      case 'action':
        // The list carries no runtime action per call; its priority is what the phonebot decided to do.
        return t(`calls.priorities.${row.priority}`);
      case 'notes':
        return (
          <RowTip tip={tips} label={t('calls.columns.notes')}>
            <ActionIcon
              variant="light"
              aria-label={t('calls.row.notes', { caller })}
              onClick={() => handlers.notes(row)}
            >
              <IconNotes size={18} aria-hidden />
            </ActionIcon>
          </RowTip>
        );
      case 'dateTime':
        return (
          <>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatCallDate(row.created_at, language)}
            </Text>
            <CallbackState row={row} />
          </>
        );
      case 'actions':
        return <RowActions row={row} actions={actions} onSms={handlers.sms} tips={tips} />;
      case 'remove':
        return <DeleteButton row={row} actions={actions} tips={tips} />;
    }
  }

  return (
    <Table.Tr
      ref={ref}
      role="row"
      data-call-id={row.id}
      data-open={props.open || undefined}
      data-cursor={props.cursor || undefined}
      aria-current={props.open ? 'true' : undefined}
      onClick={props.opensCall ? (event) => onControl(event) || handlers.open(row) : undefined}
      // The tooltips are made before the mouse's next event, so a click that follows at once lands on the button
      // as it will stay. Touch gets none: a tap would find its button made anew under the finger.
      onPointerEnter={tips ? undefined : (event) => event.pointerType === 'mouse' && flushSync(() => setTips(true))}
      // A control reached by the keyboard; one focused by a click or tap already has its row armed, or needs none.
      onFocus={
        tips
          ? undefined
          : (event) => {
              if (!event.target.matches(':focus-visible')) return;
              focusedLabel.current = event.target.getAttribute('aria-label');
              setTips(true);
            }
      }
    >
      {props.selectable && (
        <Table.Td role="cell" data-column="select">
          <Checkbox
            aria-label={t('calls.selectCall', { caller, date: formatCallDate(row.created_at, language) })}
            checked={props.selected}
            onChange={(event) => handlers.toggle(row.id, event.currentTarget.checked)}
          />
        </Table.Td>
      )}
      {columns.map((column) => (
        <Table.Td key={column} role="cell" data-column={column}>
          {cell(column)}
        </Table.Td>
      ))}
    </Table.Tr>
  );
});

/** A row button's tooltip once the row has had the mouse or the focus; the bare button before. */
function RowTip({ tip, label, children }: { tip: boolean; label: string; children: ReactElement }) {
  return tip ? <Tooltip label={label}>{children}</Tooltip> : children;
}

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

function RowActions({
  row,
  actions,
  onSms,
  tips,
}: {
  row: CallRow;
  actions: RowCallActions;
  onSms: (row: CallRow) => void;
  tips: boolean;
}) {
  const { t } = useTranslation();
  const caller = row.caller_number;
  return (
    <Group gap={6} wrap="wrap">
      <StatusSelect row={row} actions={actions} />
      {row.status === 'Completed' ? (
        <Badge color="green" leftSection={<IconCheck size={12} aria-hidden />}>
          {t('calls.row.completed')}
        </Badge>
      ) : (
        <RowTip tip={tips} label={t('calls.row.markCompleted', { caller })}>
          <ActionIcon
            variant="light"
            color="green"
            aria-label={t('calls.row.markCompleted', { caller })}
            onClick={() => void actions.markCompleted(row)}
          >
            <IconCheck size={18} aria-hidden />
          </ActionIcon>
        </RowTip>
      )}
      <RowTip tip={tips} label={t('calls.row.sms', { caller })}>
        <ActionIcon variant="light" aria-label={t('calls.row.sms', { caller })} onClick={() => onSms(row)}>
          <IconMessage size={18} aria-hidden />
        </ActionIcon>
      </RowTip>
      <DeleteButton row={row} actions={actions} tips={tips} />
    </Group>
  );
}

function DeleteButton({ row, actions, tips }: { row: CallRow; actions: RowCallActions; tips: boolean }) {
  const { t } = useTranslation();
  const label = t('calls.row.delete', { caller: row.caller_number });
  return (
    <RowTip tip={tips} label={label}>
      <ActionIcon variant="light" color="red" aria-label={label} onClick={() => void actions.remove(row)}>
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </RowTip>
  );
}
