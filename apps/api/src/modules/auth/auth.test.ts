import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, SUPER_EMAIL, SUPER_PASSWORD, createTestApp } from '../../../test/app';
import { linkIn, startSmtp, verificationIn } from '../../../test/smtp';

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

const post = (url: string, body: unknown, token?: string) =>
  app.request({ method: 'POST', url: `/api/v2${url}`, body, token });
const get = (url: string, token?: string) => app.request({ method: 'GET', url: `/api/v2${url}`, token });

async function superToken(): Promise<string> {
  const res = await post('/login', { email: SUPER_EMAIL, password: SUPER_PASSWORD });
  expect(res.status).toBe(200);
  return res.json.meta.access_token as string;
}

describe('sign-up, verification, enabling and login over real SMTP', () => {
  const email = 'Owner.One@Example.com';
  const password = 'first-password-1';

  it('walks the whole path: register -> verify -> enable -> login -> logout -> forgot -> reset', async () => {
    const registered = await post('/register', { name: 'Owner One', email, password, password_confirmation: password });
    expect(registered.status).toBe(202);

    // Not yet verified: a correct password gets the specific message.
    const early = await post('/login', { email, password });
    expect(early.status).toBe(403);
    expect(early.json.errors[0].code).toBe('emailNotVerified');

    const mail = await smtp.waitFor('owner.one@example.com', 'Verify your email address');
    // The link opens the web app's page, which sends its values to the API.
    expect(linkIn(mail, 'http://portal.test/verify-email')).toContain('token=');
    const verification = verificationIn(mail, 'http://portal.test');
    const verified = await post('/verify-email', verification);
    expect(verified.status).toBe(200);

    // The link works once.
    const again = await post('/verify-email', verification);
    expect(again.status).toBe(422);
    expect(again.json.errors[0].code).toBe('verifyLinkInvalid');

    const inactive = await post('/login', { email, password });
    expect(inactive.status).toBe(403);
    expect(inactive.json.errors[0].code).toBe('accountInactive');

    const sup = await superToken();
    const customers = await get('/customers?search=owner.one', sup);
    expect(customers.status).toBe(200);
    expect(customers.json.data).toHaveLength(1);
    const row = customers.json.data[0];
    expect(row.attributes).toMatchObject({ name: 'Owner One', email: 'owner.one@example.com', status: 'Inactive' });

    const enabled = await app.request({ method: 'PATCH', url: `/api/v2/enableUser/${row.id}`, token: sup });
    expect(enabled.status).toBe(200);
    expect(enabled.json.data.attributes.status).toBe('Active');
    const afterEnable = await get('/customers?search=owner.one', sup);
    expect(afterEnable.json.data[0].attributes.status).toBe('Active');

    const login = await post('/login', { email: 'OWNER.ONE@example.com', password });
    expect(login.status).toBe(200);
    expect(login.headers['content-type']).toContain('application/vnd.api+json');
    const token = login.json.meta.access_token as string;
    expect(token.length).toBeGreaterThanOrEqual(43);

    expect((await get('/role', token)).json).toEqual({ meta: { role: 'admin' } });
    const me = await get('/me', token);
    expect(me.json.data).toMatchObject({
      type: 'users',
      id: row.id,
      attributes: { email: 'owner.one@example.com', role: 'admin' },
    });
    expect(me.json.data.attributes).not.toHaveProperty('password_hash');
    expect((await get('/dashboard', token)).json.meta).toEqual({ user_count: 1, phonebot_count: 0 });

    const logout = await app.request({
      method: 'POST',
      url: '/api/v2/logout',
      token,
      headers: { 'content-type': 'application/vnd.api+json' },
      rawBody: '',
    });
    expect(logout.status).toBe(204);
    expect((await get('/role', token)).status).toBe(401);

    const second = (await post('/login', { email, password })).json.meta.access_token as string;
    const forgot = await post('/password-forgot', { email, redirect_url: 'http://portal.test/password-reset' });
    expect(forgot.status).toBe(202);
    const resetMail = await smtp.waitFor('owner.one@example.com', 'Reset your password');
    const resetLink = new URL(linkIn(resetMail, 'http://portal.test/password-reset'));
    expect(resetLink.searchParams.get('email')).toBe('owner.one@example.com');
    const resetToken = resetLink.searchParams.get('token');
    expect(resetToken).toBeTruthy();

    const newPassword = 'second-password-2';
    const reset = await post('/password-reset', {
      email,
      token: resetToken,
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(reset.status).toBe(200);
    // A reset ends every session and the old password stops working.
    expect((await get('/role', second)).status).toBe(401);
    expect((await post('/login', { email, password })).status).toBe(401);
    expect((await post('/login', { email, password: newPassword })).status).toBe(200);

    const reused = await post('/password-reset', {
      email,
      token: resetToken,
      password: 'third-password-3',
      password_confirmation: 'third-password-3',
    });
    expect(reused.status).toBe(422);
    expect(reused.json.errors[0]).toMatchObject({ code: 'resetLinkInvalid', source: { pointer: '/token' } });
  });
});

describe('account rules', () => {
  it('answers a known address on register exactly like a new one and tells its owner by mail', async () => {
    const body = {
      name: 'Twice',
      email: 'twice@example.com',
      password: 'password-123',
      password_confirmation: 'password-123',
    };
    const first = await post('/register', body);
    const second = await post('/register', body);
    expect(second.status).toBe(first.status);
    expect(second.body).toBe(first.body);
    await smtp.waitFor('twice@example.com', 'You already have an account');
    const count = await app.db.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', 'twice@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('answers forgot-password alike for known and unknown addresses', async () => {
    const known = await post('/password-forgot', { email: SUPER_EMAIL });
    const unknown = await post('/password-forgot', { email: 'nobody@example.com' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toBe(known.body);
  });

  it('ignores a redirect_url on a foreign origin', async () => {
    const user = await app.signIn('user');
    const since = smtp.mails.length;
    await post('/password-forgot', { email: user.email, redirect_url: 'https://evil.example/steal' });
    const mail = await smtp.waitFor(user.email, 'Reset your password', since);
    expect(mail.text).toContain('http://portal.test/password-reset?');
    expect(mail.text).not.toContain('evil.example');
  });

  it('refuses an expired reset link', async () => {
    const user = await app.signIn('user');
    const since = smtp.mails.length;
    await post('/password-forgot', { email: user.email });
    const mail = await smtp.waitFor(user.email, 'Reset your password', since);
    const token = new URL(linkIn(mail, 'http://portal.test/password-reset')).searchParams.get('token');
    await app.db.db
      .updateTable('user_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.userId)
      .execute();
    const res = await post('/password-reset', {
      email: user.email,
      token,
      password: 'another-pass-1',
      password_confirmation: 'another-pass-1',
    });
    expect(res.status).toBe(422);
    expect(res.json.errors[0].code).toBe('resetLinkInvalid');
  });

  it('answers wrong passwords and unknown accounts with the same message', async () => {
    const wrong = await post('/login', { email: SUPER_EMAIL, password: 'not-the-password' });
    const unknown = await post('/login', { email: 'ghost@example.com', password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json.errors[0].detail).toBe('Invalid credentials!');
    expect(unknown.json).toEqual(wrong.json);
  });

  it('limits failed logins per address with 429 and Retry-After, without locking other addresses', async () => {
    const user = await app.signIn('user');
    for (let i = 0; i < 10; i++)
      expect((await post('/login', { email: user.email, password: 'wrong-password' })).status).toBe(401);
    const limited = await post('/login', { email: user.email, password: 'wrong-password' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json.errors[0].code).toBe('tooManyRequests');
    const other = await app.signIn('user');
    expect((await post('/login', { email: other.email, password: 'wrong-password' })).status).toBe(401);
  });

  it('limits password-forgot and register per address', async () => {
    for (let i = 0; i < 5; i++)
      expect((await post('/password-forgot', { email: 'flood@example.com' })).status).toBe(202);
    expect((await post('/password-forgot', { email: 'flood@example.com' })).status).toBe(429);
    const body = {
      name: 'Flood',
      email: 'flood-reg@example.com',
      password: 'password-123',
      password_confirmation: 'password-123',
    };
    for (let i = 0; i < 5; i++) expect((await post('/register', body)).status).toBe(202);
    expect((await post('/register', body)).status).toBe(429);
  });

  it('refuses a disabled user and a user of a disabled customer, even with a live token', async () => {
    const admin = await app.signIn('admin');
    expect((await get('/role', admin.token)).status).toBe(200);
    await app.db.db.updateTable('customers').set({ status: 'Inactive' }).where('id', '=', admin.customerId).execute();
    expect((await get('/role', admin.token)).status).toBe(401);
    const inactive = await app.signIn('user', { status: 'Inactive' });
    expect((await get('/role', inactive.token)).status).toBe(401);
  });

  it('validates every body with field pointers and changes nothing on bad input', async () => {
    const res = await post('/register', {
      name: '',
      email: 'not-an-email',
      password: 'short',
      password_confirmation: 'other',
    });
    expect(res.status).toBe(422);
    const byPointer = Object.fromEntries(
      res.json.errors.map((e: { source: { pointer: string }; detail: string }) => [e.source.pointer, e.detail]),
    );
    expect(byPointer['/name']).toBe('Name is a required input');
    expect(byPointer['/email']).toBe('Email has to be a valid email address');
    expect(byPointer['/password']).toBe('Password must have at least 8 characters');
    const mismatch = await post('/register', {
      name: 'A',
      email: 'mismatch@example.com',
      password: 'password-1',
      password_confirmation: 'password-2',
    });
    expect(mismatch.json.errors[0]).toMatchObject({
      code: 'passwordsMismatch',
      source: { pointer: '/password_confirmation' },
    });
    const users = await app.db.db
      .selectFrom('users')
      .select('id')
      .where('email', 'in', ['not-an-email', 'mismatch@example.com'])
      .execute();
    expect(users).toHaveLength(0);
    const types = await post('/login', { email: 42, password: ['x'] });
    expect(types.status).toBe(422);
    expect(types.json.errors.map((e: { code: string }) => e.code)).toEqual(['emailRequired', 'passwordRequired']);
  });
});
