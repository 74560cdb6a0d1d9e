import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { describeUserAgent } from '../user-agent';

/** A device's name from its browser's User-Agent ("Chrome on Linux"), as the sessions and the push devices show it. */
export function useDeviceName(): (userAgent: string | null) => string {
  const { t } = useTranslation();
  return (userAgent) => {
    const { browser, system } = describeUserAgent(userAgent);
    if (browser && system) return t('profile.sessions.browserOn', { browser, system });
    return browser ?? system ?? userAgent ?? t('profile.sessions.unknownDevice');
  };
}

/** A device's cell of a table: its name (the whole User-Agent on hover) and a badge when it is this one. */
export function DeviceCell({ userAgent, marker }: { userAgent: string | null; marker?: string | false }) {
  const deviceName = useDeviceName();
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" title={userAgent ?? undefined}>
        {deviceName(userAgent)}
      </Text>
      {marker && <Badge variant="filled">{marker}</Badge>}
    </Stack>
  );
}
