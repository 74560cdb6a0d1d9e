import { Button, CopyButton as MantineCopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A button that copies `value` to the clipboard and, for a moment after, turns green and says `copiedLabel`. */
export function CopyButton({ value, label, copiedLabel }: { value: string; label: string; copiedLabel: string }) {
  return (
    <MantineCopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          variant={copied ? 'filled' : 'light'}
          color={copied ? 'green' : undefined}
          leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          onClick={copy}
        >
          {copied ? copiedLabel : label}
        </Button>
      )}
    </MantineCopyButton>
  );
}
