import { Alert } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LiveState } from '../../../lib/live-events';

/** Says that the screen is not live right now (it polls meanwhile); nothing while the connection is fine. */
export function LiveStatus({ state }: { state: LiveState }) {
  const { t } = useTranslation();
  if (state !== 'reconnecting') return null;
  return (
    <Alert
      color="orange"
      variant="light"
      title={t('callsLive.reconnectingTitle')}
      icon={<IconPlugConnectedX aria-hidden />}
      role="status"
      data-live-state={state}
    >
      {t('callsLive.reconnecting')}
    </Alert>
  );
}
