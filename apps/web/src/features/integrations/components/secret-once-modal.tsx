import { Alert, Button, CopyButton, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type SecretOnceModalProps = {
  title: string;
  label: string;
  /** Says that the value is shown only this once. */
  warning: string;
  /** The value to show; null keeps the modal closed. */
  value: string | null;
  onClose: () => void;
};

/**
 * A key or secret is stored so that it cannot be shown again, so this is the one moment it can be copied. The dialog
 * closes only through "I have copied it": neither Esc nor a click beside it loses the value by accident.
 */
export function SecretOnceModal({ title, label, warning, value, onClose }: SecretOnceModalProps) {
  const { t } = useTranslation();
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
      <Stack gap="md">
        <Alert color="orange" icon={<IconKey aria-hidden />}>
          {warning}
        </Alert>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={label}
            value={value ?? ''}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <CopyButton value={value ?? ''}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'green' : undefined}
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                onClick={copy}
              >
                {copied ? t('integrations.apiKeys.copied') : t('integrations.apiKeys.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('integrations.apiKeys.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
