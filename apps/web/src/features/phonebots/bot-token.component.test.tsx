import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiStub } from '../../test/api';
import { renderRoute, signIn } from '../../test/render';

const TOKEN = 'pbt_3f9c1e0b7a2d4c6e8f0a1b2c3d4e5f60';

describe('the bot token of a new phonebot', () => {
  it('stays until "I have copied it": Esc, a click beside it and a missing close button cannot lose it', async () => {
    signIn('admin');
    apiStub.on('POST', /^\/(phonebots|vbot)$/, {
      status: 201,
      body: {
        data: { type: 'phonebots', id: '41', attributes: { bezeichnung: 'Zentrale' } },
        meta: { license_Key: 'PB-zentrale', bot_token: TOKEN },
      },
    });
    // The list the dialog leads to.
    apiStub.on('GET', /^\/(phonebots|vbot)$/, { body: { data: [], meta: { total: 0 } } });
    const { user, location } = await renderRoute('/addvbot');
    await user.type(await screen.findByLabelText(/^Phonebot name/), 'Zentrale');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bot token' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Bot token').value).toBe(TOKEN);
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    expect(apiStub.sent('POST', /^\/(phonebots|vbot)$/)).toHaveLength(1);

    await user.keyboard('{Escape}');
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    await user.click(overlay!);
    expect(screen.getByRole('dialog', { name: 'Bot token' })).toBe(dialog);
    expect(location()).toBe('/addvbot');

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await within(dialog).findByRole('button', { name: 'Copied' });
    expect(await navigator.clipboard.readText()).toBe(TOKEN);
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(location()).toBe('/vbots'));
  });
});
