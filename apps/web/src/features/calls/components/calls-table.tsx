import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Checkbox, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CallRow } from '../api';
import type { SortState } from '../list-params';
import { type CallColumn, DENSE_LABELS, type DenseLabel, MANAGE_COLUMNS, SORT_FIELDS } from './call-columns';
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
  /** One line per call (the inbox screens); else every row is a card that wraps its cells. */
  dense?: boolean;
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
 * The call table shared by every call screen: the columns differ, the cells and actions are the same. The inbox's
 * rows are one line each, their texts cut by the width (two lines where the list is narrow, beside the open call or
 * on a phone); the simple list's rows are cards that wrap their cells. The header row offers the sortable columns.
 */
export function CallsTable(props: CallsTableProps) {
  const { rows, canManage, selection, sorting, stale = false, dense = false } = props;
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
    const label = DENSE_LABELS.has(column)
      ? t(`dense.columns.${column as DenseLabel}`)
      : t(`calls.columns.${column as Exclude<CallColumn, DenseLabel>}`);
    const field = SORT_FIELDS[column];
    if (!sorting || field === undefined) {
      return (
        <Table.Th
          key={column}
          role="columnheader"
          data-column={column}
          data-hidden={!dense || column === 'menu' || undefined}
        >
          {dense ? (
            <Text component="span" fw={700} size="xs" className="dense-clip">
              {label}
            </Text>
          ) : (
            label
          )}
        </Table.Th>
      );
    }
    const active = sorting.sort.field === field;
    const Icon = !active ? IconArrowsSort : sorting.sort.direction === 'asc' ? IconSortAscending : IconSortDescending;
    return (
      <Table.Th
        key={column}
        role="columnheader"
        data-column={column}
        aria-sort={active ? (sorting.sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
      >
        <UnstyledButton onClick={() => sorting.onSort(field)} fw={700} fz={dense ? 'xs' : 'sm'} maw="100%">
          <Group gap={4} wrap="nowrap">
            <span className={dense ? 'dense-clip' : undefined}>{label}</span>
            <Icon size={dense ? 14 : 16} aria-hidden style={{ flex: 'none' }} />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  }

  // The box is the size container the dense rows' layout follows (the list's width, not the window's).
  return (
    <div className="calls-list-box">
      <Table
        className="calls-list"
        data-dense={dense || undefined}
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
                dense={dense}
                open={row.id === props.openId}
                cursor={row.id === props.cursorId}
                language={language}
                t={t}
                handlers={handlers}
              />
            ))
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}
