import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';
import { newCallFrom } from '../../../test/calls-back';

/** Callback attempts: who may record them, what the call and its lists show, and what a bad request changes. */

let app: TestApp;
let admin: SignedIn;
let operator: SignedIn;
let guest: SignedIn;
let superAdmin: SignedIn;
let otherAdmin: SignedIn;
let callId: string;

beforeAll(async () => {
  app = await createTestApp();
  admin = await app.signIn('admin');
  operator = await app.signIn('user', { customerId: admin.customerId! });
  guest = await app.signIn('guest', { customerId: admin.customerId! });
  superAdmin = await app.signIn('super');
  otherAdmin = await app.signIn('admin');
  callId = await newCall(admin);
});
afterAll(async () => {
  await app?.stop();
});

const newCall = (owner: SignedIn, caller?: string) => newCallFrom(app, owner, caller);

const attempt = (token: string, id: string, attributes: Record<string, unknown>) =>
  app.request({
    method: 'POST',
    url: `/api/v2/calls/${id}/attempts`,
    token,
    body: { data: { type: 'call-attempts', attributes } },
  });

const detail = async (id = callId, token = admin.token) =>
  (await app.request({ method: 'GET', url: `/api/v2/calls/${id}`, token })).json.data.attributes;

async function listed(id = callId) {
  const list = await app.request({ method: 'GET', url: '/api/v2/calls?filter[view]=all', token: admin.token });
  return list.json.data.find((row: { id: string }) => row.id === id).attributes;
}

async function apiKey(scopes: string[]): Promise<string> {
  const res = await app.request({
    method: 'POST',
    url: '/api/v2/api-keys',
    token: admin.token,
    body: { data: { type: 'api-keys', attributes: { name: `Key ${Math.random()}`, scopes } } },
  });
  expect(res.status).toBe(201);
  return res.json.data.attributes.token as string;
}

async function version(): Promise<number> {
  const row = await app.db.db
    .selectFrom('calls_version')
    .select('version')
    .where('customer_id', '=', admin.customerId!)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

describe('callback attempts', () => {
  it('records who tried, when and what came of it; the call and its list row show it', async () => {
    const before = await version();
    const res = await attempt(operator.token, callId, { outcome: 'voicemail', note: ' Left a message ' });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      type: 'call-attempts',
      attributes: { outcome: 'voicemail', note: 'Left a message', user_id: String(operator.userId), dial: null },
    });
    expect(res.json.data.attributes.user_name).toEqual(expect.any(String));
    // A change of the call: the lists' version (ETags, live streams, webhooks) moved in the same transaction, and
    // the live streams have its event.
    expect(await version()).toBeGreaterThan(before);
    const events = await app.db.db
      .selectFrom('call_events')
      .select('kind')
      .where('call_id', '=', Number(callId))
      .where('kind', '=', 'updated')
      .execute();
    expect(events.length).toBeGreaterThan(0);
    expect((await attempt(admin.token, callId, { outcome: 'reached' })).status).toBe(201);
    const call = await detail();
    expect(call.attempts.map((a: { attributes: { outcome: string } }) => a.attributes.outcome)).toEqual([
      'voicemail',
      'reached',
    ]);
    expect(call.attempt_count).toBe(2);
    expect((await listed()).attempt_count).toBe(2);
  });

  it('lets an API key with calls:write record one, not one with calls:read only', async () => {
    const id = await newCall(admin);
    expect((await attempt(await apiKey(['calls:write']), id, { outcome: 'busy' })).status).toBe(201);
    expect((await attempt(await apiKey(['calls:read']), id, { outcome: 'busy' })).status).toBe(403);
    expect((await listed(id)).attempt_count).toBe(1);
  });

  it('refuses guests and the super administrator, and answers 404 for another company’s call', async () => {
    const id = await newCall(admin);
    expect((await attempt(guest.token, id, { outcome: 'reached' })).status).toBe(403);
    expect((await attempt(superAdmin.token, id, { outcome: 'reached' })).status).toBe(403);
    expect((await attempt(otherAdmin.token, id, { outcome: 'reached' })).status).toBe(404);
    expect((await attempt(admin.token, '999999', { outcome: 'reached' })).status).toBe(404);
    expect((await detail(id)).attempts).toEqual([]);
  });

  it('answers 422 for an outcome it does not know, or a long note, and changes nothing', async () => {
    const id = await newCall(admin);
    const before = await version();
    for (const attributes of [
      { outcome: 'maybe' },
      {},
      { outcome: 'reached', note: 'x'.repeat(501) },
      { outcome: 'reached', extra: 1 },
    ]) {
      const res = await attempt(admin.token, id, attributes);
      expect(res.status).toBe(422);
    }
    expect(await version()).toBe(before);
    const call = await detail(id);
    expect(call.attempts).toEqual([]);
    expect(call.attempt_count).toBe(0);
  });

  it('lets the attempts go with their call', async () => {
    const id = await newCall(admin);
    expect((await attempt(admin.token, id, { outcome: 'no_answer' })).status).toBe(201);
    const gone = await app.request({
      method: 'DELETE',
      url: `/api/v2/calls/${id}`,
      token: admin.token,
      body: { data: { type: 'calls', id } },
    });
    expect(gone.status).toBe(204);
    const rows = await app.db.db.selectFrom('call_attempts').select('id').where('call_id', '=', Number(id)).execute();
    expect(rows).toEqual([]);
  });
});

describe('click-to-call without Twilio', () => {
  it('answers 503 dialNotConfigured and records nothing', async () => {
    const id = await newCall(admin);
    const res = await app.request({ method: 'POST', url: `/api/v2/calls/${id}/dial`, token: admin.token });
    expect(res.status).toBe(503);
    expect(res.json.errors[0].code).toBe('dialNotConfigured');
    expect((await detail(id)).attempt_count).toBe(0);
  });
});
