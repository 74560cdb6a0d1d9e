import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { CopyField } from './copy-field';

export type SecretOnceProps = {
  /** Says that the value is shown only this once. */
  warning: string;
  label: string;
  value: string;
  /** The copy button's texts before and after copying, and the text of the button that ends the moment. */
  texts: { copy: string; copied: string; done: string };
  onDone: () => void;
  testId?: string;
};

/**
 * A password, token, key or secret that is stored so that it cannot be shown again: the one moment it can be copied.
 * On a phone the copy button goes below the value, which keeps the full width.
 */
export function SecretOnce({ warning, label, value, texts, onDone, testId }: SecretOnceProps) {
  return (
    <Stack gap="md">
      <Alert color="orange" icon={<IconKey aria-hidden />}>
        {warning}
      </Alert>
      <CopyField label={label} value={value} copyLabel={texts.copy} copiedLabel={texts.copied} testId={testId} />
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          {texts.done}
        </Button>
      </Group>
    </Stack>
  );
}

type SecretOnceModalProps = Omit<SecretOnceProps, 'value' | 'onDone'> & {
  title: string;
  /** The value to show; null keeps the dialog closed. */
  value: string | null;
  onClose: () => void;
};

/**
 * The dialog of such a moment. It closes only through its done button: neither Esc, nor a click beside it, nor a
 * close button loses the value by accident.
 */
export function SecretOnceModal({ title, value, onClose, ...props }: SecretOnceModalProps) {
  return (
    <Modal
      opened={value !== null}
      onClose={onClose}
      title={title}
      centered
      size="lg"
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
    >
      <SecretOnce {...props} value={value ?? ''} onDone={onClose} />
    </Modal>
  );
}
