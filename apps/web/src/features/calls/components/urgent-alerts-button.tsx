import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CALL_PRIORITIES } from '@phonebot/shared/calls';
import { OnceOpened } from '../../../components/once-opened';
import {
  notificationsSupported,
  playChime,
  prepareSound,
  saveAlertSettings,
  showNotification,
  useAlertSettings,
} from '../alert-settings';

/** The call screens' button for urgent-call alerts: which priorities, and whether by notification and/or sound. */
export function UrgentAlertsButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const settings = useAlertSettings();
  const on = (settings.notify || settings.sound) && settings.priorities.length > 0;
  return (
    <>
      <Button
        variant={on ? 'light' : 'default'}
        leftSection={<IconBellRinging size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('callsLive.alerts.button')}
      </Button>
      <OnceOpened opened={opened}>
        <Modal
          opened={opened}
          onClose={() => setOpened(false)}
          title={t('callsLive.alerts.title')}
          centered
          closeButtonProps={{ 'aria-label': t('common.close') }}
        >
          <UrgentAlertsSettings />
        </Modal>
      </OnceOpened>
    </>
  );
}

function UrgentAlertsSettings() {
  const { t } = useTranslation();
  const settings = useAlertSettings();
  const supported = notificationsSupported();
  const [permission, setPermission] = useState(() => (supported ? Notification.permission : 'denied'));

  async function setNotify(on: boolean) {
    if (!on || !supported) return saveAlertSettings({ ...settings, notify: false });
    const answer =
      Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    setPermission(answer);
    saveAlertSettings({ ...settings, notify: answer === 'granted' });
  }

  function setSound(on: boolean) {
    if (on) prepareSound();
    saveAlertSettings({ ...settings, sound: on });
  }

  function test() {
    if (settings.notify) showNotification(t('callsLive.alerts.testTitle'), t('callsLive.alerts.testBody'), 'test');
    if (settings.sound) playChime();
  }

  return (
    <Stack gap="md">
      <Text size="sm">{t('callsLive.alerts.intro')}</Text>
      <Checkbox.Group
        label={t('callsLive.alerts.priorities')}
        value={settings.priorities}
        onChange={(value) =>
          saveAlertSettings({ ...settings, priorities: CALL_PRIORITIES.filter((priority) => value.includes(priority)) })
        }
      >
        <Stack gap="xs" mt="xs">
          {CALL_PRIORITIES.map((priority) => (
            <Checkbox key={priority} value={priority} label={t(`calls.priorities.${priority}`)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Switch
        label={t('callsLive.alerts.notify')}
        checked={settings.notify}
        disabled={!supported}
        onChange={(event) => void setNotify(event.currentTarget.checked)}
      />
      {!supported && <Text size="sm">{t('callsLive.alerts.unsupported')}</Text>}
      {supported && permission === 'denied' && (
        <Alert color="orange" variant="light" role="status">
          {t('callsLive.alerts.blocked')}
        </Alert>
      )}
      <Switch
        label={t('callsLive.alerts.sound')}
        checked={settings.sound}
        onChange={(event) => setSound(event.currentTarget.checked)}
      />
      <Group justify="space-between" gap="sm">
        <Text size="xs" c="dimmed">
          {t('callsLive.alerts.stored')}
        </Text>
        <Button variant="default" onClick={test} disabled={!settings.notify && !settings.sound}>
          {t('callsLive.alerts.test')}
        </Button>
      </Group>
    </Stack>
  );
}
