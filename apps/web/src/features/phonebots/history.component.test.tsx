import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiStub } from '../../test/api';
import { renderScreen, signIn } from '../../test/render';
import { PhonebotOfflineBanner } from './index';
import { PhonebotHistory } from './components/phonebot-history';

const KEY = 'pb-history';
const version = (number: number, attributes: Record<string, unknown>) => ({
  type: 'phonebot-versions',
  id: `${KEY}.${number}`,
  attributes: {
    number,
    created_at: '2026-12-01T09:00:00.000Z',
    actor_name: 'Ada Admin',
    actor_role: 'admin',
    fields: [],
    restored_from: null,
    ...attributes,
  },
});
const list = (data: unknown[]) => ({
  body: { data, meta: { total: data.length, page: 1, per_page: 'all' }, links: {} },
});

describe('the History tab of a phonebot', () => {
  it('lists the versions, shows a diff of the prompt with marked lines and a secret only as changed, and restores after confirming', async () => {
    signIn('admin');
    apiStub.on(
      'GET',
      `/phonebots/${KEY}/versions`,
      list([
        version(2, { fields: ['prompt', 'sip_passwd'] }),
        version(1, { fields: ['bezeichnung', 'prompt'], actor_name: null }),
      ]),
    );
    apiStub.on('GET', `/phonebots/${KEY}/versions/2`, {
      body: {
        data: version(2, {
          fields: ['prompt', 'sip_passwd'],
          previous: 1,
          changes: [
            { field: 'prompt', secret: false, before: 'Be kind.\nBe brief.', after: 'Be kind.\nBe quick.' },
            { field: 'sip_passwd', secret: true, changed: true },
          ],
        }),
      },
    });
    apiStub.on('POST', `/phonebots/${KEY}/versions/1/restore`, {
      status: 201,
      body: { data: version(3, { fields: ['prompt'], restored_from: 1, previous: 2, changes: [] }) },
    });
    const { user } = await renderScreen(<PhonebotHistory licenseKey={KEY} />);

    expect(await screen.findByText('Version 2')).toBeTruthy();
    expect(screen.getByText('Changed: Prompt, SIP password')).toBeTruthy();
    expect(screen.getByText(/^Before versions were kept/)).toBeTruthy();
    // The newest version is the current one: it has nothing to restore.
    expect(screen.queryByRole('button', { name: 'Restore version 2' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show the changes of version 2' }));
    const diff = await screen.findByRole('list');
    const lines = within(diff)
      .getAllByRole('listitem')
      .map((line) => line.textContent);
    expect(lines).toEqual(['  Be kind.', '− removed: Be brief.', '+ added: Be quick.']);
    expect(screen.getByText('changed (the value is never shown)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Restore version 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore version 1?' });
    expect(apiStub.sent('POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(apiStub.sent('POST', `/phonebots/${KEY}/versions/1/restore`)).toHaveLength(1));
  });

  it('speaks German', async () => {
    signIn('admin', { language: 'de' });
    apiStub.on('GET', `/phonebots/${KEY}/versions`, list([version(1, { fields: ['prompt'] })]));
    await renderScreen(<PhonebotHistory licenseKey={KEY} />, { language: 'de' });
    expect(await screen.findByText('Versionen dieses Phonebots')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Änderungen von Version 1 anzeigen' })).toBeTruthy();
  });
});

/** The banner's list answers one alerted phonebot. */
const answerAlert = (attributes: Record<string, unknown>) =>
  apiStub.on('GET', '/phonebot-alerts', {
    body: {
      data: [
        {
          type: 'phonebot-alerts',
          id: KEY,
          attributes: { license_Key: KEY, alerted_at: '2026-12-01T09:10:00.000Z', ...attributes },
        },
      ],
    },
  });

describe('the offline banner of the Calls Dashboard', () => {
  it('names the phonebots that are offline', async () => {
    signIn('user');
    answerAlert({
      bezeichnung: 'Front desk',
      last_seen_at: '2026-12-01T09:00:00.000Z',
      reason: 'offline',
      silence_alert_hours: null,
    });
    await renderScreen(<PhonebotOfflineBanner />);
    const alert = await screen.findByRole('alert', { name: 'A phonebot is offline' });
    expect(within(alert).getByText(/^Front desk: last heard from/)).toBeTruthy();
  });

  it('names a platform phonebot without calls in its own words', async () => {
    signIn('user');
    answerAlert({ bezeichnung: 'Retell line', last_seen_at: null, reason: 'silent', silence_alert_hours: 4 });
    await renderScreen(<PhonebotOfflineBanner />);
    const alert = await screen.findByRole('alert', { name: 'A phonebot gets no calls' });
    expect(within(alert).getByText('Retell line: No call for 4 hours (no call yet)')).toBeTruthy();
    expect(within(alert).getByText(/goes away with the next call/)).toBeTruthy();
  });

  it('is not there when no phonebot is offline', async () => {
    signIn('user');
    apiStub.on('GET', '/phonebot-alerts', { body: { data: [] } });
    await renderScreen(<PhonebotOfflineBanner />);
    await waitFor(() => expect(apiStub.sent('GET', '/phonebot-alerts')).toHaveLength(1));
    expect(screen.queryByText(/offline/)).toBeNull();
  });
});
