// The API of the call inbox as the component tests answer it: a company's open calls, each call's detail, its notes
// and its caller's timeline, and the changes the screen sends.
import { apiStub } from '../../../test/api';

type CallFields = Record<string, unknown>;

/** How long a test waits for the screen's first list: the screen's code loads first, on a busy machine slowly. */
export const LOADING = { timeout: 40_000 };

/** An open call of the list; the fields a test names replace the defaults. */
export function callOf(id: number, fields: CallFields = {}): CallFields & { id: number } {
  return {
    id,
    bezeichnung: 'Empfang',
    phonebot_name: 'Empfang',
    license_Key: 'PB-empfang',
    selected_category: null,
    category_terms: ['Sales', 'Support'],
    priority: 'Normal Callback',
    caller_number: `+49301110${String(id).padStart(2, '0')}`,
    message: `Anrufer ${id} bittet um Rückruf wegen einer langen Geschichte über seine Rechnung`,
    status: 'New',
    notified: true,
    created_at: `2026-12-0${Math.min(id, 9)}T09:00:00.000Z`,
    assignee_id: null,
    assignee_name: null,
    callback_due_at: null,
    snoozed_until: null,
    completed_at: null,
    overdue: false,
    caller_call_count: 1,
    caller_name: null,
    summary: null,
    ...fields,
  };
}

const resource = ({ id, ...attributes }: CallFields & { id: number }) => ({
  type: 'calls',
  id: String(id),
  attributes,
});

/** Answers the dashboard's list, counts, details, notes and timelines for these calls, and every change with 200. */
export function stubInbox(calls: (CallFields & { id: number })[]): void {
  apiStub.on('GET', '/callsview', {
    body: { data: calls.map(resource), meta: { total: calls.length, new_calls_count: 0 } },
  });
  apiStub.on('GET', '/calls/counts', {
    body: {
      meta: {
        open: calls.length,
        mine: 0,
        unassigned: calls.length,
        overdue: 0,
        important: 0,
        snoozed: 0,
        phonebots: 1,
      },
    },
  });
  apiStub.on('GET', /^\/calls\/\d+$/, (request) => {
    const call = calls.find((candidate) => request.path === `/calls/${candidate.id}`);
    return call
      ? { body: { data: resource({ ...call, response: [], started_at: null, duration_s: null, notes: [], sms: [] }) } }
      : { status: 404, body: { errors: [{ status: '404', code: 'notFound', title: 'Not found' }] } };
  });
  // The shell's bell, which the test leaves empty.
  apiStub.on('GET', '/notifications', { body: { data: [], meta: { total: 0, unread: 0 } } });
  apiStub.on('GET', '/calls/assignees', {
    body: { data: [{ type: 'users', id: '7', attributes: { name: 'Maria Muster' } }] },
  });
  apiStub.on('GET', /^\/calls\/\d+\/notes$/, { body: { data: [] } });
  apiStub.on('GET', /^\/callers\/[^/]+\/calls$/, { body: { data: [], meta: { total: 0 } } });
  apiStub.on('GET', /^\/callers\/[^/]+$/, { body: { data: { type: 'callers', id: 'x', attributes: {} } } });
  apiStub.on('PATCH', /^\/calls\/\d+$/, (request) => ({
    body: { data: resource(callOf(Number(request.path.slice(7)))) },
  }));
}
