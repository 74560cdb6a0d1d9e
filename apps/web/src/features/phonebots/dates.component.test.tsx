import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiStub } from '../../test/api';
import { renderRoute, signIn } from '../../test/render';

describe('dates in the user’s language', () => {
  it('writes dates as German does for a German user, and names the month of Calls History in German', async () => {
    signIn('admin', { language: 'de' });
    apiStub.on('GET', /^\/(phonebots|vbot)$/, {
      body: {
        data: [
          {
            type: 'phonebots',
            id: 'PB-kalender',
            attributes: {
              license_Key: 'PB-kalender',
              bezeichnung: 'Kalender',
              status: 'inactive',
              payment_status: 0,
              created_at: '2026-11-02T09:05:00.000Z',
            },
          },
        ],
        meta: { total: 1 },
      },
    });
    const list = await renderRoute('/vbots', { language: 'de' });
    const row = (await screen.findByText('Kalender')).closest('tr')!;
    within(row).getByText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
    screen.getByRole('columnheader', { name: 'Erstellt am' });
    screen.getByRole('columnheader', { name: 'Lizenzschlüssel' });
    list.unmount();

    signIn('super', { language: 'de' });
    apiStub.on('GET', '/fetchCallsCount', (request) => ({
      body: { data: [], meta: { month: request.query.get('month') ?? '2026-12' } },
    }));
    await renderRoute('/callsCount', { language: 'de' });
    await screen.findByRole('heading', { name: 'Anrufverlauf', level: 1 });
    const months = within(screen.getByLabelText('Monat', { exact: true }) as HTMLElement)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(months.slice(0, 3)).toEqual(['Januar', 'Februar', 'März']);
    const current = new Intl.DateTimeFormat('de', { month: 'long', year: 'numeric' }).format(new Date());
    await screen.findByText((text) => text.includes(`im ${current}`));
  });
});
