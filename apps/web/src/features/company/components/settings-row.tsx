import type { ReactNode } from 'react';
import { useState } from 'react';
import { Button, Group } from '@mantine/core';

/**
 * A whole number of minutes, hours or days from `min` to `max`, as its NumberInput holds it ('' while empty).
 * `inputProps` go on the NumberInput (which then shows `invalidText` while the input is not such a number); `value`
 * is the number, or null while the input is empty or not valid; `optional`: empty is a valid choice.
 */
export function useCountField(
  initial: number | null,
  { min, max }: { min: number; max: number },
  invalidText: string,
  { optional = false } = {},
) {
  const [input, setInput] = useState<number | string>(initial ?? '');
  const value = typeof input === 'number' && Number.isInteger(input) && input >= min && input <= max ? input : null;
  const valid = value !== null || (optional && input === '');
  return {
    value,
    valid,
    set: (next: number | null) => setInput(next ?? ''),
    inputProps: {
      value: input,
      onChange: setInput,
      min,
      max,
      allowDecimal: false,
      allowNegative: false,
      error: valid ? undefined : invalidText,
    },
  };
}

/**
 * The form of a settings card whose fields and save button stand in one row, wrapping on a phone. Submitting calls
 * `onSave`; the button is off while `canSave` is false, and missing without a `saveLabel` (read-only). `below`
 * follows the row.
 */
export function SettingsRow({
  onSave,
  canSave,
  saving,
  saveLabel,
  below,
  children,
}: {
  onSave: () => void;
  canSave: boolean;
  saving: boolean;
  saveLabel?: string;
  below?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
      noValidate
    >
      <Group align="flex-end" gap="md" wrap="wrap">
        {children}
        {saveLabel !== undefined && (
          <Button type="submit" loading={saving} disabled={!canSave}>
            {saveLabel}
          </Button>
        )}
      </Group>
      {below}
    </form>
  );
}
