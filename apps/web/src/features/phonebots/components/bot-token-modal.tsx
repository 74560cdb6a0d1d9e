import { Alert, Button, CopyButton, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type BotTokenModalProps = {
  /** The token to show; null keeps the modal closed. */
  token: string | null;
  onClose: () => void;
};

/**
 * The bot token is stored only as a hash, so this is the one moment it can be seen (docs/product.md §5.4). The
 * dialog closes only through "I have copied it": neither Esc, nor a click beside it, nor a close button loses the
 * token by accident.
 */
export function BotTokenModal({ token, onClose }: BotTokenModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={token !== null}
      onClose={onClose}
      title={t('phonebots.token.title')}
      centered
      size="lg"
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
    >
      <Stack gap="md">
        <Alert color="orange" icon={<IconKey aria-hidden />}>
          {t('botTokenShownOnce')}
        </Alert>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('phonebots.token.label')}
            value={token ?? ''}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <CopyButton value={token ?? ''}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'green' : undefined}
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                onClick={copy}
              >
                {copied ? t('phonebots.token.copied') : t('phonebots.token.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('phonebots.token.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
