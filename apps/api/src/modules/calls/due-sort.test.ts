import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const HOUR = 3_600_000;
const get = (url: string, token: string) => app.request({ method: 'GET', url: `/api/v2${url}`, token });
const order = (res: { json: { data: { id: string }[] } }) => res.json.data.map((c) => Number(c.id));

/** A company with calls whose deadlines are set: overdue, soon, later, none, and a completed one long past. */
async function company() {
  const admin = await app.signIn('admin');
  const created = await app.request({
    method: 'POST',
    url: '/api/v2/vbot',
    token: admin.token,
    body: { data: { type: 'vbots', attributes: { bezeichnung: 'Empfang' } } },
  });
  const licenseKey = created.json.meta.license_Key as string;
  const ids: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const res = await app.request({
      method: 'POST',
      url: '/api/v2/calls',
      token: admin.token,
      body: { data: { type: 'calls', attributes: { phonebot: licenseKey, caller_number: `+49301000${i}` } } },
    });
    expect(res.status, res.body).toBe(201);
    ids.push(Number(res.json.data.id));
  }
  const [later, none, overdue, completed, soon] = ids as [number, number, number, number, number];
  const now = Date.now();
  const due = async (id: number, at: number | null, status?: string) => {
    await app.db.db
      .updateTable('calls')
      .set({ callback_due_at: at === null ? null : new Date(at).toISOString(), ...(status ? { status } : {}) })
      .where('id', '=', id)
      .execute();
  };
  await due(later, now + 48 * HOUR);
  await due(none, null);
  await due(overdue, now - 2 * HOUR);
  await due(completed, now - 72 * HOUR, 'Completed');
  await due(soon, now + HOUR);
  return { admin, licenseKey, later, none, overdue, completed, soon };
}

describe('sort=due', () => {
  let c: Awaited<ReturnType<typeof company>>;
  let operator: SignedIn;
  beforeAll(async () => {
    c = await company();
    operator = await app.signIn('user', { customerId: c.admin.customerId! });
  });

  it('lists overdue calls first, then the soonest due, completed calls after open ones and calls without a deadline last', async () => {
    const res = await get('/calls?sort=due', operator.token);
    expect(res.status, res.body).toBe(200);
    expect(order(res)).toEqual([c.overdue, c.soon, c.later, c.completed, c.none]);
    const reverse = await get('/calls?sort=-due', operator.token);
    expect(order(reverse)).toEqual([c.later, c.soon, c.overdue, c.completed, c.none]);
  });

  it('is the default of the open views when no sort and no q is given', async () => {
    const open = [c.overdue, c.soon, c.later, c.none];
    expect(order(await get('/calls?filter[view]=open', operator.token))).toEqual(open);
    expect(order(await get('/callsview', operator.token))).toEqual(open);
    expect(order(await get('/newcalls', operator.token))).toEqual(open);
    expect(order(await get('/calls?filter[status]=New', operator.token))).toEqual(open);
    // Other lists stay newest first, and a sort asked for wins.
    const all = await get('/calls', operator.token);
    expect(order(all)).toEqual([c.soon, c.completed, c.overdue, c.none, c.later]);
    expect(order(await get('/callsview?sort=-created_at', operator.token))).toEqual([
      c.soon,
      c.overdue,
      c.none,
      c.later,
    ]);
  });

  it('leaves the call search its order by relevance', async () => {
    const res = await get('/calls?filter[view]=open&filter[q]=%2B493010002', operator.token);
    expect(res.status, res.body).toBe(200);
    expect(order(res)).toEqual([c.overdue]);
  });

  it('is offered to every role that reads calls and to API keys with calls:read; another spelling answers 400', async () => {
    const guest = await app.signIn('guest', { customerId: c.admin.customerId! });
    for (const token of [c.admin.token, guest.token]) {
      expect(order(await get('/calls?sort=due', token))).toEqual([c.overdue, c.soon, c.later, c.completed, c.none]);
    }
    const key = await app.request({
      method: 'POST',
      url: '/api/v2/api-keys',
      token: c.admin.token,
      body: { data: { type: 'api-keys', attributes: { name: 'Due list', scopes: ['calls:read'] } } },
    });
    expect(key.status, key.body).toBe(201);
    const byKey = await get('/calls?filter[view]=open', key.json.data.attributes.token as string);
    expect(order(byKey)).toEqual([c.overdue, c.soon, c.later, c.none]);
    // Another company sees none of these calls in its due order.
    const other = await app.signIn('admin');
    expect(order(await get('/calls?sort=due', other.token))).toEqual([]);
    const bad = await get('/calls?sort=dues', operator.token);
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].source).toEqual({ parameter: 'sort' });
  });
});
