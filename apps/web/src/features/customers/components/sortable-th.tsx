import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';

type SortableThProps = {
  label: string;
  field: string;
  /** The list's sort: `field` or `-field`, undefined for the server's default. */
  sort: string | undefined;
  /** The server sorts by this field when the URL names none. */
  defaultSort: string;
  onSort: (sort: string) => void;
};

/** A column header that sorts by its field; a second click reverses the order. */
export function SortableTh({ label, field, sort, defaultSort, onSort }: SortableThProps) {
  const current = sort ?? defaultSort;
  const direction = current === field ? 'ascending' : current === `-${field}` ? 'descending' : undefined;
  const Icon =
    direction === 'ascending' ? IconSortAscending : direction === 'descending' ? IconSortDescending : IconArrowsSort;
  return (
    <Table.Th aria-sort={direction ?? 'none'}>
      <UnstyledButton onClick={() => onSort(direction === 'ascending' ? `-${field}` : field)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
