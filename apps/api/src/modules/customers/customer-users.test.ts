import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

describe('a customer’s users for the super', () => {
  it('lists them with their role and second factor, searchable; only the super; unknown owners 404', async () => {
    const owner = await app.signIn('admin', { email: 'owner-cu@example.com' });
    const operator = await app.signIn('user', { customerId: owner.customerId!, email: 'ops-cu@example.com' });
    await app.signIn('guest', { customerId: owner.customerId!, email: 'guest-cu@example.com' });
    const stranger = await app.signIn('admin');
    await app.db.db
      .insertInto('two_factor')
      .values({
        user_id: operator.userId,
        secret_enc: 'sealed',
        pending_enc: null,
        enabled_at: new Date().toISOString(),
        last_step: null,
      })
      .execute();
    const superToken = (await app.signIn('super')).token;
    const list = (token: string, query = '', id = owner.userId) =>
      app.request({ method: 'GET', url: `/api/v2/customers/${id}/users${query}`, token });

    const all = await list(superToken);
    expect(all.status).toBe(200);
    expect(all.json.meta.total).toBe(3);
    const byEmail = Object.fromEntries(
      all.json.data.map((u: { attributes: { email: string } }) => [u.attributes.email, u.attributes]),
    );
    expect(byEmail['ops-cu@example.com']).toMatchObject({ role: 'user', status: 'Active', mfa_enabled: true });
    expect(byEmail['owner-cu@example.com']).toMatchObject({ role: 'admin', mfa_enabled: false });
    expect(all.body).not.toContain(stranger.email);

    const found = await list(superToken, '?search=OPS-CU');
    expect(found.json.data.map((u: { id: string }) => u.id)).toEqual([String(operator.userId)]);
    expect((await list(superToken, '?search=%25')).json.meta.total).toBe(0);
    expect((await list(superToken, '?search=_')).json.meta.total).toBe(0);

    for (const token of [owner.token, operator.token, stranger.token]) expect((await list(token)).status).toBe(403);
    expect((await list(superToken, '', operator.userId)).status).toBe(404);
    expect((await list(superToken, '', 999999)).status).toBe(404);
  });
});
