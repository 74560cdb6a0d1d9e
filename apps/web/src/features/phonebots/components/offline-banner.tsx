import { Alert, Badge, List, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PhonebotAlertAttributes } from '@phonebot/shared/phonebot-alerts';
import { useFormatDate } from '../../../lib/dates';
import { registerTranslations } from '../../../lib/i18n';
import { historyTranslations } from '../history-locales';
import { usePhonebotAlerts } from '../versions-api';

registerTranslations(historyTranslations);

/**
 * The Calls Dashboard's notice of the company's phonebots that are offline long enough that their admins were told,
 * or (platform phonebots with a silence alert) have had no call for their hours; it goes as soon as a phonebot's
 * runtime is heard from again, or its next call arrives. Nothing while all are fine (or the list fails).
 */
export function PhonebotOfflineBanner() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const alerts = usePhonebotAlerts();
  /** An offline runtime: when it was last heard from; a silent platform phonebot: its hours and its last call. */
  const alertLine = (alert: PhonebotAlertAttributes) => {
    const name = alert.bezeichnung;
    if (alert.reason === 'silent') {
      const count = alert.silence_alert_hours ?? 0;
      return alert.last_seen_at
        ? t('phonebotAlerts.silent', { name, count, date: formatDate(alert.last_seen_at) })
        : t('phonebotAlerts.silentNever', { name, count });
    }
    return alert.last_seen_at
      ? t('phonebotAlerts.since', { name, date: formatDate(alert.last_seen_at) })
      : t('phonebotAlerts.never', { name });
  };
  const offline = alerts.data ?? [];
  if (offline.length === 0) return null;
  const allSilent = offline.every((alert) => alert.reason === 'silent');
  return (
    <Alert
      color="red"
      role="alert"
      icon={<IconPlugConnectedX size={20} aria-hidden />}
      title={t(allSilent ? 'phonebotAlerts.silentTitle' : 'phonebotAlerts.title', { count: offline.length })}
      mb="md"
    >
      <List size="sm" spacing={2}>
        {offline.map((alert) => (
          <List.Item key={alert.license_Key}>{alertLine(alert)}</List.Item>
        ))}
      </List>
      <Text size="sm" mt="xs">
        {t(allSilent ? 'phonebotAlerts.silentHint' : 'phonebotAlerts.hint')}
      </Text>
    </Alert>
  );
}

/** The super's Phonebots list: a phonebot whose runtime is offline and was alerted about, since when. */
export function OfflineAlertBadge({ since }: { since: string | null | undefined }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  if (!since) return null;
  return (
    <Badge color="red" variant="light" tt="none" ml={4}>
      {t('phonebotAlerts.badge', { date: formatDate(since) })}
    </Badge>
  );
}
