import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiStub } from '../../test/api';
import { renderRoute, signIn } from '../../test/render';

const weekdayHours = Array.from({ length: 7 }, (_, day) =>
  Array.from({ length: 24 }, (_, hour) => (day === 1 && hour === 9 ? 2 : 0)),
);

function stubInsights() {
  apiStub.on('GET', '/analytics/calls', {
    body: {
      data: [
        {
          type: 'call-stats',
          id: '2026-12-01',
          attributes: {
            day: '2026-12-01',
            total: 2,
            split: { Completed: 1, New: 1 },
            completed: 1,
            median_seconds_to_complete: 600,
          },
        },
      ],
      meta: {
        from: '2026-11-30',
        to: '2026-12-06',
        tz: 'UTC',
        split: 'status',
        total: 2,
        completed: 1,
        median_seconds_to_complete: 600,
        overdue_now: 0,
        top_callers: [{ number: '+4930777001', calls: 2 }],
        weekday_hours: weekdayHours,
        phonebot_keys: {},
      },
    },
  });
}

describe('Insights', () => {
  it('opens the inbox with the figure’s filters, in German', async () => {
    signIn('user', { language: 'de' });
    stubInsights();
    await renderRoute('/insights?range=custom&from=2026-11-30&to=2026-12-06', { language: 'de' });
    await screen.findByRole('heading', { name: 'Auswertungen' });
    const caller = await screen.findByRole('link', { name: '+4930777001: die 2 Anrufe des Zeitraums öffnen' });
    expect(caller.getAttribute('href')).toBe('/viewcalllogs?caller=%2B4930777001&from=2026-11-30&to=2026-12-06');
    const cell = screen.getByRole('link', { name: /9:00 Uhr: 2 Anrufe$/ });
    expect(cell.getAttribute('href')).toBe('/viewcalllogs?from=2026-11-30&to=2026-12-06&weekday=1&hour=9');
  });

  it('a figure’s calls are listed on the Calls Dashboard with every status, where they are worked', async () => {
    signIn('admin');
    stubInsights();
    const completed = {
      type: 'calls',
      id: '31',
      attributes: {
        bezeichnung: 'Empfang',
        phonebot_name: 'Empfang',
        license_Key: 'PB-1',
        selected_category: null,
        category_terms: [],
        priority: 'Normal Callback',
        caller_number: '+4930777001',
        message: 'Bitte um Rückruf',
        status: 'Completed',
        notified: true,
        created_at: '2026-12-01T09:00:00.000Z',
        assignee_id: null,
        assignee_name: null,
        callback_due_at: null,
        snoozed_until: null,
        completed_at: '2026-12-01T09:10:00.000Z',
        overdue: false,
        caller_call_count: 2,
        caller_name: null,
        summary: null,
      },
    };
    apiStub.on('GET', '/calls', { body: { data: [completed], meta: { total: 1, new_calls_count: 0 } } });
    apiStub.on('GET', '/calls/counts', {
      body: { meta: { open: 0, mine: 0, unassigned: 0, overdue: 0, important: 0, snoozed: 0, phonebots: 1 } },
    });
    apiStub.on('GET', '/calls/assignees', { body: { data: [] } });
    await renderRoute('/viewcalllogs?from=2026-12-01&to=2026-12-01&status=Completed');
    const row = (await screen.findByText('+4930777001')).closest('tr') as HTMLElement;
    within(row).getByRole('button', { name: /Open the call from \+4930777001/ });
    await waitFor(() => expect(apiStub.sent('GET', '/calls').length).toBeGreaterThan(0));
    const query = apiStub.sent('GET', '/calls').at(-1)!.query;
    expect(Object.fromEntries(query)).toMatchObject({
      view: 'all',
      status: 'Completed',
      from: '2026-12-01',
      to: '2026-12-01',
    });
    expect(apiStub.sent('GET', '/callsview')).toEqual([]);
  });
});
