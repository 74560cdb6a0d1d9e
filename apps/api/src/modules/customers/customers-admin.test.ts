import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type TestApp, createTestApp } from '../../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const doc = (attributes: Record<string, unknown>) => ({ data: { type: 'customers', attributes } });

async function companyWithBot() {
  const owner = await app.signIn('admin');
  const operator = await app.signIn('user', { customerId: owner.customerId! });
  const bot = await app.request({
    method: 'POST',
    url: '/api/v2/vbot',
    token: owner.token,
    body: { data: { type: 'vbots', attributes: { bezeichnung: 'Bot' } } },
  });
  await app.db.db
    .updateTable('phonebots')
    .set({ payment_status: 1 })
    .where('license_key', '=', bot.json.meta.license_Key)
    .execute();
  return { owner, operator, botToken: bot.json.meta.bot_token as string };
}

describe('customer administration (super)', () => {
  it('edits a customer’s company fields with docs/product.md §7 rules, keeping the e-mail', async () => {
    const sup = await app.signIn('super');
    const { owner } = await companyWithBot();
    const res = await app.request({
      method: 'PATCH',
      url: `/api/v2/customer/${owner.userId}`,
      token: sup.token,
      body: doc({ name: 'Erika Muster', company_name: 'Muster AG', city: 'Köln', email: 'changed@example.com' }),
    });
    expect(res.status).toBe(200);
    expect(res.json.data.attributes).toMatchObject({
      name: 'Erika Muster',
      company_name: 'Muster AG',
      city: 'Köln',
      email: owner.email,
    });
    const missing = await app.request({
      method: 'PATCH',
      url: `/api/v2/customer/${owner.userId}`,
      token: sup.token,
      body: doc({ company_name: ' ', name: '' }),
    });
    expect(missing.status).toBe(422);
    expect(missing.json.errors.map((e: { detail: string }) => e.detail).sort()).toEqual([
      'Name is a required input',
      'Username is a required input',
    ]);
    const operator = await app.signIn('user', { customerId: owner.customerId! });
    expect(
      (
        await app.request({
          method: 'PATCH',
          url: `/api/v2/customer/${operator.userId}`,
          token: sup.token,
          body: doc({ city: 'x' }),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await app.request({
          method: 'PATCH',
          url: `/api/v2/customer/${owner.userId}`,
          token: owner.token,
          body: doc({ city: 'x' }),
        })
      ).status,
    ).toBe(403);
  });

  it('disables a customer: its users are signed out and its phonebots are not served; enabling restores', async () => {
    const sup = await app.signIn('super');
    const { owner, operator, botToken } = await companyWithBot();
    expect((await app.request({ method: 'GET', url: '/api/v2/bot/config', token: botToken })).status).toBe(200);
    const disabled = await app.request({
      method: 'PATCH',
      url: `/api/v2/disableUser/${owner.userId}`,
      token: sup.token,
    });
    expect(disabled.status).toBe(200);
    for (const token of [owner.token, operator.token])
      expect((await app.request({ method: 'GET', url: '/api/v2/me', token })).status).toBe(401);
    expect((await app.request({ method: 'GET', url: '/api/v2/bot/config', token: botToken })).status).toBe(403);
    expect(
      (await app.request({ method: 'POST', url: '/api/v2/login', body: { email: operator.email, password: PASSWORD } }))
        .json.errors[0].code,
    ).toBe('accountInactive');

    expect(
      (await app.request({ method: 'PATCH', url: `/api/v2/enableUser/${owner.userId}`, token: sup.token })).status,
    ).toBe(200);
    expect((await app.request({ method: 'GET', url: '/api/v2/bot/config', token: botToken })).status).toBe(200);
    expect(
      (await app.request({ method: 'POST', url: '/api/v2/login', body: { email: operator.email, password: PASSWORD } }))
        .status,
    ).toBe(200);
  });

  it('deletes a customer with its users, phonebots and calls but keeps its monthly counts', async () => {
    const sup = await app.signIn('super');
    const { owner, botToken } = await companyWithBot();
    expect(
      (
        await app.request({
          method: 'POST',
          url: '/api/v2/bot/calls',
          token: botToken,
          headers: { 'idempotency-key': 'c1' },
          body: { caller_number: '+49', response: [] },
        })
      ).status,
    ).toBe(201);
    expect(
      (await app.request({ method: 'DELETE', url: `/api/v2/customer/${owner.userId}`, token: sup.token })).status,
    ).toBe(204);
    const left = await Promise.all([
      app.db.db.selectFrom('users').select('id').where('customer_id', '=', owner.customerId!).execute(),
      app.db.db.selectFrom('phonebots').select('id').where('customer_id', '=', owner.customerId!).execute(),
      app.db.db.selectFrom('calls').select('id').where('customer_id', '=', owner.customerId!).execute(),
    ]);
    expect(left.map((rows) => rows.length)).toEqual([0, 0, 0]);
    const counts = await app.request({ method: 'GET', url: '/api/v2/fetchCallsCount', token: sup.token });
    expect(
      counts.json.data.some((r: { attributes: { number_of_calls: number } }) => r.attributes.number_of_calls === 1),
    ).toBe(true);
    expect((await app.request({ method: 'GET', url: '/api/v2/bot/config', token: botToken })).status).toBe(401);
  });
});

describe('guest administration (super)', () => {
  it('adds a guest, generates and sets passwords that work at login, and signs the guest out', async () => {
    const sup = await app.signIn('super');
    const { owner } = await companyWithBot();
    const added = await app.request({
      method: 'POST',
      url: '/api/v2/guest',
      token: sup.token,
      body: { customer_id: owner.userId, name: 'Gast', email: 'Gast@Example.com' },
    });
    expect(added.status).toBe(201);
    expect(added.json.data.attributes).toMatchObject({
      email: 'gast@example.com',
      status: 'Active',
      customer_id: owner.customerId,
    });
    const firstPassword = added.json.meta.password as string;
    expect(firstPassword.length).toBeGreaterThanOrEqual(16);
    const login = await app.request({
      method: 'POST',
      url: '/api/v2/login',
      body: { email: 'gast@example.com', password: firstPassword },
    });
    expect(login.status).toBe(200);
    expect(
      (await app.request({ method: 'GET', url: '/api/v2/role', token: login.json.meta.access_token })).json.meta.role,
    ).toBe('guest');

    const generated = await app.request({ method: 'POST', url: '/api/v2/guest/create-password', token: sup.token });
    expect(generated.json.meta.password.length).toBeGreaterThanOrEqual(16);
    const guestId = added.json.data.id;
    const updated = await app.request({
      method: 'PATCH',
      url: `/api/v2/guest/update-password/${guestId}`,
      token: sup.token,
      body: { password: generated.json.meta.password },
    });
    expect(updated.status).toBe(200);
    expect(
      (await app.request({ method: 'GET', url: '/api/v2/role', token: login.json.meta.access_token })).status,
    ).toBe(401);
    expect(
      (
        await app.request({
          method: 'POST',
          url: '/api/v2/login',
          body: { email: 'gast@example.com', password: generated.json.meta.password },
        })
      ).status,
    ).toBe(200);

    const list = await app.request({ method: 'GET', url: '/api/v2/guest', token: sup.token });
    const ofType = (type: string) => list.json.data.filter((r: { type: string }) => r.type === type);
    expect(ofType('users').map((u: { id: string }) => u.id)).toContain(guestId);
    expect(ofType('vbots').length).toBeGreaterThan(0);
    expect(
      (await app.request({ method: 'GET', url: `/api/v2/guest/${guestId}`, token: sup.token })).json.data.attributes
        .name,
    ).toBe('Gast');
    // Only guests: an admin's id is not a guest.
    expect(
      (
        await app.request({
          method: 'PATCH',
          url: `/api/v2/guest/update-password/${owner.userId}`,
          token: sup.token,
          body: { password: 'x'.repeat(12) },
        })
      ).status,
    ).toBe(404);
    const empty = await app.request({
      method: 'PATCH',
      url: `/api/v2/guest/update-password/${guestId}`,
      token: sup.token,
      body: { password: '' },
    });
    expect(empty.json.errors[0].detail).toBe('password is a required input');
    expect(
      (
        await app.request({
          method: 'POST',
          url: '/api/v2/guest',
          token: sup.token,
          body: { customer_id: owner.userId, name: 'Again', email: 'gast@example.com' },
        })
      ).status,
    ).toBe(409);
    for (const role of ['admin', 'adminuser', 'user', 'guest'] as const) {
      const { token } = await app.signIn(role);
      expect((await app.request({ method: 'GET', url: '/api/v2/guest', token })).status, role).toBe(403);
    }
  });
});

describe('calls history (super)', () => {
  it('reads the monthly counts of a month', async () => {
    const sup = await app.signIn('super');
    const { owner, botToken } = await companyWithBot();
    await app.db.db
      .updateTable('customers')
      .set({ company_name: 'History GmbH' })
      .where('id', '=', owner.customerId!)
      .execute();
    for (const key of ['h1', 'h2', 'h3']) {
      await app.request({
        method: 'POST',
        url: '/api/v2/bot/calls',
        token: botToken,
        headers: { 'idempotency-key': key },
        body: { caller_number: '+49', response: [] },
      });
    }
    const now = new Date();
    const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
    const res = await app.request({ method: 'GET', url: `/api/v2/fetchCallsCount?month=${month}`, token: sup.token });
    expect(res.json.meta.month).toBe(month);
    expect(res.json.data.map((r: { attributes: unknown }) => r.attributes)).toContainEqual(
      expect.objectContaining({ name: 'History GmbH', phonebot: 'Bot', number_of_calls: 3 }),
    );
    const empty = await app.request({ method: 'GET', url: '/api/v2/fetchCallsCount?month=2001-01', token: sup.token });
    expect(empty.json.data).toEqual([]);
    const garbage = await app.request({
      method: 'GET',
      url: '/api/v2/fetchCallsCount?month=garbage',
      token: sup.token,
    });
    expect(garbage.status).toBe(400);
    expect(garbage.json.errors[0].source.parameter).toBe('month');
    expect((await app.request({ method: 'GET', url: '/api/v2/fetchCallsCount', token: owner.token })).status).toBe(403);
  });
});
