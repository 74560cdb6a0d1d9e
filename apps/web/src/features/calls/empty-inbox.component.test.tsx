import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiStub } from '../../test/api';
import { renderRoute, signIn } from '../../test/render';
import { LOADING, stubInbox } from './test/inbox-stubs';

/** An empty inbox of a company with this many phonebots. */
function stubEmptyInbox(phonebots: number) {
  stubInbox([]);
  apiStub.on('GET', '/calls/counts', {
    body: { meta: { open: 0, mine: 0, unassigned: 0, overdue: 0, important: 0, snoozed: 0, phonebots } },
  });
}

describe('an empty inbox says what to do next', () => {
  it('connect a phonebot, with a link to Phonebots, while the company has none', async () => {
    stubEmptyInbox(0);
    signIn('admin');
    await renderRoute('/viewcalllogs');
    await screen.findByText('No phonebot connected yet', {}, LOADING);
    expect(screen.getByRole('link', { name: 'Go to Phonebots' }).getAttribute('href')).toBe('/vbots');
    expect(screen.queryByText('All caught up')).toBeNull();
  });

  it('all caught up once a phonebot is connected', async () => {
    stubEmptyInbox(1);
    signIn('admin');
    await renderRoute('/viewcalllogs');
    await screen.findByText('All caught up', {}, LOADING);
    expect(screen.queryByText('No phonebot connected yet')).toBeNull();
  });

  it('all caught up in German', async () => {
    stubEmptyInbox(1);
    signIn('admin', { language: 'de' });
    await renderRoute('/viewcalllogs', { language: 'de' });
    await screen.findByText('Alles erledigt', {}, LOADING);
    screen.getByText('Keine offenen Anrufe. Neue Anrufe erscheinen hier, sobald Ihre Phonebots sie annehmen.');
  });

  it('names the missing phonebot in German', async () => {
    stubEmptyInbox(0);
    signIn('admin', { language: 'de' });
    await renderRoute('/viewcalllogs', { language: 'de' });
    await screen.findByText('Noch kein Phonebot verbunden', {}, LOADING);
    screen.getByRole('link', { name: 'Zu den Phonebots' });
  });
});
