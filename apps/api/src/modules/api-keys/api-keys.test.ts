import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ apiKeyRatePerMinute: 40 });
});
afterAll(async () => {
  await app?.stop();
});

type Company = { admin: SignedIn; phonebotId: string; licenseKey: string; callId: string; userId: string };

async function makeCompany(): Promise<Company> {
  const admin = await app.signIn('admin');
  const bot = await app.request({
    method: 'POST',
    url: '/api/v2/vbot',
    token: admin.token,
    body: { data: { type: 'vbots', attributes: { bezeichnung: 'Key bot' } } },
  });
  const call = await app.request({
    method: 'POST',
    url: '/api/v2/bot/calls',
    token: bot.json.meta.bot_token,
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: { caller_number: '+491701234567', response: [] },
  });
  const phonebot = await app.db.db
    .selectFrom('phonebots')
    .select('id')
    .where('license_key', '=', bot.json.meta.license_Key)
    .executeTakeFirstOrThrow();
  const user = await app.signIn('user', { customerId: admin.customerId! });
  return {
    admin,
    phonebotId: String(phonebot.id),
    licenseKey: bot.json.meta.license_Key,
    callId: call.json.data.id,
    userId: String(user.userId),
  };
}

async function createKey(admin: SignedIn, scopes: string[], name = 'CRM sync') {
  const res = await app.request({
    method: 'POST',
    url: '/api/v2/api-keys',
    token: admin.token,
    body: { data: { type: 'api-keys', attributes: { name, scopes } } },
  });
  expect(res.status).toBe(201);
  return res.json.data as { id: string; attributes: { token: string; token_start: string } };
}

const get = (url: string, token: string) => app.request({ method: 'GET', url: `/api/v2${url}`, token });
const patchCall = (id: string, token: string, status = 'In Progress') =>
  app.request({
    method: 'PATCH',
    url: `/api/v2/calls/${id}`,
    token,
    body: { data: { type: 'calls', id, attributes: { status } } },
  });

let a: Company;
let b: Company;
beforeAll(async () => {
  a = await makeCompany();
  b = await makeCompany();
});

describe('API keys', () => {
  it('shows the token once, stores only its hash, and lists name, scopes, creator and last use', async () => {
    const key = await createKey(a.admin, ['calls:read', 'calls:read']);
    expect(key.attributes.token).toMatch(/^pbk_[A-Za-z0-9_-]{43}$/);
    expect(key.attributes).toMatchObject({ name: 'CRM sync', scopes: ['calls:read'], last_used_at: null });
    expect(key.attributes.token.startsWith(key.attributes.token_start)).toBe(true);

    const stored = await app.db.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', Number(key.id))
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(key.attributes.token.slice(4));
    expect(JSON.stringify(stored)).not.toContain(key.attributes.token);

    expect((await get('/calls', key.attributes.token)).status).toBe(200);
    const list = await get('/api-keys', a.admin.token);
    const listed = list.json.data.find((k: { id: string }) => k.id === key.id);
    expect(listed.attributes.token).toBeUndefined();
    expect(listed.attributes.last_used_at).not.toBeNull();
    expect(listed.attributes.created_by).toMatch(/^admin /);
    // Another company's admin does not see it.
    const other = await get('/api-keys', b.admin.token);
    expect(other.json.data.map((k: { id: string }) => k.id)).not.toContain(key.id);
  });

  it('opens only the operations within its scopes', async () => {
    const read = (await createKey(a.admin, ['calls:read'])).attributes.token;
    expect((await get(`/calls/${a.callId}`, read)).status).toBe(200);
    const refused = await patchCall(a.callId, read);
    expect(refused.status).toBe(403);
    expect(refused.json.errors[0].code).toBe('apiKeyScopeMissing');
    for (const url of ['/phonebots', '/users', '/api-keys', '/me', '/profile', '/dashboard']) {
      expect((await get(url, read)).status, url).toBe(403);
    }

    const all = (
      await createKey(a.admin, ['calls:read', 'calls:write', 'phonebots:read', 'phonebots:write', 'users:read'])
    ).attributes.token;
    expect((await get('/phonebots', all)).status).toBe(200);
    expect((await get(`/users/${a.userId}`, all)).status).toBe(200);
    // users:read never writes users, and no scope reaches the keys themselves.
    const rename = await app.request({
      method: 'PATCH',
      url: `/api/v2/users/${a.userId}`,
      token: all,
      body: { data: { type: 'users', id: a.userId, attributes: { name: 'Renamed' } } },
    });
    expect(rename.status).toBe(403);
    const keyMakesKey = await app.request({
      method: 'POST',
      url: '/api/v2/api-keys',
      token: all,
      body: { data: { type: 'api-keys', attributes: { name: 'x', scopes: ['calls:read'] } } },
    });
    expect(keyMakesKey.status).toBe(403);
  });

  it('records every change it makes in the audit log', async () => {
    const key = await createKey(a.admin, ['calls:write', 'phonebots:write']);
    const token = key.attributes.token;
    expect((await patchCall(a.callId, token, 'Completed')).status).toBe(200);
    const entries = await app.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'apiKey.used')
      .where('customer_id', '=', a.admin.customerId)
      .execute();
    const entry = entries.find((e) => JSON.parse(e.detail ?? '{}').apiKeyId === Number(key.id));
    expect(entry?.target).toBe(`PATCH /api/v2/calls/${a.callId}`);
    expect(entry?.actor_user_id).toBe(a.admin.userId);
  });

  it('answers 404 for another company’s objects on every resource', async () => {
    const token = (
      await createKey(b.admin, ['calls:read', 'calls:write', 'phonebots:read', 'phonebots:write', 'users:read'])
    ).attributes.token;
    const checks: [string, Promise<{ status: number }>][] = [
      ['GET call', get(`/calls/${a.callId}`, token)],
      ['PATCH call', patchCall(a.callId, token)],
      ['GET notes', get(`/calls/${a.callId}/notes`, token)],
      ['GET sms', get(`/calls/${a.callId}/sms`, token)],
      ['DELETE call', app.request({ method: 'DELETE', url: `/api/v2/calls/${a.callId}`, token })],
      ['GET phonebot', get(`/phonebots/${a.phonebotId}`, token)],
      ['GET vbot', get(`/vbot/${a.licenseKey}`, token)],
      [
        'PATCH phonebot',
        app.request({
          method: 'PATCH',
          url: `/api/v2/phonebots/${a.phonebotId}`,
          token,
          body: { data: { type: 'phonebots', id: a.phonebotId, attributes: { prompt: 'stolen' } } },
        }),
      ],
      ['DELETE phonebot', app.request({ method: 'DELETE', url: `/api/v2/phonebots/${a.phonebotId}`, token })],
      ['GET user', get(`/users/${a.userId}`, token)],
    ];
    for (const [name, answer] of checks) expect((await answer).status, name).toBe(404);
    const lists = await get('/calls', token);
    expect(lists.json.data.map((c: { id: string }) => c.id)).not.toContain(a.callId);
  });

  it('stops working at once when revoked, and only its company’s admin may revoke it', async () => {
    const key = await createKey(a.admin, ['calls:read']);
    const token = key.attributes.token;
    expect((await get('/calls', token)).status).toBe(200);
    const foreign = await app.request({ method: 'DELETE', url: `/api/v2/api-keys/${key.id}`, token: b.admin.token });
    expect(foreign.status).toBe(404);
    const revoked = await app.request({ method: 'DELETE', url: `/api/v2/api-keys/${key.id}`, token: a.admin.token });
    expect(revoked.status).toBe(204);
    expect((await get('/calls', token)).status).toBe(401);
    const audit = await app.db.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `api-keys/${key.id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((e) => e.action)).toEqual(['apiKey.created', 'apiKey.revoked']);
  });

  it('stops working when its creator is no longer an active admin', async () => {
    const creator = await app.signIn('admin', { customerId: a.admin.customerId! });
    const token = (await createKey(creator, ['calls:read'])).attributes.token;
    expect((await get('/calls', token)).status).toBe(200);
    await app.db.db.updateTable('users').set({ role: 'user' }).where('id', '=', creator.userId).execute();
    expect((await get('/calls', token)).status).toBe(401);
  });

  it('refuses bad input and callers other than company admins', async () => {
    const bad = async (attributes: Record<string, unknown>) =>
      app.request({
        method: 'POST',
        url: '/api/v2/api-keys',
        token: a.admin.token,
        body: { data: { type: 'api-keys', attributes } },
      });
    expect((await bad({ name: 'x', scopes: [] })).json.errors[0].code).toBe('apiKeyScopesRequired');
    expect((await bad({ name: 'x', scopes: ['calls:delete'] })).status).toBe(422);
    expect((await bad({ name: '', scopes: ['calls:read'] })).status).toBe(422);
    for (const role of ['adminuser', 'user', 'guest'] as const) {
      const caller = await app.signIn(role, { customerId: a.admin.customerId! });
      expect((await get('/api-keys', caller.token)).status, role).toBe(403);
    }
    expect((await get('/api-keys', (await app.signIn('super')).token)).status).toBe(403);
  });

  it('is rate limited per key', async () => {
    const one = (await createKey(a.admin, ['calls:read'])).attributes.token;
    const two = (await createKey(a.admin, ['calls:read'])).attributes.token;
    const answers = await Promise.all(Array.from({ length: 45 }, () => get('/getCategory', one)));
    const limited = answers.filter((r) => r.status === 429);
    expect(limited.length).toBe(5);
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get('/calls', two)).status).toBe(200);
  });
});
