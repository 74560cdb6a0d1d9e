import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, body?: unknown) =>
  app.request({ method, url: `/api/v2${url}`, token, body });

async function company() {
  const admin = await app.signIn('admin');
  const created = await api('POST', '/vbot', admin.token, {
    data: { type: 'vbots', attributes: { bezeichnung: 'Empfang', category_terms: ['Sales', 'Support'] } },
  });
  return { admin, licenseKey: created.json.meta.license_Key as string };
}

async function newCall(owner: SignedIn, licenseKey: string, attributes: Record<string, unknown> = {}) {
  const res = await api('POST', '/calls', owner.token, {
    data: { type: 'calls', attributes: { phonebot: licenseKey, caller_number: '+4930123456', ...attributes } },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.data as { id: string; type: string; attributes: Record<string, unknown> };
}

describe('the calls resource', () => {
  it('creates, reads, changes and deletes a call as JSON:API documents', async () => {
    const { admin, licenseKey } = await company();
    const call = await newCall(admin, licenseKey, {
      response: [{ action: 'UserRecognizedText', text: 'Bitte Rückruf wegen Rechnung' }],
      selected_category: 'Sales',
    });
    expect(call).toMatchObject({
      type: 'calls',
      attributes: {
        status: 'New',
        priority: 'Normal Callback',
        selected_category: 'Sales',
        caller_number: '+4930123456',
        message: 'Bitte Rückruf wegen Rechnung',
      },
    });

    const read = await api('GET', `/calls/${call.id}`, admin.token);
    expect(read.headers['content-type']).toBe('application/vnd.api+json');
    expect(read.json.data.attributes.response).toHaveLength(1);

    const changed = await api('PATCH', `/calls/${call.id}`, admin.token, {
      data: { type: 'calls', id: call.id, attributes: { status: 'In Progress', priority: 'Transferred' } },
    });
    expect(changed.status).toBe(200);
    expect(changed.json.data.attributes).toMatchObject({ status: 'In Progress', priority: 'Transferred' });
    // Partial: the category stays.
    expect(changed.json.data.attributes.selected_category).toBe('Sales');

    const list = await api('GET', '/calls?filter[view]=open&page[size]=5', admin.token);
    expect(list.json.data.map((c: { id: string }) => c.id)).toEqual([call.id]);
    expect(list.json.links.self).toBe('/api/v2/calls?filter%5Bview%5D=open&page%5Bsize%5D=5');

    expect((await api('DELETE', `/calls/${call.id}`, admin.token)).status).toBe(204);
    expect((await api('GET', `/calls/${call.id}`, admin.token)).status).toBe(404);
  });

  it('counts a call entered by hand in the month like any other', async () => {
    const { admin, licenseKey } = await company();
    await newCall(admin, licenseKey);
    const count = await app.db.db
      .selectFrom('monthly_call_counts')
      .select('count')
      .where('customer_id', '=', admin.customerId!)
      .executeTakeFirstOrThrow();
    expect(count.count).toBe(1);
  });

  it('answers 409 for another type or id, 403 for a client-chosen id, 422 for a phonebot not of the company', async () => {
    const { admin, licenseKey } = await company();
    const other = await company();
    const call = await newCall(admin, licenseKey);

    const wrongType = await api('PATCH', `/calls/${call.id}`, admin.token, {
      data: { type: 'users', id: call.id, attributes: { status: 'Completed' } },
    });
    expect(wrongType.status).toBe(409);
    expect(wrongType.json.errors[0]).toMatchObject({ status: '409', source: { pointer: '/data/type' } });

    const wrongId = await api('PATCH', `/calls/${call.id}`, admin.token, {
      data: { type: 'calls', id: String(Number(call.id) + 1000), attributes: { status: 'Completed' } },
    });
    expect(wrongId.status).toBe(409);
    expect(wrongId.json.errors[0].source.pointer).toBe('/data/id');

    const clientId = await api('POST', '/calls', admin.token, {
      data: { type: 'calls', id: '77', attributes: { phonebot: licenseKey, caller_number: '+4930' } },
    });
    expect(clientId.status).toBe(403);

    const foreignBot = await api('POST', '/calls', admin.token, {
      data: { type: 'calls', attributes: { phonebot: other.licenseKey, caller_number: '+4930999' } },
    });
    expect(foreignBot.status).toBe(422);
    expect(foreignBot.json.errors[0].source.pointer).toBe('/data/attributes/phonebot');

    const unknownAttribute = await api('PATCH', `/calls/${call.id}`, admin.token, {
      data: { type: 'calls', id: call.id, attributes: { caller_number: '+4900' } },
    });
    expect(unknownAttribute.status).toBe(422);

    const notOffered = await api('PATCH', `/calls/${call.id}`, admin.token, {
      data: { type: 'calls', id: call.id, attributes: { selected_category: 'Invented' } },
    });
    expect(notOffered.status).toBe(422);
    expect(notOffered.json.errors[0].code).toBe('categoryNotOffered');

    // Nothing of that changed the call.
    const after = await api('GET', `/calls/${call.id}`, admin.token);
    expect(after.json.data.attributes).toMatchObject({ status: 'New', caller_number: '+4930123456' });
  });

  it('keeps other companies’ calls, notes and SMS out of reach (404) and guests read only', async () => {
    const mine = await company();
    const theirs = await company();
    const call = await newCall(theirs.admin, theirs.licenseKey);
    const guest = await app.signIn('guest', { customerId: mine.admin.customerId! });
    const operator = await app.signIn('user', { customerId: mine.admin.customerId! });

    for (const [method, url, body] of [
      ['GET', `/calls/${call.id}`, undefined],
      ['PATCH', `/calls/${call.id}`, { data: { type: 'calls', id: call.id, attributes: { status: 'Completed' } } }],
      ['DELETE', `/calls/${call.id}`, undefined],
      ['GET', `/calls/${call.id}/notes`, undefined],
      ['POST', `/calls/${call.id}/notes`, { data: { type: 'notes', attributes: { text: 'x' } } }],
      ['GET', `/calls/${call.id}/sms`, undefined],
      ['POST', `/calls/${call.id}/sms`, { data: { type: 'sms', attributes: { to: '+4930123456', message: 'x' } } }],
    ] as const) {
      expect((await api(method, url, operator.token, body)).status, `${method} ${url}`).toBe(404);
    }

    const own = await newCall(mine.admin, mine.licenseKey);
    expect((await api('GET', `/calls/${own.id}`, guest.token)).status).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/calls', { data: { type: 'calls', attributes: { phonebot: mine.licenseKey, caller_number: '+49' } } }],
      ['PATCH', `/calls/${own.id}`, { data: { type: 'calls', id: own.id, attributes: { status: 'Completed' } } }],
      ['DELETE', `/calls/${own.id}`, undefined],
      ['POST', `/calls/${own.id}/notes`, { data: { type: 'notes', attributes: { text: 'x' } } }],
      ['POST', `/calls/${own.id}/sms`, { data: { type: 'sms', attributes: { to: '+4930123456', message: 'x' } } }],
    ] as const) {
      expect((await api(method, url, guest.token, body)).status, `${method} ${url}`).toBe(403);
    }
  });

  it('keeps notes and SMS of a call as their own resources', async () => {
    const { admin, licenseKey } = await company();
    const call = await newCall(admin, licenseKey);
    const note = await api('POST', `/calls/${call.id}/notes`, admin.token, {
      data: { type: 'notes', attributes: { text: '  Rückruf um 10  ' } },
    });
    expect(note.status).toBe(201);
    expect(note.json.data).toMatchObject({ type: 'notes', attributes: { text: 'Rückruf um 10' } });
    const empty = await api('POST', `/calls/${call.id}/notes`, admin.token, {
      data: { type: 'notes', attributes: { text: '   ' } },
    });
    expect(empty.status).toBe(422);
    expect(empty.json.errors[0].source.pointer).toBe('/data/attributes/text');
    const notes = await api('GET', `/calls/${call.id}/notes`, admin.token);
    expect(notes.json.data).toHaveLength(1);

    const sms = await api('POST', `/calls/${call.id}/sms`, admin.token, {
      data: { type: 'sms', attributes: { to: '+4930123456', message: 'Wir rufen zurück.' } },
    });
    expect(sms.status).toBe(201);
    expect(sms.json.data).toMatchObject({ type: 'sms', attributes: { to: '+4930123456', state: 'sent' } });
    expect((await api('GET', `/calls/${call.id}/sms`, admin.token)).json.data).toHaveLength(1);
  });
});

describe('JSON:API content negotiation', () => {
  it('answers 415 for media type parameters, 406 when every accepted JSON:API type has them', async () => {
    const { admin } = await company();
    const withParameter = await app.request({
      method: 'POST',
      url: '/api/v2/calls',
      token: admin.token,
      headers: { 'content-type': 'application/vnd.api+json; ext="https://example.com/ext"' },
      rawBody: '{"data":{"type":"calls","attributes":{}}}',
    });
    expect(withParameter.status).toBe(415);
    expect(withParameter.headers['content-type']).toBe('application/vnd.api+json');

    const notAcceptable = await app.request({
      method: 'GET',
      url: '/api/v2/calls',
      token: admin.token,
      headers: { accept: 'application/vnd.api+json; version=2' },
    });
    expect(notAcceptable.status).toBe(406);

    const profile = await app.request({
      method: 'GET',
      url: '/api/v2/calls',
      token: admin.token,
      headers: { accept: 'application/vnd.api+json; profile="https://example.com/p", application/vnd.api+json; x=1' },
    });
    expect(profile.status).toBe(200);
    expect(profile.headers['content-type']).toBe('application/vnd.api+json');
  });
});
