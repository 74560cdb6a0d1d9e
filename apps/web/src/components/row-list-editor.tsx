import type { ReactNode } from 'react';
import { ActionIcon, Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

type RowListEditorProps = {
  legend: string;
  /** A hint above the rows, always shown. */
  hint?: string;
  /** Said instead of the rows while there are none. */
  emptyText?: string;
  /** How many rows there are. */
  count: number;
  /** The fields of row `index` (each with `style={{ flex: 1 }}` to share the row's width). */
  renderRow: (index: number) => ReactNode;
  /** The remove button's aria name for row `index`. */
  removeLabel: (index: number) => string;
  onRemove: (index: number) => void;
  /** Whether row `index` shows an error under its fields: the remove button then stays level with the inputs. */
  rowHasError?: (index: number) => boolean;
  addLabel: string;
  /** Adding stops here (a limit). */
  addDisabled: boolean;
  onAdd: () => void;
};

/**
 * An editable list of rows under a legend: each row its fields and a remove button, then an add button. The rows'
 * values live with the caller (a form's list field).
 */
export function RowListEditor({
  legend,
  hint,
  emptyText,
  count,
  renderRow,
  removeLabel,
  onRemove,
  rowHasError,
  addLabel,
  addDisabled,
  onAdd,
}: RowListEditorProps) {
  return (
    <Fieldset legend={legend} variant="unstyled">
      <Stack gap="xs">
        {hint !== undefined && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
        {count === 0 && emptyText !== undefined && (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        )}
        {Array.from({ length: count }, (_row, index) => (
          <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
            {renderRow(index)}
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mb={rowHasError?.(index) ? 22 : 2}
              aria-label={removeLabel(index)}
              onClick={() => onRemove(index)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={addDisabled}
            onClick={onAdd}
          >
            {addLabel}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
