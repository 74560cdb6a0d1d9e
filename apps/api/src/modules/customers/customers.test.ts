import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

describe('customers for the super', () => {
  it('lists customers by their owner with search and paging', async () => {
    const sup = await app.signIn('super');
    const a = await app.signIn('admin', { email: 'alpha-owner@example.com' });
    await app.signIn('admin', { customerId: a.customerId!, email: 'alpha-second@example.com' });
    await app.signIn('admin', { email: 'beta-owner@example.com' });

    const all = await app.request({ method: 'GET', url: '/api/v2/customers?per_page=all', token: sup.token });
    expect(all.status).toBe(200);
    expect(all.json.meta.total).toBe(2);
    const alpha = all.json.data.find(
      (c: { attributes: { email: string } }) => c.attributes.email === 'alpha-owner@example.com',
    );
    expect(alpha.id).toBe(String(a.userId));
    expect(alpha.attributes.customer_number).toBe(a.customerId);

    const search = await app.request({ method: 'GET', url: '/api/v2/customers?search=BETA', token: sup.token });
    expect(search.json.data.map((c: { attributes: { email: string } }) => c.attributes.email)).toEqual([
      'beta-owner@example.com',
    ]);

    const page2 = await app.request({
      method: 'GET',
      url: '/api/v2/customers?per_page=1&page=2&sort=email',
      token: sup.token,
    });
    expect(page2.json.data).toHaveLength(1);
    expect(page2.json.data[0].attributes.email).toBe('beta-owner@example.com');
    expect(page2.json.meta).toEqual({ total: 2, page: 2, per_page: 1 });

    // Bad list parameters answer 400, naming each parameter.
    const odd = await app.request({
      method: 'GET',
      url: '/api/v2/customers?page=-3&per_page=abc&sort=;drop',
      token: sup.token,
    });
    expect(odd.status).toBe(400);
    expect(odd.json.errors.map((e: { source: { parameter: string } }) => e.source.parameter).sort()).toEqual([
      'page',
      'per_page',
      'sort',
    ]);
  });

  it('enables a guest without enabling its customer, and answers 404 for unknown or super ids', async () => {
    const sup = await app.signIn('super');
    const owner = await app.signIn('admin');
    await app.db.db.updateTable('customers').set({ status: 'Inactive' }).where('id', '=', owner.customerId).execute();
    const guest = await app.signIn('guest', { customerId: owner.customerId!, status: 'Inactive' });
    const res = await app.request({ method: 'PATCH', url: `/api/v2/enableUser/${guest.userId}`, token: sup.token });
    expect(res.status).toBe(200);
    const customer = await app.db.db
      .selectFrom('customers')
      .select('status')
      .where('id', '=', owner.customerId)
      .executeTakeFirstOrThrow();
    expect(customer.status).toBe('Inactive');

    for (const id of ['999999', String(sup.userId), 'abc', '-1']) {
      const missing = await app.request({ method: 'PATCH', url: `/api/v2/enableUser/${id}`, token: sup.token });
      expect(missing.status, id).toBe(404);
    }
  });
});
