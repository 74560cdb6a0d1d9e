import { Group, TextInput } from '@mantine/core';
import { CopyButton } from './copy-button';

type CopyFieldProps = {
  label: string;
  description?: string;
  value: string;
  /** The copy button's texts before and after copying. */
  copyLabel: string;
  copiedLabel: string;
  testId?: string;
};

/**
 * A value to copy (an address, a secret): read-only in a monospace input that selects it all on focus, with a copy
 * button beside it, or below it where the width runs out (a phone).
 */
export function CopyField({ label, description, value, copyLabel, copiedLabel, testId }: CopyFieldProps) {
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        style={{ flex: 1, minWidth: 240 }}
        label={label}
        description={description}
        value={value}
        readOnly
        data-testid={testId}
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <CopyButton value={value} label={copyLabel} copiedLabel={copiedLabel} />
    </Group>
  );
}
