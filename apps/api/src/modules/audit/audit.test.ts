import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';
import { deleteOldAuditEvents } from './audit.service';

let app: TestApp;
const API = '/api/v2';
let adminA: SignedIn;
let adminB: SignedIn;
let userA: SignedIn;
let superUser: SignedIn;

beforeAll(async () => {
  app = await createTestApp();
  adminA = await app.signIn('admin');
  adminB = await app.signIn('admin');
  userA = await app.signIn('user', { customerId: adminA.customerId! });
  superUser = await app.signIn('super');
  const patch = (token: string, city: string) =>
    app.request({
      method: 'PATCH',
      url: `${API}/profile`,
      token,
      body: { data: { type: 'profile', attributes: { city } } },
      remoteAddress: '10.3.3.3',
    });
  expect((await patch(adminA.token, 'Bonn')).status).toBe(200);
  expect((await patch(adminB.token, 'Köln')).status).toBe(200);
  const sessions = await app.request({ method: 'DELETE', url: `${API}/me/sessions`, token: userA.token });
  expect(sessions.status).toBe(200);
});
afterAll(async () => {
  await app?.stop();
});

const get = (token: string, query = '') => app.request({ method: 'GET', url: `${API}/audit-events${query}`, token });
type Row = { attributes: Record<string, unknown> };

describe('the audit log', () => {
  it('shows company admins their company’s entries with who, what, object, when and from where', async () => {
    const res = await get(adminA.token);
    expect(res.status).toBe(200);
    const rows = res.json.data as Row[];
    expect(rows.every((row) => row.attributes.customer_id === adminA.customerId)).toBe(true);
    const update = rows.find((row) => row.attributes.action === 'company.update')!;
    expect(update.attributes).toMatchObject({
      actor_user_id: adminA.userId,
      actor_email: adminA.email,
      ip: '10.3.3.3',
      customer_id: adminA.customerId,
    });
    expect(typeof update.attributes.created_at).toBe('string');
    expect(rows.some((row) => row.attributes.action === 'session.end_others')).toBe(true);
    expect(res.json.meta.total).toBe(rows.length);
  });

  it('shows the super every company’s entries', async () => {
    const rows = (await get(superUser.token, '?per_page=all')).json.data as Row[];
    const companies = new Set(rows.map((row) => row.attributes.customer_id));
    expect(companies.has(adminA.customerId)).toBe(true);
    expect(companies.has(adminB.customerId)).toBe(true);
    expect(rows.find((row) => row.attributes.customer_id === adminB.customerId)?.attributes.company_name).toEqual(
      expect.any(String),
    );
  });

  it('filters by user, action (exact or a prefix) and day', async () => {
    const byUser = (await get(adminA.token, `?user=${userA.userId}`)).json.data as Row[];
    expect(byUser.map((row) => row.attributes.action)).toEqual(['session.end_others']);
    const exact = (await get(adminA.token, '?filter[action]=company.update')).json.data as Row[];
    expect(exact).toHaveLength(1);
    const prefix = (await get(adminA.token, '?action=session.')).json.data as Row[];
    expect(prefix).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    expect(((await get(adminA.token, `?from=${today}&to=${today}`)).json.data as Row[]).length).toBeGreaterThan(0);
    expect((await get(adminA.token, '?from=2999-01-01')).json.data).toEqual([]);
    expect((await get(adminA.token, '?to=2000-01-01')).json.data).toEqual([]);
    // Another company's user filters to nothing; bad filters are a 400.
    expect((await get(adminA.token, `?user=${adminB.userId}`)).json.data).toEqual([]);
    expect((await get(adminA.token, '?from=2026-02-30')).status).toBe(400);
    expect((await get(adminA.token, '?action=DROP TABLE')).status).toBe(400);
  });

  it('exports the selected entries as CSV', async () => {
    const res = await app.request({
      method: 'GET',
      url: `${API}/audit-events/export?action=company.update`,
      token: adminA.token,
    });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Action');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('company.update');
    expect(lines[1]).toContain(adminA.email);
  });

  it('cannot be read by other roles, nor changed or deleted by anyone', async () => {
    expect((await get(userA.token)).status).toBe(403);
    const adminuser = await app.signIn('adminuser', { customerId: adminA.customerId! });
    expect((await get(adminuser.token)).status).toBe(403);
    const id = ((await get(superUser.token)).json.data as { id: string }[])[0]!.id;
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      const res = await app.request({
        method,
        url: `${API}/audit-events/${id}`,
        token: superUser.token,
        body: method === 'DELETE' ? undefined : { data: { type: 'audit-events', id, attributes: { action: 'x' } } },
      });
      expect(res.status).toBe(404);
    }
    const before = await app.db.db
      .selectFrom('audit_log')
      .select('action')
      .where('id', '=', Number(id))
      .executeTakeFirst();
    expect(before?.action).toBeDefined();
  });

  it('keeps entries for the audit retention, which must outlast the calls', async () => {
    const old = new Date(Date.now() - 800 * 24 * 3600 * 1000).toISOString();
    await app.db.db
      .insertInto('audit_log')
      .values({
        actor_user_id: null,
        customer_id: null,
        action: 'test.old',
        target: null,
        ip: null,
        detail: null,
        created_at: old,
      })
      .execute();
    expect(await deleteOldAuditEvents(app.db.db, 730)).toBe(1);
    const left = await app.db.db.selectFrom('audit_log').select('id').where('action', '=', 'test.old').execute();
    expect(left).toEqual([]);
    expect((await get(adminA.token)).json.data.length).toBeGreaterThan(0);
    expect(loadConfig({ DATA_DIR: '/tmp' }).auditRetentionDays).toBe(730);
    expect(() => loadConfig({ DATA_DIR: '/tmp', CALL_RETENTION_DAYS: '30', AUDIT_RETENTION_DAYS: '30' })).toThrow(
      /AUDIT_RETENTION_DAYS/,
    );
  });
});
