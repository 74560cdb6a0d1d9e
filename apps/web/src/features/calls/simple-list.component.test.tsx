import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiStub } from '../../test/api';
import { renderRoute, signIn } from '../../test/render';
import { LOADING, callOf, stubInbox } from './test/inbox-stubs';

const resource = ({ id, ...attributes }: Record<string, unknown> & { id: number }) => ({
  type: 'calls',
  id: String(id),
  attributes,
});

/** Six calls of the simple list (`GET /calls`), five a page: the newest five first, the oldest on page 2. */
function stubSimpleList() {
  const calls = [1, 2, 3, 4, 5, 6].map((id) => callOf(id));
  apiStub.on('GET', '/calls', (request) => {
    const page = Number(request.query.get('page') ?? 1);
    const perPage = Number(request.query.get('per_page'));
    const newestFirst = [...calls].reverse();
    const rows = newestFirst.slice((page - 1) * perPage, page * perPage);
    return { body: { data: rows.map(resource), meta: { total: calls.length, new_calls_count: 0 } } };
  });
}

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent?.trim());

describe('the simple dashboard (/calls)', () => {
  it('shows five calls a page with its columns, and the next page at page=2', async () => {
    stubSimpleList();
    signIn('admin');
    const view = await renderRoute('/calls');
    const table = await screen.findByRole('table', { name: 'Calls' }, LOADING);
    await within(table).findByText('+4930111006', {}, LOADING);
    expect(headers(table)).toEqual(['Phonebot', 'Caller', 'Text', 'Action', 'Date/Time', 'Remove']);
    expect(within(table).getAllByRole('row').length - 1).toBe(5);
    expect(apiStub.sent('GET', '/calls').at(-1)?.query.get('per_page')).toBe('5');
    screen.getByText('1–5 of 6');

    await view.user.click(screen.getByRole('button', { name: 'Next page' }));
    await within(table).findByText('+4930111001', {}, LOADING);
    expect(view.location()).toBe('/calls?page=2');
    expect(apiStub.sent('GET', '/calls').at(-1)?.query.get('page')).toBe('2');
    await waitFor(() => expect(within(table).getAllByRole('row').length - 1).toBe(1));
  });

  it('names its columns in German', async () => {
    stubSimpleList();
    signIn('admin', { language: 'de' });
    await renderRoute('/calls', { language: 'de' });
    await screen.findByRole('heading', { name: 'Anrufe', level: 1 }, LOADING);
    const table = await screen.findByRole('table', { name: 'Anrufe' }, LOADING);
    await within(table).findByText('+4930111006', {}, LOADING);
    expect(headers(table)).toEqual(['Phonebot', 'Anrufer', 'Text', 'Aktion', 'Datum/Uhrzeit', 'Entfernen']);
  });
});

describe('a call list that cannot be loaded', () => {
  it('shows a retry notice, and Retry loads the list', async () => {
    stubInbox([callOf(2)]);
    let failing = true;
    apiStub.on('GET', '/callsview', () => {
      // As a network failure: the request never gets an answer.
      if (failing) throw new TypeError('Failed to fetch');
      return {
        body: {
          data: [resource(callOf(2, { priority: 'Important Callback' }))],
          meta: { total: 1, new_calls_count: 0 },
        },
      };
    });
    signIn('admin');
    const view = await renderRoute('/viewcalllogs');
    // The query tries three times (1 s and 2 s apart) before it gives up.
    await screen.findByText('Could not load the data', {}, LOADING);
    failing = false;
    await view.user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('+4930111002', {}, LOADING);
    expect(screen.queryByText('Could not load the data')).toBeNull();
  });
});
