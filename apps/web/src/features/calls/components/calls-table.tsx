import type { MouseEvent, ReactNode } from 'react';
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
import { useTranslation } from 'react-i18next';
import { CALL_PRIORITIES, CALL_STATUSES, type CallPriority, type CallStatus } from '@phonebot/shared/schemas/call';
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

/** A click on the row's own controls is theirs; a click anywhere else on the row opens the call. */
function onControl(event: MouseEvent): boolean {
  return (event.target as HTMLElement).closest('button, a, input, select, textarea, label') !== null;
}

/**
 * The call table shared by every call screen: the columns differ, the cells and actions are the same. Each row is
 * laid out as a card that wraps its cells to the width it has (beside the detail, or on a phone), so the list
 * never scrolls sideways and no select is cut short; the header row offers the sortable columns.
 */
export function CallsTable(props: CallsTableProps) {
  const { rows, canManage, selection, sorting, stale = false } = props;
  const { t, i18n } = useTranslation();
  const columns = props.columns.filter((column) => canManage || !MANAGE_COLUMNS.has(column));
  const selectable = canManage && selection !== undefined;
  const selectedOnPage = selectable ? rows.filter((row) => selection.selected.has(row.id)).length : 0;

  function toggleAll(checked: boolean) {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const row of rows) {
      if (checked) next.add(row.id);
      else next.delete(row.id);
    }
    selection.onChange(next);
  }

  function toggle(id: number, checked: boolean) {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (checked) next.add(id);
    else next.delete(id);
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

  function cell(column: CallColumn, row: CallRow): ReactNode {
    const caller = row.caller_number;
    switch (column) {
      case 'phonebot':
        return row.bezeichnung;
      case 'category':
        return canManage ? (
          <CategorySelect row={row} actions={props.actions} />
        ) : (
          (row.selected_category ?? t('calls.uncategorized'))
        );
      case 'priority':
        return canManage ? <PrioritySelect row={row} actions={props.actions} /> : t(`calls.priorities.${row.priority}`);
      case 'phoneNumber':
      case 'caller':
        return (
          <Group gap={6} wrap="wrap" component="span">
            {props.onOpen ? (
              <Anchor
                component="button"
                type="button"
                fw={700}
                aria-label={t('inbox.row.open', { caller })}
                onClick={() => props.onOpen?.(row)}
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
            onClick={() => props.onPreview(row)}
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
          <Tooltip label={t('calls.columns.notes')}>
            <ActionIcon
              variant="light"
              aria-label={t('calls.row.notes', { caller })}
              onClick={() => props.onNotes(row)}
            >
              <IconNotes size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        );
      case 'dateTime':
        return (
          <>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatCallDate(row.created_at, i18n.resolvedLanguage ?? 'en')}
            </Text>
            <CallbackState row={row} />
          </>
        );
      case 'actions':
        return <RowActions row={row} actions={props.actions} onSms={props.onSms} />;
      case 'remove':
        return <DeleteButton row={row} actions={props.actions} />;
    }
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
            <Table.Tr
              key={row.id}
              role="row"
              data-call-id={row.id}
              data-open={row.id === props.openId || undefined}
              data-cursor={row.id === props.cursorId || undefined}
              aria-current={row.id === props.openId ? 'true' : undefined}
              onClick={props.onOpen ? (event) => onControl(event) || props.onOpen?.(row) : undefined}
            >
              {selectable && (
                <Table.Td role="cell" data-column="select">
                  <Checkbox
                    aria-label={t('calls.selectCall', {
                      caller: row.caller_number,
                      date: formatCallDate(row.created_at, i18n.resolvedLanguage ?? 'en'),
                    })}
                    checked={selection.selected.has(row.id)}
                    onChange={(event) => toggle(row.id, event.currentTarget.checked)}
                  />
                </Table.Td>
              )}
              {columns.map((column) => (
                <Table.Td key={column} role="cell" data-column={column}>
                  {cell(column, row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}

/** How a call's select is named: in a row by its caller (aria-label), in the detail by a visible label. */
function selectLabel(labelled: boolean, visible: string, hidden: string) {
  return labelled ? { label: visible } : { 'aria-label': hidden };
}

type CallSelectProps = { row: CallRow; actions: CallActions; labelled?: boolean };

export function CategorySelect({ row, actions, labelled = false }: CallSelectProps) {
  const { t } = useTranslation();
  const terms = row.category_terms;
  // A call may carry a term its phonebot has since dropped; it is shown, but cannot be chosen again.
  const stale = row.selected_category !== null && !terms.includes(row.selected_category);
  return (
    <NativeSelect
      {...selectLabel(labelled, t('inbox.detail.category'), t('calls.row.category', { caller: row.caller_number }))}
      size={labelled ? 'sm' : 'xs'}
      value={row.selected_category ?? ''}
      onChange={(event) => void actions.changeCategory(row, event.currentTarget.value || null)}
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
    <NativeSelect
      {...selectLabel(labelled, t('inbox.detail.priority'), t('calls.row.priority', { caller: row.caller_number }))}
      size={labelled ? 'sm' : 'xs'}
      value={row.priority}
      onChange={(event) => void actions.changePriority(row, event.currentTarget.value as CallPriority)}
      data={CALL_PRIORITIES.map((value) => ({ value, label: t(`calls.priorities.${value}`) }))}
    />
  );
}

export function StatusSelect({ row, actions, labelled = false }: CallSelectProps) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      {...selectLabel(labelled, t('inbox.detail.status'), t('calls.row.changeStatus', { caller: row.caller_number }))}
      size={labelled ? 'sm' : 'xs'}
      value={row.status}
      onChange={(event) => void actions.changeStatus(row, event.currentTarget.value as CallStatus)}
      data={CALL_STATUSES.map((value) => ({ value, label: t(`calls.statuses.${value}`) }))}
    />
  );
}

function RowActions({ row, actions, onSms }: { row: CallRow; actions: CallActions; onSms: (row: CallRow) => void }) {
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
        <Tooltip label={t('calls.row.markCompleted', { caller })}>
          <ActionIcon
            variant="light"
            color="green"
            aria-label={t('calls.row.markCompleted', { caller })}
            onClick={() => void actions.markCompleted(row)}
          >
            <IconCheck size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={t('calls.row.sms', { caller })}>
        <ActionIcon variant="light" aria-label={t('calls.row.sms', { caller })} onClick={() => onSms(row)}>
          <IconMessage size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <DeleteButton row={row} actions={actions} />
    </Group>
  );
}

function DeleteButton({ row, actions }: { row: CallRow; actions: CallActions }) {
  const { t } = useTranslation();
  const label = t('calls.row.delete', { caller: row.caller_number });
  return (
    <Tooltip label={label}>
      <ActionIcon variant="light" color="red" aria-label={label} onClick={() => void actions.remove(row)}>
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
