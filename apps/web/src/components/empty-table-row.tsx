import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import './empty-table-row.css';

/**
 * The line of a table without rows ("No users found." and the like), across all its columns. A table wider than a
 * phone scrolls sideways; the line stays centred in the part that is in view instead of the middle of the table.
 */
export function EmptyTableRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns} px={0}>
        <Text component="div" className="pb-table-empty" ta="center" py="md">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
