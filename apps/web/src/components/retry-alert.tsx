import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type RetryAlertProps = {
  /** What went wrong, already translated. */
  message: string;
  onRetry: () => void;
  retrying?: boolean;
};

/** Shown where a list or fetch failed, instead of an empty screen. */
export function RetryAlert({ message, onRetry, retrying = false }: RetryAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('fetchError.title')} icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="filled" color="red" onClick={onRetry} loading={retrying}>
          {t('fetchError.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
