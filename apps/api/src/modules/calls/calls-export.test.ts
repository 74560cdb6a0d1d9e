import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

/** The rows of a CSV as a spreadsheet reads them: quoted cells, the separator, CRLF lines, newlines inside quotes. */
function parseCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  return rows;
}

const OFFICE = {
  time_zone: 'Europe/Berlin',
  week: { mon: [['08:00', '17:00']], tue: [['08:00', '17:00']], wed: [['08:00', '17:00']] },
};

async function company() {
  const admin = await app.signIn('admin');
  const customerId = admin.customerId!;
  const created = await app.request({
    method: 'POST',
    url: '/api/v2/vbot',
    token: admin.token,
    body: { data: { type: 'vbots', attributes: { bezeichnung: 'Empfang' } } },
  });
  const res = await app.request({
    method: 'POST',
    url: '/api/v2/calls',
    token: admin.token,
    body: {
      data: {
        type: 'calls',
        attributes: {
          phonebot: created.json.meta.license_Key,
          caller_number: '+4930123456',
          priority: 'Important Callback',
          response: [{ text: 'Bitte um Rückruf; heute noch', action: 'UserRecognizedText' }],
        },
      },
    },
  });
  const id = Number(res.json.data.id);
  // A fixed arrival, deadline and completion: Wednesday 9 December 2026, 08:15 UTC (09:15 in Berlin).
  await app.db.db
    .updateTable('calls')
    .set({
      created_at: '2026-12-09T08:15:00.000Z',
      callback_due_at: '2026-12-09T09:15:00.000Z',
      completed_at: '2026-12-09T10:00:00.000Z',
      status: 'Completed',
      assignee_id: admin.userId,
    })
    .where('id', '=', id)
    .execute();
  for (const text of ['Zurückgerufen', 'Angebot geschickt, "Eilig"']) {
    await app.request({ method: 'POST', url: `/api/v2/notes/${id}`, token: admin.token, body: { text } });
  }
  const name = (await app.request({ method: 'GET', url: '/api/v2/me', token: admin.token })).json.data.attributes
    .name as string;
  return { admin, customerId, id, name };
}

const exportCsv = (token: string, query = '') =>
  app.request({ method: 'GET', url: `/api/v2/calls/export?view=all${query}`, token });

describe('call_log.csv as a spreadsheet opens it', () => {
  let c: Awaited<ReturnType<typeof company>>;
  beforeAll(async () => {
    c = await company();
  });

  it('in English: comma-separated, the spec’s headers, then owner, due, completed and notes, in the browser’s zone', async () => {
    const res = await exportCsv(c.admin.token, '&tz=America/New_York');
    expect(res.status, res.body).toBe(200);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, row, ...rest] = parseCsv(res.body.slice(1), ',');
    expect(rest).toEqual([]);
    expect(header).toEqual([
      'PhoneBot',
      'Category',
      'Priority',
      'Phone Number',
      'Status',
      'Message',
      'Date/Time (America/New_York)',
      'Owner',
      'Due (America/New_York)',
      'Completed (America/New_York)',
      'Notes',
    ]);
    expect(row).toEqual([
      'Empfang',
      'Uncategorized',
      'Important Callback',
      '+4930123456',
      'Completed',
      'Bitte um Rückruf; heute noch',
      '2026-12-09 03:15',
      c.name,
      '2026-12-09 04:15',
      '2026-12-09 05:00',
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d .+: Zurückgerufen\n.+: Angebot geschickt, "Eilig"$/),
    ]);
  });

  it('in German: semicolon-separated with a BOM, headers and values in German, times in the company’s zone', async () => {
    await app.request({
      method: 'PATCH',
      url: '/api/v2/profile',
      token: c.admin.token,
      body: { data: { type: 'profile', attributes: { business_hours: OFFICE } } },
    });
    // The company's own zone wins over the browser's.
    const res = await exportCsv(c.admin.token, '&lang=de&tz=America/New_York');
    expect(res.status, res.body).toBe(200);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const [header, row] = parseCsv(res.body.slice(1), ';');
    expect(header).toEqual([
      'Phonebot',
      'Kategorie',
      'Priorität',
      'Telefonnummer',
      'Status',
      'Nachricht',
      'Datum/Uhrzeit (Europe/Berlin)',
      'Zuständig',
      'Fällig (Europe/Berlin)',
      'Erledigt (Europe/Berlin)',
      'Notizen',
    ]);
    expect(row!.slice(0, 10)).toEqual([
      'Empfang',
      'Ohne Kategorie',
      'Wichtiger Rückruf',
      '+4930123456',
      'Erledigt',
      'Bitte um Rückruf; heute noch',
      '09.12.2026 09:15',
      c.name,
      '09.12.2026 10:15',
      '09.12.2026 11:00',
    ]);
  });

  it('speaks the user’s own language when the request names none', async () => {
    const operator = await app.signIn('user', { customerId: c.customerId });
    await app.request({
      method: 'PATCH',
      url: '/api/v2/me',
      token: operator.token,
      body: { data: { type: 'users', attributes: { language: 'de' } } },
    });
    const res = await exportCsv(operator.token);
    expect(res.status).toBe(200);
    expect(parseCsv(res.body.slice(1), ';')[0]![0]).toBe('Phonebot');
    expect(parseCsv((await exportCsv(operator.token, '&lang=en')).body.slice(1), ',')[0]![0]).toBe('PhoneBot');
  });

  it('is every company role’s and guest’s, and an API key’s with calls:read, for their own company only', async () => {
    const key = await app.request({
      method: 'POST',
      url: '/api/v2/api-keys',
      token: c.admin.token,
      body: { data: { type: 'api-keys', attributes: { name: 'Export', scopes: ['calls:read'] } } },
    });
    const readers: { token: string }[] = [
      await app.signIn('adminuser', { customerId: c.customerId }),
      await app.signIn('guest', { customerId: c.customerId }),
      { token: key.json.data.attributes.token as string },
    ];
    for (const reader of readers) {
      const res = await exportCsv(reader.token, '&lang=en');
      expect(res.status).toBe(200);
      expect(parseCsv(res.body.slice(1), ',')).toHaveLength(2);
    }
    const other: SignedIn = await app.signIn('admin');
    expect(parseCsv((await exportCsv(other.token, '&lang=en')).body.slice(1), ',')).toHaveLength(1);
    expect((await exportCsv((await app.signIn('super')).token)).status).toBe(403);
  });

  it('refuses an unknown language or time zone with 400 naming the parameter', async () => {
    for (const [query, parameter] of [
      ['&lang=fr', 'lang'],
      ['&tz=Mars/Olympus', 'tz'],
    ] as const) {
      const res = await exportCsv(c.admin.token, query);
      expect(res.status, query).toBe(400);
      expect(res.json.errors[0].source).toEqual({ parameter });
    }
  });
});
