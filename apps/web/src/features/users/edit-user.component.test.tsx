import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrors, apiStub } from '../../test/api';
import { renderRoute, signIn } from '../../test/render';
import { editUserPath } from './edit-user-param';

const LOADING = { timeout: 40_000 };

describe('Update User from a broken link', () => {
  it('names no user for a link that is not JSON, and Back to list opens the users', async () => {
    signIn('admin');
    apiStub.on('GET', '/users', { body: { data: [], meta: { total: 0, page: 1, per_page: 20 } } });
    const view = await renderRoute('/edituser/not-json');
    await screen.findByText('This user does not exist, or the link is incomplete.', {}, LOADING);
    // Nothing is asked of the server for a link that names nobody.
    expect(apiStub.sent('GET', /^\/users\//)).toEqual([]);
    await view.user.click(screen.getByRole('link', { name: 'Back to list' }));
    await waitFor(() => expect(view.location()).toBe('/users1'));
  });

  it('names no user for a user the server does not know', async () => {
    signIn('admin');
    apiStub.on('GET', '/users/999999', apiErrors(404, 'notFound', 'Not found'));
    await renderRoute(editUserPath({ id: 999999, email: 'x@example.com' }));
    await screen.findByText('This user does not exist, or the link is incomplete.', {}, LOADING);
    expect(apiStub.sent('GET', '/users/999999')).toHaveLength(1);
    screen.getByRole('link', { name: 'Back to list' });
  });
});
