import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Checkbox, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CallRow } from '../api';
import type { SortState } from '../list-params';
import { type CallColumn, MANAGE_COLUMNS, SORT_FIELDS } from './call-columns';
import { CallsTableRow, type RowHandlers } from './calls-table-row';
import type { CallActions } from './use-call-actions';
import './inbox.css';

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
