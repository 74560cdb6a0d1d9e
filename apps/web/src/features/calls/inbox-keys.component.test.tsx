import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiStub } from '../../test/api';
import { renderRoute, signIn } from '../../test/render';
import { LOADING, callOf, stubInbox } from './test/inbox-stubs';

const completions = () =>
  apiStub
    .sent('PATCH')
    .filter((request) => JSON.stringify(request.body).includes('"Completed"'))
    .map((request) => request.path);

describe('the inbox keys', () => {
  it('e completes the open call and opens the next one', async () => {
    stubInbox([callOf(1), callOf(2), callOf(3)]);
    signIn('admin');
    const screenOf = await renderRoute('/viewcalllogs');
    await screenOf.user.click(await screen.findByRole('button', { name: 'Open the call from +4930111001' }, LOADING));
    await screen.findByRole('heading', { name: 'Call from +4930111001' }, LOADING);

    fireEvent.keyDown(document.body, { key: 'e' });
    await waitFor(() => expect(completions()).toEqual(['/calls/1']));
    await waitFor(() => expect(screenOf.location()).toContain('call=2'));
    await screen.findByRole('heading', { name: 'Call from +4930111002' });
  });

  it('Esc leaves the note field first, and only the next Esc closes the call', async () => {
    stubInbox([callOf(1), callOf(2)]);
    signIn('admin');
    const screenOf = await renderRoute('/viewcalllogs?call=1');
    await screen.findByRole('heading', { name: 'Call from +4930111001' }, LOADING);
    const note = await screen.findByLabelText('Note');
    note.focus();
    expect(document.activeElement).toBe(note);

    fireEvent.keyDown(note, { key: 'Escape' });
    expect(document.activeElement).not.toBe(note);
    expect(screenOf.location()).toContain('call=1');
    screen.getByRole('heading', { name: 'Call from +4930111001' });

    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screenOf.location()).not.toContain('call='));
  });

  it('letters typed in the note field stay in the field and trigger no key', async () => {
    stubInbox([callOf(1), callOf(2)]);
    signIn('admin');
    const screenOf = await renderRoute('/viewcalllogs?call=1');
    await screen.findByRole('heading', { name: 'Call from +4930111001' }, LOADING);
    const note = await screen.findByLabelText('Note');

    await screenOf.user.click(note);
    await screenOf.user.keyboard('jkexasn/?');
    expect(note).toHaveProperty('value', 'jkexasn/?');
    expect(document.activeElement).toBe(note);
    expect(screenOf.location()).toContain('call=1');
    expect(completions()).toEqual([]);
    expect(apiStub.sent('PATCH')).toEqual([]);
    expect(screen.queryByRole('dialog', { name: 'Keyboard keys' })).toBeNull();
  });

  it('x selects the call the cursor is on and brings up the bulk bar; ? lists every key', async () => {
    stubInbox([callOf(1), callOf(2)]);
    signIn('admin');
    const screenOf = await renderRoute('/viewcalllogs');
    await screen.findByText('+4930111001', {}, LOADING);
    expect(screen.queryByRole('button', { name: 'Update Status' })).toBeNull();

    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'x' });
    await screen.findByText('1 call selected');
    const second = screen.getByRole('checkbox', { name: /^Select the call from \+4930111002/ });
    expect(second).toHaveProperty('checked', true);
    screen.getByRole('button', { name: 'Update Status' });

    fireEvent.keyDown(document.body, { key: '?' });
    const help = await screen.findByRole('dialog', { name: 'Keyboard keys' });
    for (const text of [
      'Select the call',
      'Mark the call completed and go to the next',
      'Leave the field; else close the call',
    ])
      expect(help.textContent).toContain(text);
    expect(screenOf.location()).toBe('/viewcalllogs');
  });
});
