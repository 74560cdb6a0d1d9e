import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrors, apiStub } from '../../test/api';
import { renderRoute, signIn } from '../../test/render';

const PHONEBOT = /^\/(phonebots|vbot)\/([\w-]+)$/;

describe('pages that do not exist and ways back', () => {
  it('shows the not-found page for an unknown phonebot, and the guest’s edit page has a way back', async () => {
    apiStub.on('GET', PHONEBOT, (request) =>
      request.path.endsWith('/PB-empfang')
        ? {
            body: {
              data: {
                type: 'phonebots',
                id: 'PB-empfang',
                attributes: {
                  license_Key: 'PB-empfang',
                  bezeichnung: 'Empfang',
                  status: 'offline',
                  created_at: '2026-11-02T09:05:00.000Z',
                  ansagetext: 'Guten Tag, Sie sprechen mit dem Empfang.',
                  prompt: 'Sei freundlich.',
                },
              },
            },
          }
        : apiErrors(404, 'notFound', 'Not found'),
    );
    apiStub.on('GET', /^\/(phonebots|vbot)$/, { body: { data: [], meta: { total: 0 } } });

    signIn('admin');
    const admin = await renderRoute('/editvbot/PB-does-not-exist');
    await screen.findByRole('heading', { name: 'Page not found', level: 1 });
    expect(screen.queryByText('Could not load the data')).toBeNull();
    // Inside the shell: the navigation stays.
    screen.getByRole('navigation', { name: 'Main navigation' });
    admin.unmount();

    signIn('guest');
    const guest = await renderRoute('/vbotbyguest/PB-empfang');
    await screen.findByRole('heading', { name: 'Update Phonebot', level: 1 });
    await guest.user.click(screen.getByRole('link', { name: 'Back to the phonebots' }));
    await waitFor(() => expect(guest.location()).toBe('/vbotsforGuest'));
    guest.unmount();

    await renderRoute('/vbotbyguest/PB-does-not-exist');
    await screen.findByRole('heading', { name: 'Page not found', level: 1 });
  });
});
