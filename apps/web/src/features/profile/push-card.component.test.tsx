import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerTranslations } from '../../lib/i18n';
import { apiStub } from '../../test/api';
import { renderScreen, signIn } from '../../test/render';
import { PushCard } from './components/push-card';
import { profileTranslations } from './locales';

registerTranslations(profileTranslations);

/** The server's VAPID public key: 65 bytes, the first 4 (an uncompressed point), in base64url. */
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile/15E148 Safari/604.1';

const device = (id: number, endpoint: string, userAgent: string) => ({
  type: 'push-subscriptions',
  id: String(id),
  attributes: {
    endpoint,
    user_agent: userAgent,
    expires_at: null,
    created_at: '2026-12-01T09:00:00.000Z',
    updated_at: '2026-12-01T09:00:00.000Z',
  },
});

/** A browser's push subscription as the Push API hands it out. */
function browserSubscription(endpoint: string) {
  return {
    endpoint,
    options: { applicationServerKey: KEY_BYTES.buffer },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'BPk-p256dh', auth: 'auth-secret' } }),
    unsubscribe: vi.fn(async () => true),
  };
}

type Fake = {
  permission: NotificationPermission;
  current: ReturnType<typeof browserSubscription> | null;
  subscribe: ReturnType<typeof vi.fn>;
  requestPermission: ReturnType<typeof vi.fn>;
};

/** A browser with a service worker, the Push API and notifications, as the test shapes them. */
function fakeBrowser(options: { permission?: NotificationPermission; current?: string } = {}): Fake {
  const fake: Fake = {
    permission: options.permission ?? 'default',
    current: options.current ? browserSubscription(options.current) : null,
    subscribe: vi.fn(async () => {
      fake.current = browserSubscription('https://push.example.com/send/new');
      return fake.current;
    }),
    requestPermission: vi.fn(async () => {
      fake.permission = 'granted';
      return fake.permission;
    }),
  };
  const registration = {
    pushManager: { getSubscription: async () => fake.current, subscribe: fake.subscribe },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration) },
  });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: class {} });
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    value: {
      get permission() {
        return fake.permission;
      },
      requestPermission: fake.requestPermission,
    },
  });
  return fake;
}

beforeEach(() => {
  signIn('user');
  apiStub.on('GET', '/push/vapid-public-key', { body: { meta: { public_key: KEY } } });
});
afterEach(() => {
  for (const [target, name] of [
    [navigator, 'serviceWorker'],
    [window, 'PushManager'],
    [window, 'Notification'],
  ] as const) {
    Reflect.deleteProperty(target, name);
  }
});

const theSwitch = () => screen.findByRole<HTMLInputElement>('switch', { name: 'Push notifications on this device' });

describe('Notifications on this device', () => {
  it('says so when the browser cannot receive pushes, and still lists the devices that do', async () => {
    apiStub.on('GET', '/me/push-subscriptions', { body: { data: [device(1, 'https://push.example.com/a', IPHONE)] } });
    await renderScreen(<PushCard />);
    await screen.findByText(/This browser cannot receive push notifications/);
    expect(screen.queryByRole('switch')).toBeNull();
    await screen.findByText('Safari on iOS');
  });

  it('says so when notifications are blocked for the site', async () => {
    fakeBrowser({ permission: 'denied' });
    apiStub.on('GET', '/me/push-subscriptions', { body: { data: [] } });
    await renderScreen(<PushCard />);
    await screen.findByText(/Notifications are blocked for this site/);
    expect(screen.queryByRole('switch')).toBeNull();
    await screen.findByText('No device receives push notifications yet.');
  });

  it('turns push on: asks, subscribes with the server’s key, stores the subscription and marks this device', async () => {
    const fake = fakeBrowser();
    apiStub.on('GET', '/me/push-subscriptions', { body: { data: [] } });
    apiStub.on('POST', '/me/push-subscriptions', () => {
      apiStub.on('GET', '/me/push-subscriptions', {
        body: { data: [device(9, 'https://push.example.com/send/new', FIREFOX)] },
      });
      return { status: 201, body: { data: device(9, 'https://push.example.com/send/new', FIREFOX) } };
    });
    const { user } = await renderScreen(<PushCard />);
    const toggle = await theSwitch();
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);

    await user.click(toggle);
    await waitFor(() => expect(apiStub.sent('POST', '/me/push-subscriptions')).toHaveLength(1));
    expect(fake.requestPermission).toHaveBeenCalled();
    const [options] = fake.subscribe.mock.calls[0] as [{ userVisibleOnly: boolean; applicationServerKey: Uint8Array }];
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([...KEY_BYTES]);
    expect(apiStub.sent('POST', '/me/push-subscriptions')[0]!.body).toEqual({
      data: {
        type: 'push-subscriptions',
        attributes: {
          endpoint: 'https://push.example.com/send/new',
          expirationTime: null,
          keys: { p256dh: 'BPk-p256dh', auth: 'auth-secret' },
        },
      },
    });
    await waitFor(() => expect(toggle.checked).toBe(true));
    const row = await screen.findByTestId('push-device-row');
    within(row).getByText('Firefox on Linux');
    within(row).getByText('This device');
  });

  it('turns push off: deletes this browser’s subscription and unsubscribes it', async () => {
    const fake = fakeBrowser({ permission: 'granted', current: 'https://push.example.com/send/mine' });
    const subscription = fake.current!;
    apiStub.on('GET', '/me/push-subscriptions', {
      body: { data: [device(4, 'https://push.example.com/send/mine', FIREFOX)] },
    });
    apiStub.on('DELETE', '/me/push-subscriptions/4', () => {
      apiStub.on('GET', '/me/push-subscriptions', { body: { data: [] } });
      return { status: 204 };
    });
    const { user } = await renderScreen(<PushCard />);
    const toggle = await theSwitch();
    await waitFor(() => expect(toggle.checked).toBe(true));

    await user.click(toggle);
    await waitFor(() => expect(apiStub.sent('DELETE', '/me/push-subscriptions/4')).toHaveLength(1));
    await waitFor(() => expect(subscription.unsubscribe).toHaveBeenCalled());
    await waitFor(() => expect(toggle.checked).toBe(false));
    await screen.findByText('No device receives push notifications yet.');
  });

  it('removes another device after asking, in German', async () => {
    fakeBrowser({ permission: 'granted', current: 'https://push.example.com/send/mine' });
    apiStub.on('GET', '/me/push-subscriptions', {
      body: {
        data: [
          device(4, 'https://push.example.com/send/mine', FIREFOX),
          device(5, 'https://push.example.com/b', IPHONE),
        ],
      },
    });
    apiStub.on('DELETE', '/me/push-subscriptions/5', { status: 204 });
    const { user } = await renderScreen(<PushCard />, { language: 'de' });
    await user.click(await screen.findByRole('button', { name: 'Safari auf iOS entfernen' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('Safari auf iOS erhält dann keine Push-Benachrichtigungen mehr.');
    expect(apiStub.sent('DELETE', '/me/push-subscriptions/5')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(apiStub.sent('DELETE', '/me/push-subscriptions/5')).toHaveLength(1));
    expect(apiStub.sent('DELETE', '/me/push-subscriptions/4')).toHaveLength(0);
  });
});
