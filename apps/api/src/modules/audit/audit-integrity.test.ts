import { API_KEY_PREFIX } from '@phonebot/shared/api-keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/app';
import { liveCompany } from '../../../test/live';
import { refusalRecorder } from '../../lib/audit';
import { randomToken, tokenHash } from '../../lib/crypto';
import { Limiter } from '../../lib/rate-limit';
import { memoryStore } from '../../lib/rate-limit-stores';
import { tooManyRequests } from '../../app';

let app: TestApp;
const API = '/api/v2';

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const entries = (action: string, where: { actor?: number; target?: string } = {}) => {
  let query = app.db.db.selectFrom('audit_log').selectAll().where('action', '=', action);
  if (where.actor !== undefined) query = query.where('actor_user_id', '=', where.actor);
  if (where.target !== undefined) query = query.where('target', '=', where.target);
  return query.orderBy('id').execute();
};

describe('audit entries', () => {
  it('name no one as the actor of a failed sign-in: whoever typed the address is not its owner', async () => {
    const admin = await app.signIn('admin');
    const victim = await app.signIn('user', { customerId: admin.customerId! });
    const failed = await app.request({
      method: 'POST',
      url: `${API}/login`,
      body: { email: victim.email, password: 'not-the-password' },
      remoteAddress: '10.40.0.1',
    });
    expect(failed.status).toBe(401);
    // The entry is about the account (its target), made by no known user.
    const rows = await entries('login.failed', { target: `user:${victim.userId}` });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_user_id: null, customer_id: admin.customerId, ip: '10.40.0.1' });
    // Nothing in the log is the victim's own doing but what the victim did.
    const byVictim = await app.request({
      method: 'GET',
      url: `${API}/audit-events?user=${victim.userId}`,
      token: admin.token,
    });
    expect(byVictim.status).toBe(200);
    expect(byVictim.json.data).toEqual([]);
  });

  it('of an API key’s refusal name the key, not only the admin who created it', async () => {
    const admin = await app.signIn('admin');
    // A key as POST /api-keys creates it (written here directly: only its use is under test).
    const token = API_KEY_PREFIX + randomToken();
    const key = await app.db.db
      .insertInto('api_keys')
      .values({
        customer_id: admin.customerId!,
        created_by: admin.userId,
        name: 'script',
        scopes: JSON.stringify(['calls:read']),
        token_hash: tokenHash(token),
        token_start: token.slice(0, API_KEY_PREFIX.length + 6),
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await app.request({ method: 'GET', url: `${API}/phonebots`, token });
    expect(refused.status).toBe(403);
    const rows = await entries('permission.refused', { actor: admin.userId });
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.detail ?? '{}')).toEqual({ api_key_id: key.id });
  });

  it('of a change made with an API key name the key beside the admin who created it', async () => {
    const company = await liveCompany(app);
    const admin = company.owner;
    const token = API_KEY_PREFIX + randomToken();
    const key = await app.db.db
      .insertInto('api_keys')
      .values({
        customer_id: admin.customerId!,
        created_by: admin.userId,
        name: 'script',
        scopes: JSON.stringify(['phonebots:read', 'phonebots:write']),
        token_hash: tokenHash(token),
        token_start: token.slice(0, API_KEY_PREFIX.length + 6),
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A phonebot's id in the resource routes is its license key.
    const path = `${API}/phonebots/${company.licenseKey}`;
    const renamed = await app.request({
      method: 'PATCH',
      url: path,
      token,
      body: {
        data: { type: 'phonebots', id: company.licenseKey, attributes: { bezeichnung: 'Renamed by a script' } },
      },
    });
    expect(renamed.status, renamed.body).toBe(200);
    const byKey = await app.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('actor_user_id', '=', admin.userId)
      .where('target', '=', `phonebot:${company.licenseKey}`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(byKey.detail ?? '{}')).toMatchObject({ api_key_id: key.id });
    // The admin's own change names no key.
    const own = await app.request({
      method: 'PATCH',
      url: path,
      token: admin.token,
      body: { data: { type: 'phonebots', id: company.licenseKey, attributes: { bezeichnung: 'Renamed by hand' } } },
    });
    expect(own.status, own.body).toBe(200);
    const byHand = await app.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('actor_user_id', '=', admin.userId)
      .where('target', '=', `phonebot:${company.licenseKey}`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(byHand.id).not.toBe(byKey.id);
    expect(JSON.parse(byHand.detail ?? '{}')).not.toHaveProperty('api_key_id');
  });
});

describe('permission.refused entries', () => {
  it('are recorded at most 10 a minute per user and route, so a flood cannot fill the log', async () => {
    const user = await app.signIn('user');
    const refused = async (url: string) =>
      (await app.request({ method: 'GET', url: `${API}${url}`, token: user.token })).status;
    for (let i = 0; i < 30; i++) expect(await refused('/customers')).toBe(403);
    const flood = await entries('permission.refused', { actor: user.userId, target: 'GET /customers' });
    expect(flood).toHaveLength(10);
    // The last one says that further refusals of the minute are counted, not recorded.
    expect(JSON.parse(flood[9]!.detail ?? '{}')).toEqual({ recording_paused_s: expect.any(Number) });
    // Another route of the same user is recorded on its own.
    expect(await refused('/usage')).toBe(403);
    expect(await entries('permission.refused', { actor: user.userId, target: 'GET /usage' })).toHaveLength(1);
  });

  it('not recorded are counted, and the count is written when the window ends', async () => {
    const user = await app.signIn('user');
    const limiter = new Limiter(memoryStore(), tooManyRequests);
    const record = refusalRecorder(app.db.db, limiter, { name: 'refusal-log-test', max: 3, windowMs: 400 });
    const req = { ip: '10.40.1.1' } as Parameters<typeof record>[0];
    const principal = { userId: user.userId, role: 'user' as const, customerId: user.customerId, tokenId: 1 };
    const contract = { method: 'GET', path: '/usage' } as Parameters<typeof record>[2];
    try {
      for (let i = 0; i < 20; i++) await record(req, principal, contract);
      expect(await entries('permission.refused', { actor: user.userId })).toHaveLength(3);
      await new Promise((resolve) => setTimeout(resolve, 800));
      const rows = await entries('permission.refused', { actor: user.userId });
      expect(rows).toHaveLength(4);
      expect(rows[3]).toMatchObject({ target: 'GET /usage', ip: '10.40.1.1', customer_id: user.customerId });
      expect(JSON.parse(rows[3]!.detail ?? '{}')).toEqual({ not_recorded: 17 });
      // The next window records again.
      await record(req, principal, contract);
      expect(await entries('permission.refused', { actor: user.userId })).toHaveLength(5);
    } finally {
      await limiter.close();
    }
  });
});
