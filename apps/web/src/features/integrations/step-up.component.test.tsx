import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken } from '../../lib/auth-token';
import { apiErrors, apiStub } from '../../test/api';
import { renderRoute, signIn } from '../../test/render';

describe('confirming a sensitive action (step-up)', () => {
  it('cancelled with Escape or Cancel, the action is refused but the user stays signed in', async () => {
    signIn('admin');
    apiStub.on('GET', '/api-keys', { body: { data: [] } });
    apiStub.on('GET', '/webhooks', { body: { data: [] } });
    apiStub.on('GET', '/me/mfa', { body: { meta: { enabled: false, required: false, recovery_codes_left: 0 } } });
    // Without a recent step-up the server refuses the sensitive action and names the reason.
    apiStub.on('POST', '/api-keys', apiErrors(401, 'reauthRequired', 'Confirm it is you.'));
    const { user, location } = await renderRoute('/integrations');

    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const form = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(form).getByLabelText(/^Name/), 'Never made');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    const question = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await within(question).findByLabelText('Current password');

    // Escape closes the question only: the form it confirms stays open with what the user typed.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull());
    await screen.findAllByText(
      'Confirm it is you: enter your current password (or, with two-factor sign-in, a code of your app).',
    );
    const still = screen.getByRole('dialog', { name: 'Create API key' });
    expect(within(still).getByLabelText<HTMLInputElement>(/^Name/).value).toBe('Never made');

    await user.click(within(still).getByRole('button', { name: 'Create' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull());
    await within(screen.getByRole('dialog', { name: 'Create API key' })).findByRole('button', { name: 'Create' });
    expect(getToken()).not.toBeNull();
    expect(location()).toBe('/integrations');
    // Sent twice, refused twice, never sent again with a confirmation.
    expect(apiStub.sent('POST', '/api-keys')).toHaveLength(2);
    expect(apiStub.sent('POST', '/me/reauth')).toEqual([]);
  });
});
