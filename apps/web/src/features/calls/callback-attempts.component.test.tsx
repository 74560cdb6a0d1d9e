import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiStub } from '../../test/api';
import { renderScreen, signIn } from '../../test/render';
import { type AttemptsCall, CallbackAttempts } from './components/callback-attempts';

const attempt = (id: number, outcome: string | null, extra: Record<string, unknown> = {}) => ({
  type: 'call-attempts',
  id: String(id),
  attributes: {
    outcome,
    note: null,
    user_id: '7',
    user_name: 'Maria Muster',
    created_at: '2026-12-01T09:00:00.000Z',
    dial: null,
    ...extra,
  },
});

function openCall(extra: Partial<AttemptsCall> = {}): AttemptsCall {
  return {
    id: 42,
    caller_number: '+4917012345',
    status: 'In Progress',
    attempts: [],
    unread_reply: false,
    sms: [],
    ...extra,
  } as AttemptsCall;
}

/** GET /me with the click-to-call flag, as the server answers it. */
function clickToCall(offered: boolean) {
  apiStub.on('GET', '/me', {
    body: {
      data: {
        type: 'users',
        id: '7',
        attributes: {
          name: 'Maria Muster',
          email: 'maria@example.com',
          role: 'user',
          status: 'Active',
          customer_number: 3,
          avatar_url: null,
          language: 'en',
          created_at: '2026-11-02T09:00:00.000Z',
          phone: '+4930111222',
        },
      },
      meta: { click_to_call: offered },
    },
  });
}

const reply = {
  id: 10,
  to: '+4930999',
  from: '+4917012345',
  direction: 'inbound',
  message: 'Rufen Sie morgen an',
  state: 'delivered',
  error: null,
  error_code: null,
  error_message: null,
  error_more_info: null,
  error_reason: null,
  created_at: '2026-12-01T11:00:00.000Z',
} as const;

/** The open call as the live updates bring it again: first without a reply, then with one, then read. */
function ReplyArrives() {
  const [call, setCall] = useState(openCall());
  return (
    <>
      <button type="button" onClick={() => setCall(openCall({ unread_reply: true, sms: [reply] }))}>
        arrive
      </button>
      <button type="button" onClick={() => setCall(openCall({ unread_reply: false, sms: [reply] }))}>
        read
      </button>
      <CallbackAttempts call={call} canManage />
    </>
  );
}

describe('callback attempts', () => {
  it('lists the attempts, offers the number as a tel: link, and after no answer a time to try again', async () => {
    signIn('user');
    clickToCall(false);
    apiStub.on('POST', '/calls/42/attempts', { status: 201, body: { data: attempt(2, 'no_answer') } });
    apiStub.on('PATCH', '/calls/42', { body: { data: { type: 'calls', id: '42', attributes: {} } } });
    const call = openCall({ attempts: [attempt(1, 'voicemail', { note: 'Left a message' })] as never });
    const { user } = await renderScreen(<CallbackAttempts call={call} canManage />);

    const list = screen.getByRole('list', { name: 'Callback attempts' });
    expect(within(list).getByText(/^Voicemail · Maria Muster ·/)).toBeTruthy();
    expect(within(list).getByText('Left a message')).toBeTruthy();
    const link = screen.getByRole('link', { name: /Call \+4917012345/ });
    expect(link.getAttribute('href')).toBe('tel:+4917012345');
    // Twilio is not set up: no button to call through the portal.
    expect(screen.queryByRole('button', { name: 'Call through the portal' })).toBeNull();

    await user.type(screen.getByLabelText('Note (optional)'), 'Try after lunch');
    await user.click(screen.getByRole('button', { name: 'No answer' }));
    await waitFor(() => expect(apiStub.sent('POST', '/calls/42/attempts')).toHaveLength(1));
    expect(apiStub.sent('POST', '/calls/42/attempts')[0]!.body).toEqual({
      data: { type: 'call-attempts', attributes: { outcome: 'no_answer', note: 'Try after lunch' } },
    });

    await screen.findByText('When do you try again?');
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'In 1 hour' }));
    await waitFor(() => expect(apiStub.sent('PATCH', '/calls/42')).toHaveLength(1));
    const body = apiStub.sent('PATCH', '/calls/42')[0]!.body as {
      data: { attributes: { snoozed_until: string } };
    };
    const until = Date.parse(body.data.attributes.snoozed_until);
    expect(until).toBeGreaterThanOrEqual(before + 3_600_000 - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 3_600_000 + 1000);
    // Afterwards the outcome buttons are back.
    await screen.findByRole('button', { name: 'Reached' });
  });

  it('offers to complete the call once the caller was reached', async () => {
    signIn('user');
    clickToCall(false);
    apiStub.on('POST', '/calls/42/attempts', { status: 201, body: { data: attempt(3, 'reached') } });
    apiStub.on('PATCH', '/calls/42', { body: { data: { type: 'calls', id: '42', attributes: {} } } });
    const { user } = await renderScreen(<CallbackAttempts call={openCall()} canManage />);
    expect(screen.getByText('No callback attempt yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reached' }));
    await screen.findByText('You reached the caller. Complete the call?');
    await user.click(screen.getByRole('button', { name: 'Complete the call' }));
    await waitFor(() => expect(apiStub.sent('PATCH', '/calls/42')).toHaveLength(1));
    expect(apiStub.sent('PATCH', '/calls/42')[0]!.body).toEqual({
      data: { type: 'calls', id: '42', attributes: { status: 'Completed' } },
    });
  });

  it('calls through the portal when Twilio is set up, and shows a new SMS reply', async () => {
    signIn('user');
    clickToCall(true);
    apiStub.on('POST', '/calls/42/dial', {
      status: 201,
      body: { data: attempt(4, null, { dial: { status: 'queued', duration_s: null, updated_at: null } }) },
    });
    const call = openCall({
      unread_reply: true,
      sms: [
        {
          id: 9,
          to: '+4930999',
          from: '+4917012345',
          direction: 'inbound',
          message: 'Bitte nach 14 Uhr',
          state: 'delivered',
          error: null,
          error_code: null,
          error_message: null,
          error_more_info: null,
          error_reason: null,
          created_at: '2026-12-01T10:00:00.000Z',
        },
      ],
    });
    const { user } = await renderScreen(<CallbackAttempts call={call} canManage />);
    expect(screen.getByText('New reply')).toBeTruthy();
    expect(screen.getByText('Bitte nach 14 Uhr')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Call through the portal' }));
    await waitFor(() => expect(apiStub.sent('POST', '/calls/42/dial')).toHaveLength(1));
    await screen.findByText('Your phone rings now. Record the outcome when the call is over.');
  });

  it('shows a reply that arrives while the call is open', async () => {
    signIn('user');
    clickToCall(false);
    const { user } = await renderScreen(<ReplyArrives />);
    expect(screen.queryByText('New reply')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'arrive' }));
    await screen.findByText('New reply');
    // The next read says it is read; the open panel still shows it as new.
    await user.click(screen.getByRole('button', { name: 'read' }));
    expect(screen.getByText('New reply')).toBeTruthy();
    expect(screen.getByText('Rufen Sie morgen an')).toBeTruthy();
  });

  it('shows a guest the attempts and the number, but no way to record one', async () => {
    signIn('guest');
    const call = openCall({ attempts: [attempt(1, 'busy')] as never });
    await renderScreen(<CallbackAttempts call={call} canManage={false} />);
    expect(screen.getByText(/^Busy · Maria Muster/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Call \+4917012345/ }).getAttribute('href')).toBe('tel:+4917012345');
    expect(screen.queryByRole('button', { name: 'Reached' })).toBeNull();
    expect(apiStub.sent('GET', '/me')).toEqual([]);
  });
});
