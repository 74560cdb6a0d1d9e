import { Alert, Button, Stack, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PushSubscriptionResource } from '@phonebot/shared/push';
import { QueryState } from '../../../components/query-state';
import { useConfirm } from '../../../components/use-confirm';
import { errorText } from '../../../lib/api-errors';
import { useFormatDate } from '../../../lib/dates';
import { translateText } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  fetchApplicationServerKey,
  usePushSubscriptions,
  useRemovePushSubscription,
  useSavePushSubscription,
} from '../push-api';
import { type PushSupport, pushSupport, serviceWorkerRegistration } from '../push-support';
import { DeviceCell, useDeviceName } from './device-cell';

/** Whether a subscription was made with this application server key (another key needs a new subscription). */
function madeWith(subscription: PushSubscription, key: Uint8Array): boolean {
  const own = subscription.options.applicationServerKey;
  if (!own) return false;
  const bytes = new Uint8Array(own);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

/** PushSubscription.toJSON() in the shape the API takes. */
function subscriptionJson(subscription: PushSubscription) {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/**
 * My profile's "Notifications on this device": a switch that turns Web Push on (the browser's permission, a
 * subscription with the server's key through the app's service worker, then stored) or off (deleted, then
 * unsubscribed) for this browser, a clear word when the browser cannot or the user blocked notifications, and the
 * user's devices with push on, each removable.
 */
export function PushCard() {
  const { t } = useTranslation();
  const [support, setSupport] = useState<PushSupport>(pushSupport);
  // undefined while the app's service worker is awaited; null when none became ready.
  const [registration, setRegistration] = useState<ServiceWorkerRegistration | null | undefined>(
    support === 'unsupported' ? null : undefined,
  );
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);
  const [busy, setBusy] = useState(false);
  const devices = usePushSubscriptions();
  const save = useSavePushSubscription();
  const remove = useRemovePushSubscription();

  useEffect(() => {
    if (support === 'unsupported') return;
    let live = true;
    void serviceWorkerRegistration().then(async (found) => {
      const current = found ? await found.pushManager.getSubscription() : null;
      if (!live) return;
      setRegistration(found);
      setSubscription(current);
    });
    return () => {
      live = false;
    };
    // Once: the registration does not change while the card is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const fail = (error: unknown) => notifyError(translateText(t, errorText(error)));
  const entryOf = (endpoint: string | undefined) =>
    devices.data?.find((device) => device.attributes.endpoint === endpoint);
  const on = subscription !== null && entryOf(subscription.endpoint) !== undefined;

  async function turnOn(found: ServiceWorkerRegistration) {
    const permission = await Notification.requestPermission();
    setSupport(permission);
    if (permission !== 'granted') return;
    const key = await fetchApplicationServerKey();
    let current = await found.pushManager.getSubscription();
    if (current && !madeWith(current, key)) {
      await current.unsubscribe();
      current = null;
    }
    current ??= await found.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    await save.mutateAsync(subscriptionJson(current));
    setSubscription(current);
    notifySuccess(t('profile.push.turnedOn'));
  }

  async function turnOff() {
    const entry = entryOf(subscription?.endpoint);
    if (entry) await remove.mutateAsync(Number(entry.id));
    await subscription?.unsubscribe();
    setSubscription(null);
    notifySuccess(t('profile.push.turnedOff'));
  }

  async function toggle(next: boolean) {
    if (!registration || busy) return;
    setBusy(true);
    try {
      await (next ? turnOn(registration) : turnOff());
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  let notice: string | null = null;
  if (support === 'unsupported') notice = t('profile.push.unsupported');
  else if (support === 'denied') notice = t('profile.push.denied');
  else if (registration === null) notice = t('profile.push.unavailable');

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('profile.push.hint')}
      </Text>
      {notice ? (
        <Alert color={support === 'denied' ? 'orange' : 'gray'} data-testid="push-notice">
          {notice}
        </Alert>
      ) : (
        <Switch
          label={t('profile.push.switch')}
          checked={on}
          disabled={registration === undefined || devices.isPending || busy}
          onChange={(event) => void toggle(event.currentTarget.checked)}
        />
      )}
      <QueryState query={devices}>
        {(list) => (
          <DeviceList
            devices={list}
            thisEndpoint={subscription?.endpoint}
            onRemoved={async (device) => {
              if (device.attributes.endpoint === subscription?.endpoint) {
                await subscription?.unsubscribe();
                setSubscription(null);
              }
            }}
            remove={remove}
          />
        )}
      </QueryState>
    </Stack>
  );
}

function DeviceList({
  devices,
  thisEndpoint,
  onRemoved,
  remove,
}: {
  devices: PushSubscriptionResource[];
  thisEndpoint: string | undefined;
  onRemoved: (device: PushSubscriptionResource) => Promise<void>;
  remove: ReturnType<typeof useRemovePushSubscription>;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { confirm, dialog } = useConfirm();

  const name = useDeviceName();

  const removeOne = async (device: PushSubscriptionResource) => {
    const label = name(device.attributes.user_agent);
    const sure = await confirm({
      title: t('profile.push.removeTitle'),
      text: t('profile.push.removeText', { device: label }),
      confirmLabel: t('profile.push.remove'),
      danger: true,
    });
    if (!sure) return;
    remove.mutate(Number(device.id), {
      onSuccess: async () => {
        await onRemoved(device);
        notifySuccess(t('profile.push.removed'));
      },
      onError: (error) => notifyError(translateText(t, errorText(error))),
    });
  };

  if (devices.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('profile.push.none')}
      </Text>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing="sm" aria-label={t('profile.push.devices')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('profile.push.device')}</Table.Th>
              <Table.Th>{t('profile.push.added')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {devices.map((device) => (
              <Table.Tr key={device.id} data-testid="push-device-row">
                <Table.Td>
                  <DeviceCell
                    userAgent={device.attributes.user_agent}
                    marker={device.attributes.endpoint === thisEndpoint && t('profile.push.thisDevice')}
                  />
                </Table.Td>
                <Table.Td>{formatDate(device.attributes.created_at, 'dateTime')}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={t('profile.push.removeOne', { device: name(device.attributes.user_agent) })}
                    loading={remove.isPending && remove.variables === Number(device.id)}
                    onClick={() => void removeOne(device)}
                  >
                    {t('profile.push.remove')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {dialog}
    </>
  );
}
