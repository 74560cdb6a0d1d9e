import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconBellRinging, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SHOW_RETENTION_NOTICE } from '../constants';

/** docs/product.md §4: the New Call Alert, shown while calls nobody was notified of wait, leading to the new-calls screen. */
export function NewCallAlert({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    // One line, so the list below keeps its room.
    <Alert color="orange" py={6} icon={<IconBellRinging size={18} aria-hidden />} role="status">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">
          <Text component="strong" fw={700} size="sm">
            {t('newCallAlert')}
          </Text>{' '}
          <span>{t('calls.newCalls', { count })}</span>
        </Text>
        {/* The text wraps on a phone; the button keeps its whole label. */}
        <Button component={Link} to="/newcalls" size="compact-sm" color="orange" style={{ flex: 'none' }}>
          {t('calls.showNewCalls')}
        </Button>
      </Group>
    </Alert>
  );
}

/** The dismissible retention notice; only shown when SHOW_RETENTION_NOTICE is on. */
export function RetentionNotice() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(false);
  if (!SHOW_RETENTION_NOTICE || dismissed) return null;
  return (
    <Alert
      icon={<IconInfoCircle aria-hidden />}
      withCloseButton
      closeButtonLabel={t('calls.retentionClose')}
      onClose={() => setDismissed(true)}
    >
      {t('retentionNotice')}
    </Alert>
  );
}
