import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyTableRow } from './empty-table-row';

type ListTableProps = {
  /** Column headers, already translated. */
  headers: ReactNode[];
  /** Shown across the table when there are no rows (the spec's 'No users found.' and the like). */
  emptyText: string;
  isEmpty: boolean;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** The rows (`<Table.Tr>`). */
  children: ReactNode;
};

/** The striped list table the screens share: headers, the rows or an empty-state line. */
export function ListTable({ headers, emptyText, isEmpty, minWidth, children }: ListTableProps) {
  return (
    // Focusable, so a keyboard can scroll a table that is wider than a phone even when it has no links in it.
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {headers.map((header, index) => (
              <Table.Th key={index}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isEmpty ? <EmptyTableRow columns={headers.length}>{emptyText}</EmptyTableRow> : children}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
