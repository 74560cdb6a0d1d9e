import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiStub } from '../../test/api';
import { renderRoute, signIn } from '../../test/render';
import { DUE_SORT } from './list-params';
import { LOADING, callOf, stubInbox } from './test/inbox-stubs';

const lastListQuery = () => apiStub.sent('GET', '/callsview').at(-1)?.query;

describe('the dense call list', () => {
  it('shows one row per call with its name or number, a new reply, its attempts, summary, due, owner and recording', async () => {
    stubInbox([
      callOf(1, {
        caller_name: 'Erika Mustermann',
        summary: 'Wants a quote for 40 chairs',
        assignee_name: 'Maria',
        attempt_count: 2,
        unread_reply: true,
      }),
      callOf(2, {
        recording: { duration_seconds: 95, content_type: 'audio/mpeg', size: 1000 },
        callback_due_at: '2026-12-01T10:00:00.000Z',
        overdue: true,
      }),
    ]);
    signIn('admin');
    await renderRoute('/viewcalllogs');
    const first = (await screen.findByText('Erika Mustermann', {}, LOADING)).closest('tr') as HTMLElement;
    within(first).getByRole('button', { name: 'Open the call from +4930111001' });
    expect(first.textContent).toContain('Wants a quote for 40 chairs');
    expect(first.textContent).toContain('Maria');
    // The caller answered an SMS, and two callback attempts were made.
    within(first).getByText('New reply');
    within(first).getByLabelText('2 callback attempts');
    const second = screen.getByRole('link', { name: '+4930111002' });
    expect(second.getAttribute('href')).toBe('tel:+4930111002');
    const row = second.closest('tr') as HTMLElement;
    expect(row.textContent).toContain('1:35');
    // The whole first words, cut by the width in the browser, not at 20 characters.
    expect(row.textContent).toContain('Anrufer 2 bittet um Rückruf wegen einer langen Geschichte über seine Rechnung');
    expect(row.querySelector('[data-overdue]')?.getAttribute('aria-label')).toMatch(/^Overdue since /);
  });

  it('shows the bulk bar only while calls are selected', async () => {
    stubInbox([callOf(1), callOf(2)]);
    signIn('admin');
    const view = await renderRoute('/viewcalllogs');
    await screen.findByText('+4930111001', {}, LOADING);
    expect(screen.queryByLabelText('New status for the selected calls')).toBeNull();

    await view.user.click(screen.getByRole('checkbox', { name: /^Select the call from \+4930111001/ }));
    await screen.findByLabelText('New status for the selected calls');
    screen.getByText('1 call selected');
    await view.user.click(screen.getByRole('button', { name: 'Update Status' }));
    await screen.findByText('You must select a status');

    await view.user.click(screen.getByRole('checkbox', { name: /^Select the call from \+4930111001/ }));
    await waitFor(() => expect(screen.queryByLabelText('New status for the selected calls')).toBeNull());
  });

  it('sets the priority of the selected calls after the question one call asks', async () => {
    stubInbox([callOf(1), callOf(2), callOf(3)]);
    apiStub.on('PATCH', '/updateBulkFields', { body: { meta: { updated: 2 } } });
    signIn('admin');
    const view = await renderRoute('/viewcalllogs');
    await screen.findByText('+4930111001', {}, LOADING);
    await view.user.click(screen.getByRole('checkbox', { name: /^Select the call from \+4930111001/ }));
    await view.user.click(screen.getByRole('checkbox', { name: /^Select the call from \+4930111003/ }));
    await view.user.selectOptions(await screen.findByLabelText('Priority for the selected calls'), 'Send Email');
    await view.user.click(screen.getByRole('button', { name: 'Set priority' }));
    const question = await screen.findByRole('dialog', { name: 'Are you sure?' });
    within(question).getByText('Change the priority to “Send Email”?');
    await view.user.click(within(question).getByRole('button', { name: 'Yes, update it!' }));
    // One request for all of them: the server sets them all or none.
    await waitFor(() => expect(apiStub.sent('PATCH').map((request) => request.path)).toEqual(['/updateBulkFields']));
    expect(apiStub.sent('PATCH')[0]?.body).toEqual({ calls: [{ id: 1 }, { id: 3 }], priority: 'Send Email' });
    await screen.findByText('priority Updated');
  });

  it('sorts by due by default and by any column head, ascending on the first click', async () => {
    stubInbox([callOf(1), callOf(2)]);
    signIn('admin');
    const view = await renderRoute('/viewcalllogs');
    await screen.findByText('+4930111001', {}, LOADING);
    expect(lastListQuery()?.get('sort')).toBe(DUE_SORT);
    const table = screen.getByRole('table', { name: 'Calls' });
    const dueHead = within(table).getByRole('columnheader', { name: /^Due/ });
    expect(dueHead.getAttribute('aria-sort')).toBe('ascending');

    await view.user.click(within(table).getByRole('button', { name: 'Priority' }));
    await waitFor(() => expect(lastListQuery()?.get('sort')).toBe('priority'));
    expect(view.location()).toContain('sort=priority');
    const priorityHead = within(table).getByRole('columnheader', { name: /^Priority/ });
    await waitFor(() => expect(priorityHead.getAttribute('aria-sort')).toBe('ascending'));
    expect(dueHead.getAttribute('aria-sort')).toBeNull();

    await view.user.click(within(table).getByRole('button', { name: 'Priority' }));
    await waitFor(() => expect(lastListQuery()?.get('sort')).toBe('-priority'));
    await waitFor(() => expect(priorityHead.getAttribute('aria-sort')).toBe('descending'));
  });

  it('searches with the call search, keeps the other filters and lists by relevance', async () => {
    stubInbox([callOf(1)]);
    signIn('admin');
    // The search applies on the page it was typed on (the browser's address, which the memory router leaves alone).
    window.history.replaceState(null, '', '/viewcalllogs?assignee=me');
    const view = await renderRoute('/viewcalllogs?assignee=me');
    await screen.findByText('+4930111001', {}, LOADING);

    await view.user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Rechnung');
    await waitFor(() => expect(lastListQuery()?.get('q')).toBe('Rechnung'));
    const query = lastListQuery();
    expect(query?.get('assignee')).toBe('me');
    expect(query?.has('search')).toBe(false);
    expect(query?.has('sort')).toBe(false);
    expect(view.location()).toContain('q=Rechnung');
    window.history.replaceState(null, '', '/');
  });

  it('offers every action of the row in its menu, each change asking first', async () => {
    stubInbox([callOf(1)]);
    signIn('admin');
    const view = await renderRoute('/viewcalllogs');
    const menuButton = 'Actions for the call from +4930111001';
    // The mouse arms the row first (its menu is made then), as in the browser; the click finds the armed button.
    await view.user.hover(await screen.findByRole('button', { name: menuButton }, LOADING));
    await view.user.click(screen.getByRole('button', { name: menuButton }));
    // happy-dom lays nothing out, so Mantine keeps the menu hidden as if its button were off screen: hidden: true.
    const menu = await screen.findByRole('menu', { hidden: true });
    for (const name of ['Conversation', 'Notes', 'Send SMS', 'Mark completed', 'In Progress', 'Sales', 'Delete'])
      within(menu).getByRole('menuitem', { name, hidden: true });
    // The call's own priority is marked and cannot be chosen again.
    expect(within(menu).getByRole('menuitem', { name: 'Normal Callback', hidden: true })).toHaveProperty(
      'disabled',
      true,
    );

    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Important Callback', hidden: true }));
    const question = await screen.findByRole('dialog', { name: 'Are you sure?' });
    within(question).getByText('Change the priority to “Important Callback”?');
    await view.user.click(within(question).getByRole('button', { name: 'Yes, update it!' }));
    await waitFor(() => expect(apiStub.sent('PATCH', '/calls/1')).toHaveLength(1));
    expect(JSON.stringify(apiStub.sent('PATCH', '/calls/1')[0]?.body)).toContain('Important Callback');
  });
});
