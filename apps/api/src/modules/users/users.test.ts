import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/app';
import { linkIn, startSmtp } from '../../../test/smtp';

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  app = await createTestApp({}, { SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app?.stop();
  await smtp?.close();
});

const doc = (attributes: Record<string, unknown>) => ({ data: { type: 'users', attributes } });

describe('users of a company', () => {
  it('invites an operator who sets a password from the mail and signs in with role user', async () => {
    const admin = await app.signIn('admin');
    const created = await app.request({
      method: 'POST',
      url: '/api/v2/user',
      token: admin.token,
      body: doc({ email: 'New.Op@example.com', fname: 'Nina', lname: 'Operator' }),
    });
    expect(created.status).toBe(201);
    expect(created.json.data.attributes).toMatchObject({
      name: 'Nina Operator',
      email: 'new.op@example.com',
      role: 'user',
      status: 'Active',
      customer_id: admin.customerId,
    });

    const mail = await smtp.waitFor('new.op@example.com', 'invited');
    const link = new URL(linkIn(mail, 'http://portal.test/password-reset'));
    const password = 'operator-password-1';
    const set = await app.request({
      method: 'POST',
      url: '/api/v2/password-reset',
      body: {
        email: link.searchParams.get('email'),
        token: link.searchParams.get('token'),
        password,
        password_confirmation: password,
      },
    });
    expect(set.status).toBe(200);
    const login = await app.request({
      method: 'POST',
      url: '/api/v2/login',
      body: { email: 'new.op@example.com', password },
    });
    expect(login.status).toBe(200);
    const role = await app.request({ method: 'GET', url: '/api/v2/role', token: login.json.meta.access_token });
    expect(role.json.meta.role).toBe('user');

    const list = await app.request({ method: 'GET', url: '/api/v2/user', token: admin.token });
    expect(list.json.data.map((u: { attributes: { email: string } }) => u.attributes.email)).toEqual([
      admin.email,
      'new.op@example.com',
    ]);
  });

  it('answers a taken e-mail with 409 and the field', async () => {
    const admin = await app.signIn('admin');
    const res = await app.request({
      method: 'POST',
      url: '/api/v2/user',
      token: admin.token,
      body: doc({ email: admin.email, fname: 'A', lname: 'B' }),
    });
    expect(res.status).toBe(409);
    expect(res.json.errors[0]).toMatchObject({
      code: 'emailExists',
      detail: 'Email Already Exists!',
      source: { pointer: '/data/attributes/email' },
    });
    const invalid = await app.request({
      method: 'POST',
      url: '/api/v2/user',
      token: admin.token,
      body: doc({ email: 'x', fname: '', lname: ' ' }),
    });
    expect(invalid.status).toBe(422);
    expect(
      invalid.json.errors.map((e: { source: { pointer: string }; code: string }) => [e.source.pointer, e.code]),
    ).toEqual([
      ['/data/attributes/email', 'emailInvalid'],
      ['/data/attributes/fname', 'firstNameRequired'],
      ['/data/attributes/lname', 'lastNameRequired'],
    ]);
    const wrongType = await app.request({
      method: 'POST',
      url: '/api/v2/user',
      token: admin.token,
      body: { data: { type: 'vbots', attributes: { email: 'z@example.com', fname: 'A', lname: 'B' } } },
    });
    expect(wrongType.status).toBe(409);
    expect(wrongType.json.errors[0].source.pointer).toBe('/data/type');
  });

  it('updates name, e-mail and role partially, and refuses to leave a company without an admin', async () => {
    const admin = await app.signIn('admin');
    const op = await app.signIn('user', { customerId: admin.customerId! });
    const promoted = await app.request({
      method: 'PATCH',
      url: `/api/v2/user/${op.userId}`,
      token: admin.token,
      body: doc({ role: 'adminuser' }),
    });
    expect(promoted.status).toBe(200);
    expect(promoted.json.data.attributes).toMatchObject({ role: 'adminuser', email: op.email });
    const renamed = await app.request({
      method: 'PATCH',
      url: `/api/v2/user/${op.userId}`,
      token: admin.token,
      body: doc({ name: 'Renamed', email: 'renamed@example.com' }),
    });
    expect(renamed.json.data.attributes).toMatchObject({
      name: 'Renamed',
      email: 'renamed@example.com',
      role: 'adminuser',
    });
    const badRole = await app.request({
      method: 'PATCH',
      url: `/api/v2/user/${op.userId}`,
      token: admin.token,
      body: doc({ role: 'super' }),
    });
    expect(badRole.status).toBe(422);
    expect(badRole.json.errors[0].code).toBe('roleRequired');

    const demoteSelf = await app.request({
      method: 'PATCH',
      url: `/api/v2/user/${admin.userId}`,
      token: admin.token,
      body: doc({ role: 'user' }),
    });
    expect(demoteSelf.status).toBe(409);
    expect(demoteSelf.json.errors[0].code).toBe('lastAdmin');
    expect(
      (await app.request({ method: 'DELETE', url: `/api/v2/user/${admin.userId}`, token: admin.token })).status,
    ).toBe(409);

    const second = await app.signIn('admin', { customerId: admin.customerId! });
    expect(
      (await app.request({ method: 'DELETE', url: `/api/v2/user/${admin.userId}`, token: second.token })).status,
    ).toBe(204);
    expect((await app.request({ method: 'GET', url: '/api/v2/role', token: admin.token })).status).toBe(401);
  });

  it('signs a deleted user out at once', async () => {
    const admin = await app.signIn('admin');
    const op = await app.signIn('user', { customerId: admin.customerId! });
    expect((await app.request({ method: 'GET', url: '/api/v2/me', token: op.token })).status).toBe(200);
    expect((await app.request({ method: 'DELETE', url: `/api/v2/user/${op.userId}`, token: admin.token })).status).toBe(
      204,
    );
    expect((await app.request({ method: 'GET', url: '/api/v2/me', token: op.token })).status).toBe(401);
    expect((await app.request({ method: 'GET', url: `/api/v2/user/${op.userId}`, token: admin.token })).status).toBe(
      404,
    );
  });

  it("answers 404 for another company's users and guests, and changes nothing", async () => {
    const admin = await app.signIn('admin');
    const guest = await app.signIn('guest', { customerId: admin.customerId! });
    const other = await app.signIn('admin');
    const foreignUser = await app.signIn('user', { customerId: other.customerId! });
    for (const id of [foreignUser.userId, other.userId, guest.userId]) {
      expect((await app.request({ method: 'GET', url: `/api/v2/user/${id}`, token: admin.token })).status).toBe(404);
      expect(
        (
          await app.request({
            method: 'PATCH',
            url: `/api/v2/user/${id}`,
            token: admin.token,
            body: doc({ name: 'Hacked' }),
          })
        ).status,
      ).toBe(404);
      expect((await app.request({ method: 'DELETE', url: `/api/v2/user/${id}`, token: admin.token })).status).toBe(404);
    }
    const row = await app.db.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', foreignUser.userId)
      .executeTakeFirstOrThrow();
    expect(row.name).not.toBe('Hacked');
    const list = await app.request({ method: 'GET', url: '/api/v2/user', token: admin.token });
    expect(list.json.data.map((u: { id: string }) => u.id)).toEqual([String(admin.userId)]);
  });

  it('refuses every role but admin', async () => {
    for (const role of ['adminuser', 'user', 'guest', 'super'] as const) {
      const { token } = await app.signIn(role);
      expect((await app.request({ method: 'GET', url: '/api/v2/user', token })).status, role).toBe(403);
      expect(
        (
          await app.request({
            method: 'POST',
            url: '/api/v2/user',
            token,
            body: doc({ email: `${role}-x@example.com`, fname: 'A', lname: 'B' }),
          })
        ).status,
        role,
      ).toBe(403);
    }
  });
});
