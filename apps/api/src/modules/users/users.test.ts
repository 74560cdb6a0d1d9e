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
      customer_number: admin.customerId,
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

describe('an assignee shown in the call lists', () => {
  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, body?: unknown) =>
    app.request({ method, url: `/api/v2${url}`, token, body });
  const list = (token: string, etag?: string) =>
    app.request({
      method: 'GET',
      url: '/api/v2/callsview',
      token,
      ...(etag ? { headers: { 'if-none-match': etag } } : {}),
    });

  /** A company whose open call is assigned to an operator; answers the list's ETag as the admin sees it. */
  async function assignedCall() {
    const admin = await app.signIn('admin');
    const op = await app.signIn('user', { customerId: admin.customerId! });
    const bot = await api('POST', '/vbot', admin.token, {
      data: { type: 'vbots', attributes: { bezeichnung: 'Empfang' } },
    });
    const created = await api('POST', '/calls', admin.token, {
      data: { type: 'calls', attributes: { phonebot: bot.json.meta.license_Key, caller_number: '+4930111' } },
    });
    expect(created.status, created.body).toBe(201);
    const id = created.json.data.id as string;
    const assigned = await api('PATCH', `/calls/${id}`, admin.token, {
      data: { type: 'calls', id, attributes: { assignee_id: op.userId } },
    });
    expect(assigned.status, assigned.body).toBe(200);
    const first = await list(admin.token);
    expect(first.json.data[0].attributes.assignee_id).toBe(String(op.userId));
    return { admin, op, etag: first.headers.etag as string };
  }

  it('moves the lists’ ETag when the assignee is renamed, by an admin or by themselves, and only then', async () => {
    const { admin, op, etag } = await assignedCall();
    expect((await list(admin.token, etag)).status).toBe(304);

    const renamed = await api('PATCH', `/user/${op.userId}`, admin.token, doc({ name: 'Anna Assignee' }));
    expect(renamed.status).toBe(200);
    const after = await list(admin.token, etag);
    expect(after.status).toBe(200);
    expect(after.json.data[0].attributes.assignee_name).toBe('Anna Assignee');
    const etag2 = after.headers.etag as string;

    // The same name again, or another field, changes nothing the lists show.
    expect((await api('PATCH', `/user/${op.userId}`, admin.token, doc({ name: 'Anna Assignee' }))).status).toBe(200);
    expect((await api('PATCH', `/user/${op.userId}`, admin.token, doc({ role: 'adminuser' }))).status).toBe(200);
    expect((await list(admin.token, etag2)).status).toBe(304);

    const self = await api('PATCH', '/me', op.token, { data: { type: 'profile', attributes: { name: 'Anna B.' } } });
    expect(self.status).toBe(200);
    const mine = await list(admin.token, etag2);
    expect(mine.status).toBe(200);
    expect(mine.json.data[0].attributes.assignee_name).toBe('Anna B.');
  });

  it('moves the lists’ ETag when the assignee is deleted', async () => {
    const { admin, op, etag } = await assignedCall();
    expect((await api('DELETE', `/user/${op.userId}`, admin.token)).status).toBe(204);
    const after = await list(admin.token, etag);
    expect(after.status).toBe(200);
    expect(after.json.data[0].attributes).toMatchObject({ assignee_id: null, assignee_name: null });
  });
});
