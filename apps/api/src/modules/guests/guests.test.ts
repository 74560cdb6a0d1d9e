import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type TestApp, createTestApp } from '../../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

describe('guest administration: disable, enable, delete', () => {
  it('disables a guest (signed out, cannot log in), enables it again, then deletes it', async () => {
    const sup = await app.signIn('super');
    const owner = await app.signIn('admin');
    const guest = await app.signIn('guest', { customerId: owner.customerId! });

    const listed = await app.request({ method: 'GET', url: '/api/v2/guest', token: sup.token });
    const row = listed.json.data.find((u: { id: string }) => u.id === String(guest.userId));
    expect(row.attributes).toMatchObject({ status: 'Active', customer_id: owner.customerId });
    expect(row.attributes.customer_name).toMatch(/^Company \d+$/);

    const disabled = await app.request({
      method: 'PATCH',
      url: `/api/v2/disableUser/${guest.userId}`,
      token: sup.token,
    });
    expect(disabled.json.data.attributes.status).toBe('Inactive');
    expect((await app.request({ method: 'GET', url: '/api/v2/role', token: guest.token })).status).toBe(401);
    const login = await app.request({
      method: 'POST',
      url: '/api/v2/login',
      body: { email: guest.email, password: PASSWORD },
    });
    expect(login.json.errors[0].code).toBe('accountInactive');
    // Only the guest: its company keeps working.
    expect((await app.request({ method: 'GET', url: '/api/v2/role', token: owner.token })).status).toBe(200);

    await app.request({ method: 'PATCH', url: `/api/v2/enableUser/${guest.userId}`, token: sup.token });
    expect(
      (await app.request({ method: 'POST', url: '/api/v2/login', body: { email: guest.email, password: PASSWORD } }))
        .status,
    ).toBe(200);

    const deleted = await app.request({ method: 'DELETE', url: `/api/v2/guest/${guest.userId}`, token: sup.token });
    expect(deleted.status).toBe(204);
    expect((await app.request({ method: 'GET', url: `/api/v2/guest/${guest.userId}`, token: sup.token })).status).toBe(
      404,
    );
    expect((await app.request({ method: 'GET', url: '/api/v2/role', token: guest.token })).status).toBe(401);
    const audit = await app.db.db
      .selectFrom('audit_log')
      .select(['action', 'customer_id'])
      .where('target', '=', `user:${guest.userId}`)
      .where('action', '=', 'guest.delete')
      .executeTakeFirst();
    expect(audit).toEqual({ action: 'guest.delete', customer_id: owner.customerId });
    expect(
      (await app.request({ method: 'DELETE', url: `/api/v2/guest/${guest.userId}`, token: sup.token })).status,
    ).toBe(404);
  });

  it('deletes guests only: any other user, a super or a bad id answers 404 and stays', async () => {
    const sup = await app.signIn('super');
    const owner = await app.signIn('admin');
    const operator = await app.signIn('user', { customerId: owner.customerId! });
    for (const id of [owner.userId, operator.userId, sup.userId, 999_999, 'abc', 0]) {
      const res = await app.request({ method: 'DELETE', url: `/api/v2/guest/${id}`, token: sup.token });
      expect(res.status, String(id)).toBe(404);
      expect(res.json.errors[0].status).toBe('404');
    }
    const users = await app.db.db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [owner.userId, operator.userId, sup.userId])
      .execute();
    expect(users).toHaveLength(3);
  });

  it('refuses every role but the super, and keeps the guest', async () => {
    const owner = await app.signIn('admin');
    const guest = await app.signIn('guest', { customerId: owner.customerId! });
    for (const role of ['admin', 'adminuser', 'user', 'guest'] as const) {
      const { token } = await app.signIn(role, { customerId: owner.customerId! });
      expect((await app.request({ method: 'DELETE', url: `/api/v2/guest/${guest.userId}`, token })).status, role).toBe(
        403,
      );
    }
    expect((await app.request({ method: 'DELETE', url: `/api/v2/guest/${guest.userId}` })).status).toBe(401);
    expect((await app.request({ method: 'GET', url: '/api/v2/role', token: guest.token })).status).toBe(200);
  });
});
