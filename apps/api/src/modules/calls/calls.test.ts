import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';
import { publishChanges } from '../../lib/changes';
import { deleteOldSmsCounters } from './sms-guard';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

type Seed = {
  status?: string;
  priority?: string;
  category?: string | null;
  at: string;
  caller?: string;
  text?: string;
};

/** A phonebot of the owner's company, created as its admin does: its id, license key and bot token. */
async function phonebotOf(owner: SignedIn, botName: string, terms: string[]) {
  const created = await app.request({
    method: 'POST',
    url: '/api/v2/vbot',
    token: owner.token,
    body: { data: { type: 'vbots', attributes: { bezeichnung: botName, category_terms: terms } } },
  });
  const phonebot = await app.db.db
    .selectFrom('phonebots')
    .select('id')
    .where('license_key', '=', created.json.meta.license_Key)
    .executeTakeFirstOrThrow();
  return {
    phonebotId: phonebot.id,
    licenseKey: created.json.meta.license_Key as string,
    botToken: created.json.meta.bot_token as string,
  };
}

async function company(botName = 'Empfang', terms = ['Sales', 'Support', 'Billing']) {
  const admin = await app.signIn('admin');
  return { admin, ...(await phonebotOf(admin, botName, terms)) };
}

async function seed(owner: SignedIn, phonebotId: number, rows: Seed[]): Promise<number[]> {
  const ids: number[] = [];
  for (const row of rows) {
    const inserted = await app.db.db
      .insertInto('calls')
      .values({
        customer_id: owner.customerId!,
        phonebot_id: phonebotId,
        caller_number: row.caller ?? '+4930111',
        response: JSON.stringify([
          { action: 'UserRecognizedText', text: row.text ?? 'Bitte um Rückruf' },
          { action: 'BotResponseText', text: 'Gerne' },
        ]),
        preview: row.text ?? 'Bitte um Rückruf',
        selected_category: row.category === undefined ? 'Sales' : row.category,
        priority: row.priority ?? 'Normal Callback',
        status: row.status ?? 'New',
        notified: 0,
        started_at: null,
        duration_s: null,
        created_at: row.at,
        updated_at: row.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(inserted.id));
  }
  await app.db.db
    .transaction()
    .execute((trx) => publishChanges(trx, [{ kind: 'updated', customerId: owner.customerId!, callIds: [] }]));
  return ids;
}

const idOf = (c: { id: string }) => Number(c.id);
const localDay = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).toISOString();
const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  app.request({ method: 'GET', url: `/api/v2${url}`, token, headers });
const patch = (url: string, token: string, body?: unknown) =>
  app.request({ method: 'PATCH', url: `/api/v2${url}`, token, body });

describe('call lists', () => {
  it('serve views with search, day filter, sort orders and paging from the database', async () => {
    const { admin, phonebotId } = await company();
    const ids = await seed(admin, phonebotId, [
      { at: localDay(2026, 11, 1, 9), status: 'New', priority: 'Transferred', category: 'Billing' },
      { at: localDay(2026, 11, 2, 9), status: 'In Progress', priority: 'Normal Callback', category: null },
      { at: localDay(2026, 11, 2, 23), status: 'New', priority: 'Important Callback', category: 'Support' },
      { at: localDay(2026, 11, 3, 0), status: 'Completed', priority: 'Send Email', category: 'Sales' },
      { at: localDay(2026, 11, 4, 9), status: 'New', priority: 'Send Email', category: 'Gone term' },
    ]);
    const open = await get('/callsview', admin.token);
    expect(open.status).toBe(200);
    expect(open.json.data.map(idOf)).toEqual([ids[4], ids[2], ids[1], ids[0]]);
    expect(open.json.meta).toEqual({ total: 4, page: 1, per_page: 20, new_calls_count: 3 });
    expect(open.json.data[0].attributes).toMatchObject({
      bezeichnung: 'Empfang',
      category_terms: ['Sales', 'Support', 'Billing'],
      message: 'Bitte um Rückruf',
    });

    const completed = await get('/completed', admin.token);
    expect(completed.json.data.map(idOf)).toEqual([ids[3]]);

    // Day filter in the server's time zone: 23:00 on the 2nd belongs to the 2nd.
    const day = await get('/callsview?date=2026-11-02', admin.token);
    expect(day.json.data.map(idOf)).toEqual([ids[2], ids[1]]);

    const search = async (term: string, url = '/callsview') =>
      (await get(`${url}?search=${encodeURIComponent(term)}`, admin.token)).json.data.map(idOf);
    expect(await search('PROGRESS')).toEqual([ids[1]]);
    expect(await search('important')).toEqual([ids[2]]);
    expect(await search('empf')).toHaveLength(4);
    expect(await search('support')).toEqual([ids[2]]);
    expect(await search('gone')).toEqual([ids[4]]);
    expect(await search('nothing-like-this')).toEqual([]);
    expect((await get('/callsview?search=new&date=2026-11-02', admin.token)).json.data.map(idOf)).toEqual([ids[2]]);

    const sorted = async (sort: string) =>
      (await get(`/calls?sort=${sort}&per_page=all`, admin.token)).json.data.map(idOf);
    expect(await sorted('priority')).toEqual([ids[1], ids[2], ids[4], ids[3], ids[0]]);
    expect(await sorted('-priority')).toEqual([ids[0], ids[4], ids[3], ids[2], ids[1]]);
    expect(await sorted('status')).toEqual([ids[4], ids[2], ids[0], ids[1], ids[3]]);
    expect(await sorted('created_at')).toEqual(ids);
    // Category order follows the category list; unknown and Uncategorized come last either way.
    expect(await sorted('category')).toEqual([ids[3], ids[2], ids[0], ids[4], ids[1]]);
    expect(await sorted('-category')).toEqual([ids[0], ids[2], ids[3], ids[4], ids[1]]);
    expect((await get('/getCategory', admin.token)).json).toEqual({
      meta: { categories: ['Sales', 'Support', 'Billing'] },
    });

    const page2 = await get('/calls?per_page=2&page=2', admin.token);
    expect(page2.json.data.map(idOf)).toEqual([ids[2], ids[1]]);
    expect(page2.json.meta).toEqual({ total: 5, page: 2, per_page: 2, new_calls_count: 3 });
    expect(page2.json.links).toEqual({
      self: '/api/v2/calls?per_page=2&page=2',
      first: '/api/v2/calls?per_page=2',
      prev: '/api/v2/calls?per_page=2',
      next: '/api/v2/calls?per_page=2&page=3',
      last: '/api/v2/calls?per_page=2&page=3',
    });
    const jsonApiPage = await get('/calls?page[size]=2&page[number]=3', admin.token);
    expect(jsonApiPage.json.data.map(idOf)).toEqual([ids[0]]);
    expect(jsonApiPage.json.links.next).toBeUndefined();
    expect(jsonApiPage.json.links.first).toBe('/api/v2/calls?page%5Bsize%5D=2');
    expect((await get('/calls?filter[view]=completed', admin.token)).json.data.map(idOf)).toEqual([ids[3]]);
    const all = await get('/calls?per_page=all', admin.token);
    expect(all.json.data).toHaveLength(5);
    expect(all.json.meta.total).toBe(5);
  });

  it('answer 304 while nothing changed, and a fresh list after any change', async () => {
    const { admin, phonebotId } = await company();
    const [id] = await seed(admin, phonebotId, [{ at: localDay(2026, 11, 5) }]);
    const first = await get('/callsview', admin.token);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await get('/callsview', admin.token, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    // Another page of the same list has its own tag.
    expect((await get('/callsview?page=2', admin.token, { 'if-none-match': etag })).status).toBe(200);

    expect((await patch(`/updateCallStatus/${id}`, admin.token, { status: 'In Progress' })).status).toBe(200);
    const changed = await get('/callsview', admin.token, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.json.data[0].attributes.status).toBe('In Progress');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('never answer 304 to another company or user holding a copied ETag', async () => {
    const a = await company();
    const b = await company('Other Bot');
    await seed(a.admin, a.phonebotId, [{ at: localDay(2026, 11, 7), text: 'A calls' }]);
    await seed(b.admin, b.phonebotId, [{ at: localDay(2026, 11, 7), text: 'B calls' }]);
    // Both companies at the same calls version, so only the binding to the company tells the tags apart.
    const versions = await app.db.db
      .selectFrom('calls_version')
      .select('version')
      .where('customer_id', 'in', [a.admin.customerId!, b.admin.customerId!])
      .execute();
    expect(new Set(versions.map((v) => v.version)).size).toBe(1);
    const listA = await get('/callsview', a.admin.token);
    const fromB = await get('/callsview', b.admin.token, { 'if-none-match': listA.headers.etag as string });
    expect(fromB.status).toBe(200);
    expect(fromB.json.data.map((c: { attributes: { message: string } }) => c.attributes.message)).toEqual(['B calls']);
    expect(String(fromB.headers.vary)).toMatch(/authorization/i);
    expect(fromB.headers['cache-control']).toBe('private, no-cache');
    const colleague = await app.signIn('user', { customerId: a.admin.customerId! });
    const fromColleague = await get('/callsview', colleague.token, { 'if-none-match': listA.headers.etag as string });
    expect(fromColleague.status).toBe(200);
  });

  it('show guests their company’s calls and nothing of other companies', async () => {
    const a = await company();
    const b = await company('Other Bot');
    await seed(a.admin, a.phonebotId, [{ at: localDay(2026, 11, 6) }]);
    await seed(b.admin, b.phonebotId, [{ at: localDay(2026, 11, 6) }, { at: localDay(2026, 11, 6) }]);
    const guest = await app.signIn('guest', { customerId: a.admin.customerId! });
    const list = await get('/callsview', guest.token);
    expect(list.json.meta.total).toBe(1);
    expect(list.json.data[0].attributes.bezeichnung).toBe('Empfang');
    const sup = await app.signIn('super');
    expect((await get('/callsview', sup.token)).status).toBe(403);
  });
});

describe('call updates', () => {
  it('change status, priority and category, mark completed, and delete, within the company only', async () => {
    const { admin, phonebotId } = await company();
    const other = await company('Theirs');
    const [mine] = await seed(admin, phonebotId, [{ at: localDay(2026, 11, 7) }]);
    const [theirs] = await seed(other.admin, other.phonebotId, [{ at: localDay(2026, 11, 7) }]);
    const operator = await app.signIn('user', { customerId: admin.customerId! });

    expect(
      (await patch(`/updateCallPriority/${mine}`, operator.token, { priority: 'Important Callback' })).status,
    ).toBe(200);
    expect((await patch(`/updateCallPriority/${mine}`, operator.token, { priority: 'Urgent' })).status).toBe(422);
    expect((await patch(`/updateCallCategory/${mine}`, operator.token, { selected_category: 'Support' })).status).toBe(
      200,
    );
    const notOffered = await patch(`/updateCallCategory/${mine}`, operator.token, { selected_category: 'Invented' });
    expect(notOffered.status).toBe(422);
    expect(notOffered.json.errors[0].code).toBe('categoryNotOffered');
    expect((await patch(`/updateCallStatus/${mine}`, operator.token, { status: 'Done' })).json.errors[0].code).toBe(
      'statusRequired',
    );
    expect((await patch(`/updateCallStatusCompleted/${mine}`, operator.token)).status).toBe(200);
    const detail = await get(`/calls/${mine}`, operator.token);
    expect(detail.json.data.attributes).toMatchObject({
      status: 'Completed',
      priority: 'Important Callback',
      selected_category: 'Support',
    });
    expect(detail.json.data.attributes.response).toHaveLength(2);

    for (const [method, url, body] of [
      ['PATCH', `/updateCallStatus/${theirs}`, { status: 'Completed' }],
      ['PATCH', `/updateCallStatusCompleted/${theirs}`, undefined],
      ['PATCH', `/updateCallPriority/${theirs}`, { priority: 'Transferred' }],
      ['PATCH', `/updateCallCategory/${theirs}`, { selected_category: null }],
      ['GET', `/calls/${theirs}`, undefined],
      ['GET', `/notes/${theirs}`, undefined],
      ['POST', `/notes/${theirs}`, { text: 'x' }],
      ['POST', '/sendSms', { call_id: theirs, to: '+491701234567', message: 'x' }],
      ['DELETE', `/calls/${theirs}`, undefined],
    ] as const) {
      const res = await app.request({ method, url: `/api/v2${url}`, token: admin.token, body });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    const untouched = await app.db.db
      .selectFrom('calls')
      .selectAll()
      .where('id', '=', theirs!)
      .executeTakeFirstOrThrow();
    expect(untouched).toMatchObject({ status: 'New', priority: 'Normal Callback', selected_category: 'Sales' });

    const guest = await app.signIn('guest', { customerId: admin.customerId! });
    expect((await patch(`/updateCallStatus/${mine}`, guest.token, { status: 'New' })).status).toBe(403);
    expect((await app.request({ method: 'DELETE', url: `/api/v2/calls/${mine}`, token: guest.token })).status).toBe(
      403,
    );

    expect((await app.request({ method: 'DELETE', url: `/api/v2/calls/${mine}`, token: operator.token })).status).toBe(
      204,
    );
    expect((await get(`/calls/${mine}`, operator.token)).status).toBe(404);
  });

  it('changes statuses in bulk all or none', async () => {
    const { admin, phonebotId } = await company();
    const other = await company('Foreign');
    const ids = await seed(admin, phonebotId, [
      { at: localDay(2026, 11, 8) },
      { at: localDay(2026, 11, 8) },
      { at: localDay(2026, 11, 8) },
    ]);
    const [foreign] = await seed(other.admin, other.phonebotId, [{ at: localDay(2026, 11, 8) }]);
    const refused = await patch('/updateBulkStatus', admin.token, {
      calls: [...ids.map((id) => ({ id, status: 'Completed' })), { id: foreign, status: 'Completed' }],
    });
    expect(refused.status).toBe(404);
    const rows = await app.db.db
      .selectFrom('calls')
      .select('status')
      .where('id', 'in', [...ids, foreign!])
      .execute();
    expect(rows.every((r) => r.status === 'New')).toBe(true);
    expect((await patch('/updateBulkStatus', admin.token, { calls: [] })).status).toBe(422);
    const done = await patch('/updateBulkStatus', admin.token, {
      calls: ids.map((id) => ({ id, status: 'Completed' })),
    });
    expect(done.json).toEqual({ meta: { updated: 3 } });
    expect((await get('/completed', admin.token)).json.meta.total).toBe(3);
  });

  it('changes priority and category in bulk all or none', async () => {
    const { admin, phonebotId } = await company();
    const other = await company('Foreign');
    const ids = await seed(admin, phonebotId, [{ at: localDay(2026, 11, 8) }, { at: localDay(2026, 11, 8) }]);
    // A second phonebot of the same company, whose terms lack "Support".
    const second = await phonebotOf(admin, 'Zweitbot', ['Sales']);
    const [onSecond] = await seed(admin, second.phonebotId, [{ at: localDay(2026, 11, 8) }]);
    const [foreign] = await seed(other.admin, other.phonebotId, [{ at: localDay(2026, 11, 8) }]);
    const facts = async () =>
      app.db.db
        .selectFrom('calls')
        .select(['id', 'priority', 'selected_category', 'callback_due_at'])
        .where('id', 'in', [...ids, onSecond!, foreign!])
        .orderBy('id')
        .execute();
    const before = await facts();
    const all = [...ids, onSecond!].map((id) => ({ id }));

    // Another company's call among them: 404; a category one phonebot does not offer: 422. Nothing changes.
    expect(
      (
        await patch('/updateBulkFields', admin.token, {
          calls: [...all, { id: foreign }],
          priority: 'Important Callback',
        })
      ).status,
    ).toBe(404);
    const notOffered = await patch('/updateBulkFields', admin.token, {
      calls: all,
      priority: 'Important Callback',
      selected_category: 'Support',
    });
    expect(notOffered.status).toBe(422);
    expect(notOffered.json.errors[0].source.pointer).toBe('/selected_category');
    // No field, an unknown priority, no calls: 422. A guest: 403.
    expect((await patch('/updateBulkFields', admin.token, { calls: all })).status).toBe(422);
    expect((await patch('/updateBulkFields', admin.token, { calls: all, priority: 'Soon' })).status).toBe(422);
    expect((await patch('/updateBulkFields', admin.token, { calls: [], priority: 'Important Callback' })).status).toBe(
      422,
    );
    const guest = await app.signIn('guest', { customerId: admin.customerId! });
    expect((await patch('/updateBulkFields', guest.token, { calls: all, priority: 'Important Callback' })).status).toBe(
      403,
    );
    expect(await facts()).toEqual(before);

    // Offered by both phonebots: every call gets both, and a new priority moves the due times.
    const done = await patch('/updateBulkFields', admin.token, {
      calls: all,
      priority: 'Important Callback',
      selected_category: 'Sales',
    });
    expect(done.json).toEqual({ meta: { updated: 3 } });
    const after = await facts();
    const changed = after.filter((row) => row.id !== foreign);
    expect(changed.every((row) => row.priority === 'Important Callback' && row.selected_category === 'Sales')).toBe(
      true,
    );
    expect(changed.map((row) => row.callback_due_at)).not.toEqual(
      before.filter((row) => row.id !== foreign).map((row) => row.callback_due_at),
    );
    expect(after.find((row) => row.id === foreign)).toEqual(before.find((row) => row.id === foreign));
    // null: Uncategorized; the priority stays.
    expect((await patch('/updateBulkFields', admin.token, { calls: all, selected_category: null })).status).toBe(200);
    expect(
      (await facts())
        .filter((row) => row.id !== foreign)
        .every((r) => r.selected_category === null && r.priority === 'Important Callback'),
    ).toBe(true);
  });

  it('lists new calls until they are marked notified', async () => {
    const { admin, phonebotId } = await company();
    const ids = await seed(admin, phonebotId, [{ at: localDay(2026, 11, 9) }, { at: localDay(2026, 11, 9) }]);
    const fresh = await get('/newcalls?per_page=5', admin.token);
    expect(fresh.json.data).toHaveLength(2);
    expect(fresh.json.meta.new_calls_count).toBe(2);
    // A guest reads the list but may not clear the company's New Call Alert.
    const guest = await app.signIn('guest', { customerId: admin.customerId! });
    const refused = await patch('/updateNotificationStatus', guest.token, { calls: ids.map((id) => ({ id })) });
    expect(refused.status).toBe(403);
    expect((await get('/newcalls', admin.token)).json.meta.new_calls_count).toBe(2);
    expect((await patch('/updateNotificationStatus', admin.token, { calls: ids.map((id) => ({ id })) })).json).toEqual({
      meta: { updated: 2 },
    });
    const after = await get('/newcalls', admin.token);
    expect(after.json.data).toHaveLength(0);
    expect(after.json.meta.new_calls_count).toBe(0);
    expect((await get('/callsview', admin.token)).json.meta.total).toBe(2);
  });
});

describe('notes', () => {
  it('are trimmed, not empty, at most 2,000 characters, and listed oldest first', async () => {
    const { admin, phonebotId } = await company();
    const [id] = await seed(admin, phonebotId, [{ at: localDay(2026, 11, 10) }]);
    const empty = await app.request({
      method: 'POST',
      url: `/api/v2/notes/${id}`,
      token: admin.token,
      body: { text: '   ', created_at: 'x' },
    });
    expect(empty.status).toBe(422);
    expect(empty.json.errors[0]).toMatchObject({ code: 'noteEmpty', detail: 'Note text cannot be empty.' });
    expect(
      (
        await app.request({
          method: 'POST',
          url: `/api/v2/notes/${id}`,
          token: admin.token,
          body: { text: 'x'.repeat(2001) },
        })
      ).status,
    ).toBe(422);
    for (const text of ['  first  ', 'second']) {
      expect(
        (await app.request({ method: 'POST', url: `/api/v2/notes/${id}`, token: admin.token, body: { text } })).status,
      ).toBe(201);
    }
    const notes = await get(`/notes/${id}`, admin.token);
    expect(notes.json.data.map((n: { attributes: { text: string } }) => n.attributes.text)).toEqual([
      'first',
      'second',
    ]);
    expect(notes.json.data[0].attributes.author).toMatch(/^admin /);
  });
});

describe('SMS', () => {
  it('goes through the log provider by default and is recorded', async () => {
    const { admin, phonebotId } = await company();
    const [id] = await seed(admin, phonebotId, [{ at: localDay(2026, 11, 11), caller: '0170 1234567' }]);
    const bad = await app.request({
      method: 'POST',
      url: '/api/v2/sendSms',
      token: admin.token,
      body: { call_id: id, to: '12', message: ' ' },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.map((e: { code: string }) => e.code).sort()).toEqual(['phoneInvalid', 'smsEmpty']);
    const sent = await app.request({
      method: 'POST',
      url: '/api/v2/sendSms',
      token: admin.token,
      body: { call_id: id, to: '0170 1234567', message: 'Wir rufen zurück.' },
    });
    expect(sent.status).toBe(201);
    expect(sent.json.data.attributes).toMatchObject({ to: '+491701234567', state: 'sent' });
    expect(fs.readFileSync(path.join(app.config.dataDir, 'sms.log'), 'utf8')).toContain('+491701234567');
    const detail = await get(`/calls/${id}`, admin.token);
    expect(detail.json.data.attributes.sms).toHaveLength(1);
  });

  it('goes only to the caller or numbers the company allows, in at most 3 parts', async () => {
    const { admin, phonebotId } = await company();
    const [id] = await seed(admin, phonebotId, [{ at: localDay(2026, 11, 12), caller: '+4930123456' }]);
    const send = (to: string, message = 'Wir rufen zurück.') =>
      app.request({ method: 'POST', url: '/api/v2/sendSms', token: admin.token, body: { call_id: id, to, message } });
    // A premium-rate number abroad is refused and nothing is sent or recorded.
    const premium = await send('+88213456789');
    expect(premium.status).toBe(422);
    expect(premium.json.errors[0]).toMatchObject({ code: 'smsNumberNotAllowed', source: { pointer: '/to' } });
    expect((await send('+4930123456')).status).toBe(201);

    // 459 GSM characters are 3 parts; 460 are 4. With one character outside GSM-7, 201 UTF-16 units are 3 parts.
    expect((await send('+4930123456', 'a'.repeat(459))).status).toBe(201);
    const long = await send('+4930123456', 'a'.repeat(460));
    expect(long.status).toBe(422);
    expect(long.json.errors[0]).toMatchObject({ code: 'smsTooLong', source: { pointer: '/message' } });
    expect((await send('+4930123456', 'ą'.repeat(202))).status).toBe(422);

    // The company admin allows a number and a prefix on the company profile.
    const allowed = await app.request({
      method: 'PATCH',
      url: '/api/v2/profile',
      token: admin.token,
      body: { data: { type: 'profile', attributes: { sms_allowed_numbers: ['+49 170 1234567', '+4940'] } } },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.json.data.attributes.sms_allowed_numbers).toEqual(['+491701234567', '+4940']);
    expect((await send('+491701234567')).status).toBe(201);
    expect((await send('+494055555555')).status).toBe(201);
    expect((await send('+88213456789')).status).toBe(422);
    const invalid = await app.request({
      method: 'PATCH',
      url: '/api/v2/profile',
      token: admin.token,
      body: { data: { type: 'profile', attributes: { sms_allowed_numbers: ['0900 premium'] } } },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.json.errors[0].code).toBe('smsAllowedNumbersInvalid');
    const sent = await app.db.db.selectFrom('sms_messages').select('to_number').where('call_id', '=', id!).execute();
    expect(sent.map((s) => s.to_number).sort()).toEqual(
      ['+4930123456', '+4930123456', '+494055555555', '+491701234567'].sort(),
    );
  });

  it('keeps a company within its SMS per minute and per day', async () => {
    const limited = await createTestApp({}, { SMS_RATE_PER_MINUTE: '2', SMS_DAILY_CAP: '3' });
    try {
      const admin = await limited.signIn('admin');
      const created = await limited.request({
        method: 'POST',
        url: '/api/v2/vbot',
        token: admin.token,
        body: { data: { type: 'vbots', attributes: { bezeichnung: 'B' } } },
      });
      const call = await limited.request({
        method: 'POST',
        url: '/api/v2/bot/calls',
        token: created.json.meta.bot_token,
        headers: { 'idempotency-key': 'sms-limit' },
        body: { caller_number: '+4930123456', response: [] },
      });
      const send = () =>
        limited.request({
          method: 'POST',
          url: '/api/v2/sendSms',
          token: admin.token,
          body: { call_id: Number(call.json.data.id), to: '+4930123456', message: 'Hallo' },
        });
      // Minutes are counted by the clock: start well inside one.
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 5000) await new Promise((r) => setTimeout(r, left + 50));
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(201);
      const third = await send();
      expect(third.status).toBe(429);
      expect(third.json.errors[0].code).toBe('smsRateLimited');
      const retry = Number(third.headers['retry-after']);
      expect(retry).toBeGreaterThan(0);
      // The limit that refused, as every other limit names itself (RateLimit fields).
      expect(third.headers['ratelimit-policy']).toBe('"sms-minute";q=2;w=60');
      expect(third.headers.ratelimit).toBe(`"sms-minute";r=0;t=${retry}`);
      // The next minute: one more fits the day, then the day is full.
      const minute = new Date().toISOString().slice(0, 16);
      await limited.db.db.deleteFrom('sms_counters').where('bucket', '=', `minute:${minute}`).execute();
      expect((await send()).status).toBe(201);
      await limited.db.db.deleteFrom('sms_counters').where('bucket', 'like', 'minute:%').execute();
      const capped = await send();
      expect(capped.status).toBe(429);
      expect(capped.json.errors[0].code).toBe('smsDailyCapReached');
      expect(capped.headers['ratelimit-policy']).toBe('"sms-day";q=3;w=86400');
      expect(await limited.db.db.selectFrom('sms_messages').select('id').execute()).toHaveLength(3);

      // The hourly job forgets the counts no limit reads any more; today's count stays, and still caps the day.
      const customerId = admin.customerId!;
      await limited.db.db
        .insertInto('sms_counters')
        .values([
          { customer_id: customerId, bucket: 'minute:2020-01-01T10:00', count: 2 },
          { customer_id: customerId, bucket: 'day:2020-01-01', count: 3 },
        ])
        .execute();
      expect(await deleteOldSmsCounters(limited.db.db)).toBe(2);
      const kept = await limited.db.db
        .selectFrom('sms_counters')
        .select('bucket')
        .where('customer_id', '=', customerId)
        .execute();
      expect(kept.map((row) => row.bucket)).toEqual([expect.stringMatching(/^day:/)]);
      expect((await send()).status).toBe(429);
    } finally {
      await limited.stop();
    }
  });

  it('posts to Twilio and reports a provider failure as a failure', async () => {
    const received: { auth?: string; body: string; url?: string }[] = [];
    let fail = false;
    const twilio = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body, url: req.url });
        res.writeHead(fail ? 400 : 201, { 'content-type': 'application/json' });
        res.end(JSON.stringify(fail ? { code: 21211, message: "The 'To' number is not valid." } : { sid: 'SM123' }));
      });
    });
    await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(twilio.address() as { port: number }).port}`;
    const twilioApp = await createTestApp(
      {},
      {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC123',
        TWILIO_AUTH_TOKEN: 'tw-secret',
        TWILIO_FROM: '+4930999',
        TWILIO_API_BASE: base,
      },
    );
    try {
      const admin = await twilioApp.signIn('admin');
      const created = await twilioApp.request({
        method: 'POST',
        url: '/api/v2/vbot',
        token: admin.token,
        body: { data: { type: 'vbots', attributes: { bezeichnung: 'B' } } },
      });
      const call = await twilioApp.request({
        method: 'POST',
        url: '/api/v2/bot/calls',
        token: created.json.meta.bot_token,
        headers: { 'idempotency-key': 'sms-1' },
        body: { caller_number: '+4917012345', response: [] },
      });
      const callId = Number(call.json.data.id);

      const ok = await twilioApp.request({
        method: 'POST',
        url: '/api/v2/sendSms',
        token: admin.token,
        body: { call_id: callId, to: '+4917012345', message: 'Hallo' },
      });
      expect(ok.status).toBe(201);
      expect(received[0]!.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
      expect(received[0]!.auth).toBe(`Basic ${Buffer.from('AC123:tw-secret').toString('base64')}`);
      expect(new URLSearchParams(received[0]!.body).get('To')).toBe('+4917012345');
      expect(new URLSearchParams(received[0]!.body).get('From')).toBe('+4930999');

      fail = true;
      const failed = await twilioApp.request({
        method: 'POST',
        url: '/api/v2/sendSms',
        token: admin.token,
        body: { call_id: callId, to: '+4917012345', message: 'Hallo' },
      });
      expect(failed.status).toBe(502);
      expect(failed.json.errors[0].code).toBe('smsFailed');
      expect(failed.json.errors[0].detail).toContain('not valid');
      const records = await twilioApp.db.db
        .selectFrom('sms_messages')
        .select(['state', 'provider_id', 'error'])
        .orderBy('id')
        .execute();
      expect(records).toEqual([
        { state: 'sent', provider_id: 'SM123', error: null },
        { state: 'failed', provider_id: null, error: expect.stringContaining('400') },
      ]);
    } finally {
      await twilioApp.stop();
      twilio.close();
    }
  });
});

describe('export and retention', () => {
  it('exports call_log.csv quoted and neutralised against formulas', async () => {
    const { admin, phonebotId } = await company('=HYPERLINK("x")');
    await seed(admin, phonebotId, [
      { at: localDay(2026, 11, 12, 14), caller: '+491', text: '=cmd|calc "quoted"', category: null },
    ]);
    const res = await app.app.inject({
      method: 'GET',
      url: '/api/v2/calls/export?view=all',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('call_log.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // Without business hours or a time zone of the browser, times are the server's (named in the header).
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(lines[0]).toBe(
      `"PhoneBot","Category","Priority","Phone Number","Status","Message","Date/Time (${zone})","Owner","Due (${zone})","Completed (${zone})","Notes"`,
    );
    expect(lines[1]).toMatch(
      /^"'=HYPERLINK\(""x""\)","Uncategorized","Normal Callback","\+491","New","'=cmd\|calc ""quoted""","2026-11-12 14:00","",/,
    );
  });

  it('deletes old calls on demand (super only) and keeps the monthly counts', async () => {
    const { admin, botToken } = await company();
    const sent = await app.request({
      method: 'POST',
      url: '/api/v2/bot/calls',
      token: botToken,
      headers: { 'idempotency-key': 'old-1' },
      body: { caller_number: '+49', response: [] },
    });
    await app.db.db
      .updateTable('calls')
      .set({ created_at: new Date(Date.now() - 40 * 86400000).toISOString() })
      .where('id', '=', Number(sent.json.data.id))
      .execute();
    expect((await app.request({ method: 'DELETE', url: '/api/v2/deleteOldCallLogs', token: admin.token })).status).toBe(
      403,
    );
    const sup = await app.signIn('super');
    const res = await app.request({ method: 'DELETE', url: '/api/v2/deleteOldCallLogs', token: sup.token });
    expect(res.status).toBe(200);
    expect(res.json.meta.deleted).toBeGreaterThanOrEqual(1);
    expect((await get('/calls', admin.token)).json.meta.total).toBe(0);
    const counts = await app.db.db
      .selectFrom('monthly_call_counts')
      .select('count')
      .where('customer_id', '=', admin.customerId!)
      .execute();
    expect(counts).toEqual([{ count: 1 }]);
  });
});
