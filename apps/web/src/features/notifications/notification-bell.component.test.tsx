import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiStub } from '../../test/api';
import { renderScreen, signIn } from '../../test/render';
import { NotificationBell } from '.';

const notification = (id: number, attributes: Record<string, unknown> = {}) => ({
  type: 'notifications',
  id: String(id),
  attributes: {
    kind: 'assigned',
    call_id: 40 + id,
    caller_number: '+4930123456',
    actor_name: 'Anna Admin',
    created_at: '2026-12-07T09:00:00.000Z',
    read: false,
    read_at: null,
    ...attributes,
  },
});

const listOf = (items: ReturnType<typeof notification>[], unread: number) => ({
  body: {
    data: items,
    meta: { total: items.length, page: 1, per_page: 20, unread },
    links: { self: '/notifications', first: '/notifications', last: '/notifications' },
  },
});

/** The tab's event source, to hand it an event as the server would send it. */
type Listener = (event: MessageEvent<string>) => void;
const sources: { listeners: Map<string, Listener[]> }[] = [];
const RealEventSource = window.EventSource;
beforeEach(() => {
  sources.length = 0;
  window.EventSource = class {
    readonly listeners = new Map<string, Listener[]>();
    readyState = 0;
    onopen = null;
    onerror = null;
    constructor(readonly url: string) {
      sources.push(this);
    }
    addEventListener(type: string, listener: Listener) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    removeEventListener() {}
    close() {
      this.readyState = 2;
    }
  } as unknown as typeof EventSource;
});
afterEach(() => {
  window.EventSource = RealEventSource;
});

describe('the notification bell', () => {
  it('shows the unread count and lists who did what on which call; a click opens the call and marks it read', async () => {
    signIn('user');
    apiStub.on(
      'GET',
      '/notifications',
      listOf(
        [
          notification(3, { kind: 'reply', actor_name: null, caller_number: '+4917055', read: true }),
          notification(2, { kind: 'mentioned', actor_name: 'Bob Builder', caller_number: '+4940999' }),
          notification(1, { read: true, read_at: '2026-12-07T09:05:00.000Z' }),
        ],
        1,
      ),
    );
    apiStub.on('PATCH', '/notifications/2', { body: { data: notification(2, { read: true }) } });
    const { user, location } = await renderScreen(<NotificationBell armed={false} />, { path: '/insights' });

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    const list = await screen.findByRole('dialog');
    within(list).getByText('Anna Admin assigned you the call from +4930123456');
    // A caller's SMS reply has no actor: it names the caller's number.
    within(list).getByText('New SMS reply from +4917055');
    await user.click(within(list).getByText('Bob Builder mentioned you in a note on the call from +4940999'));

    await waitFor(() => expect(location()).toBe('/viewcalllogs?call=42'));
    await waitFor(() => expect(apiStub.sent('PATCH', '/notifications/2')).toHaveLength(1));
    expect(apiStub.sent('PATCH', '/notifications/2')[0]!.body).toEqual({
      data: { type: 'notifications', id: '2', attributes: { read: true } },
    });
  });

  it('marks all read, and follows new notifications live', async () => {
    signIn('user');
    apiStub.on('GET', '/notifications', listOf([notification(1), notification(2)], 2));
    apiStub.on('POST', '/notifications/read-all', { body: { meta: { updated: 2, unread: 0 } } });
    // The header was armed (the mouse came over it): the list's popover is made before the first click.
    const { user } = await renderScreen(<NotificationBell armed />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const list = await screen.findByRole('dialog');
    apiStub.on('GET', '/notifications', listOf([notification(1, { read: true }), notification(2, { read: true })], 0));
    await user.click(within(list).getByRole('button', { name: 'Mark all read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(apiStub.sent('POST', '/notifications/read-all')).toHaveLength(1);

    // A notification arrives on the live stream: the bell asks for the list again and counts it.
    apiStub.on('GET', '/notifications', listOf([notification(3), notification(1, { read: true })], 1));
    await waitFor(() => expect(sources.at(-1)?.listeners.get('notification.created')).toBeDefined());
    act(() => {
      for (const listener of sources.at(-1)!.listeners.get('notification.created')!) {
        listener(new MessageEvent('notification.created', { data: '{"type":"notifications","id":"3"}' }));
      }
    });
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  });

  it('speaks German and says when there is nothing yet', async () => {
    signIn('guest');
    apiStub.on('GET', '/notifications', listOf([], 0));
    const { user } = await renderScreen(<NotificationBell armed={false} />, { language: 'de' });
    await user.click(await screen.findByRole('button', { name: 'Benachrichtigungen' }));
    const list = await screen.findByRole('dialog');
    within(list).getByText(/Noch keine Benachrichtigungen/);
    expect(within(list).getByRole<HTMLButtonElement>('button', { name: 'Alle als gelesen markieren' }).disabled).toBe(
      true,
    );
  });

  it('says in German who did what, and of a caller’s SMS reply its number', async () => {
    signIn('user');
    apiStub.on(
      'GET',
      '/notifications',
      listOf([notification(2, { kind: 'reply', actor_name: null, caller_number: '+4917055' }), notification(1)], 2),
    );
    const { user } = await renderScreen(<NotificationBell armed={false} />, { language: 'de' });
    await user.click(await screen.findByRole('button', { name: 'Benachrichtigungen, 2 ungelesen' }));
    const list = await screen.findByRole('dialog');
    within(list).getByText('Neue SMS-Antwort von +4917055');
    within(list).getByText('Anna Admin hat Ihnen den Anruf von +4930123456 zugewiesen');
  });

  it('is not shown to the super, who has no calls', async () => {
    signIn('super');
    await renderScreen(<NotificationBell armed={false} />);
    await waitFor(() => expect(apiStub.sent('GET', '/role')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
    expect(apiStub.sent('GET', '/notifications')).toEqual([]);
  });
});
