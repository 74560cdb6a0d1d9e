import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, signIn } from '../../test/render';
import { CallSummary } from './components/call-summary';

describe('a call’s summary and extracted fields', () => {
  it('shows the summary, the caller’s name and the fields as names and values, in the user’s language', async () => {
    signIn('admin', { language: 'de' });
    await renderScreen(
      <CallSummary
        call={{
          summary: 'Die Heizung ist ausgefallen; Rückruf heute.',
          caller_name: 'Anna Schmidt',
          extracted: { thema: 'Heizung', dringend: true, einheiten: 1250.5, notiz: null },
        }}
      />,
      { language: 'de' },
    );
    screen.getByRole('heading', { name: 'Zusammenfassung' });
    screen.getByText('Die Heizung ist ausgefallen; Rückruf heute.');
    screen.getByText('Name des Anrufers: Anna Schmidt');
    const table = screen.getByRole('table', { name: 'Erfasste Felder' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['themaHeizung', 'dringendja', 'einheiten1.250,5', 'notiz—']);
  });

  it('shows nothing for a call without a summary, a name or fields', async () => {
    signIn('admin');
    const { container } = await renderScreen(
      <CallSummary call={{ summary: null, caller_name: null, extracted: {} }} />,
    );
    expect(container.querySelector('[data-call-summary]')).toBeNull();
  });
});
