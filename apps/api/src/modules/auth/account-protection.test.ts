import fs from 'node:fs';
import path from 'node:path';
import { JSONAPI_MEDIA_TYPE } from '@phonebot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type TestApp, SUPER_EMAIL, SUPER_PASSWORD, createTestApp } from '../../../test/app';
import { VALID_PNG } from '../../../test/fixtures';
import { linkIn, startSmtp } from '../../../test/smtp';
import { totpCode } from '../../lib/totp';

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

/** A request from a given client address (the rate limits tell clients apart by it). */
async function from(
  ip: string,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  token?: string,
  extra: Record<string, string> = {},
) {
  const headers: Record<string, string> = { accept: JSONAPI_MEDIA_TYPE, ...extra };
  if (body !== undefined) headers['content-type'] = JSONAPI_MEDIA_TYPE;
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await app.app.inject({
    method,
    url: `/api/v2${url}`,
    headers,
    payload: body === undefined ? undefined : JSON.stringify(body),
    remoteAddress: ip,
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    json: res.body ? (JSON.parse(res.body) as Record<string, unknown>) : undefined,
  };
}

/** The device mark a sign-in answer sets, as the browser sends it back (`name=value`), or undefined. */
function deviceCookieOf(res: { headers: Record<string, unknown> }): string | undefined {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  const cookie = all.find((c) => c.startsWith('pbp_device='));
  return cookie?.split(';')[0];
}

/** A sign-in from `ip`, on a device that sends `cookie` (a device mark) when given. */
const signInFrom = (ip: string, email: string, password: string, cookie?: string) =>
  from(ip, 'POST', '/login', { email, password }, undefined, cookie ? { cookie } : {});

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/** Confirms a session's user for its next sensitive actions (step-up). */
async function reauth(token: string, password = PASSWORD) {
  expect((await app.request({ method: 'POST', url: '/api/v2/me/reauth', token, body: { password } })).status).toBe(204);
}

async function failedLoginsOf(userId: number): Promise<number> {
  const rows = await app.db.db
    .selectFrom('audit_log')
    .select('id')
    .where('target', '=', `user:${userId}`)
    .where('action', '=', 'login.failed')
    .execute();
  return rows.length;
}

describe('sign-in limits', () => {
  it('check at most 10 passwords of a burst of 100 wrong and 1 right one; the rest answer 429', async () => {
    const user = await app.signIn('user');
    const attempts = [
      ...Array.from({ length: 100 }, () => ({ email: user.email, password: 'wrong-password' })),
      { email: user.email, password: PASSWORD },
    ].sort(() => Math.random() - 0.5);
    const statuses = (await Promise.all(attempts.map((body) => from('10.0.0.1', 'POST', '/login', body)))).map(
      (r) => r.status,
    );
    expect(count(statuses, 401) + count(statuses, 200)).toBeLessThanOrEqual(10);
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(91);
    expect(await failedLoginsOf(user.userId)).toBeLessThanOrEqual(10);
    // Once the limit is reached, the right password is refused too.
    if (count(statuses, 200) === 0)
      expect((await from('10.0.0.1', 'POST', '/login', { email: user.email, password: PASSWORD })).status).toBe(429);
  });

  it('lock out the client that failed, not the owner on another client; many clients are stopped per address', async () => {
    const user = await app.signIn('user');
    const wrong = { email: user.email, password: 'wrong-password' };
    for (let i = 0; i < 10; i++) expect((await from('10.0.1.1', 'POST', '/login', wrong)).status).toBe(401);
    expect((await from('10.0.1.1', 'POST', '/login', { ...wrong, password: PASSWORD })).status).toBe(429);
    // The owner, elsewhere, still signs in.
    expect((await from('10.0.1.2', 'POST', '/login', { ...wrong, password: PASSWORD })).status).toBe(200);

    // Guessing spread over many clients: 50 failures an hour per address, whichever clients they come from.
    const clients = Array.from({ length: 8 }, (_, i) => `10.0.2.${i + 1}`);
    let failures = 10;
    for (const client of clients)
      for (let i = 0; i < 5; i++) if ((await from(client, 'POST', '/login', wrong)).status === 401) failures++;
    expect(failures).toBe(50);
    expect((await from('10.0.3.1', 'POST', '/login', wrong)).status).toBe(429);
  }, 60_000);

  it('lock the account against strangers only: after 10 failures from each of 5 addresses the owner’s known device still signs in', async () => {
    const owner = await app.signIn('user');
    // The owner signed in on this device before: the answer marks the device.
    const first = await signInFrom('10.0.10.1', owner.email, PASSWORD);
    expect(first.status).toBe(200);
    const device = deviceCookieOf(first);
    expect(device).toMatch(/^pbp_device=[A-Za-z0-9_.-]+$/);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/api/v2/login');

    // Another account's mark, signed in elsewhere, is of no use for this one.
    const other = await app.signIn('user');
    const otherDevice = deviceCookieOf(await signInFrom('10.0.10.2', other.email, PASSWORD));
    expect(otherDevice).toBeDefined();

    // The attack: 10 wrong passwords from each of 5 addresses.
    for (let a = 1; a <= 5; a++)
      for (let i = 0; i < 10; i++)
        expect((await signInFrom(`10.0.11.${a}`, owner.email, 'wrong-password')).status).toBe(401);

    // Strangers are locked out: a new address, a forged mark, another account's mark, an attacking address.
    expect((await signInFrom('10.0.12.1', owner.email, PASSWORD)).status).toBe(429);
    expect((await signInFrom('10.0.12.2', owner.email, PASSWORD, 'pbp_device=forged.not-a-signature')).status).toBe(
      429,
    );
    expect((await signInFrom('10.0.12.3', owner.email, PASSWORD, otherDevice)).status).toBe(429);
    expect((await signInFrom('10.0.11.1', owner.email, PASSWORD)).status).toBe(429);

    // The owner's known device signs in, from a new address and from one the attack came from.
    expect((await signInFrom('10.0.12.4', owner.email, PASSWORD, device)).status).toBe(200);
    expect((await signInFrom('10.0.11.2', owner.email, PASSWORD, device)).status).toBe(200);

    // The known device has its own limit: 10 wrong passwords, then it waits like any client.
    for (let i = 0; i < 10; i++)
      expect((await signInFrom('10.0.12.5', owner.email, 'wrong-password', device)).status).toBe(401);
    expect((await signInFrom('10.0.12.5', owner.email, PASSWORD, device)).status).toBe(429);
  }, 60_000);

  it('forget known devices when the password changes', async () => {
    const owner = await app.signIn('user');
    const device = deviceCookieOf(await signInFrom('10.0.13.1', owner.email, PASSWORD));
    expect(device).toBeDefined();
    // The password is set anew (here by a reset link).
    const since = smtp.mails.length;
    expect((await from('10.0.13.1', 'POST', '/password-forgot', { email: owner.email })).status).toBe(202);
    const mail = await smtp.waitFor(owner.email, 'Reset your password', since);
    const token = new URL(linkIn(mail, 'http://portal.test/password-reset')).searchParams.get('token')!;
    const reset = await from('10.0.13.1', 'POST', '/password-reset', {
      email: owner.email,
      token,
      password: 'after-reset-1',
      password_confirmation: 'after-reset-1',
    });
    expect(reset.status).toBe(200);
    for (let a = 1; a <= 5; a++)
      for (let i = 0; i < 10; i++) await signInFrom(`10.0.14.${a}`, owner.email, 'wrong-password');
    // The mark was given for the old password: the device is a stranger now.
    expect((await signInFrom('10.0.13.2', owner.email, 'after-reset-1', device)).status).toBe(429);
  }, 60_000);

  it('reserve the current-password check of a password change the same way', async () => {
    const user = await app.signIn('adminuser');
    const change = (cpsd: string) =>
      from(
        '10.0.4.1',
        'POST',
        '/change',
        { cpsd, npsd: 'new-password-1', npsd_confirmation: 'new-password-1' },
        user.token,
      );
    const statuses = (await Promise.all(Array.from({ length: 30 }, () => change('not-the-password')))).map(
      (r) => r.status,
    );
    expect(count(statuses, 422)).toBeLessThanOrEqual(10);
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(20);
    expect((await change(PASSWORD)).status).toBe(429);
  });

  it('count failed resets per address and client', async () => {
    const user = await app.signIn('user');
    const reset = (ip: string, token: string) =>
      from(ip, 'POST', '/password-reset', {
        email: user.email,
        token,
        password: 'reset-password-1',
        password_confirmation: 'reset-password-1',
      });
    for (let i = 0; i < 10; i++) expect((await reset('10.0.5.1', `bogus-${i}`)).status).toBe(422);
    expect((await reset('10.0.5.1', 'bogus-x')).status).toBe(429);
    const since = smtp.mails.length;
    expect((await from('10.0.5.2', 'POST', '/password-forgot', { email: user.email })).status).toBe(202);
    const mail = await smtp.waitFor(user.email, 'Reset your password', since);
    const token = new URL(linkIn(mail, 'http://portal.test/password-reset')).searchParams.get('token')!;
    expect((await reset('10.0.5.2', token)).status).toBe(200);
  });

  it('limit sign-ups per client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await from('10.0.6.1', 'POST', '/register', {
            name: 'Many',
            email: `many-${i}@example.com`,
            password: 'password-12',
            password_confirmation: 'password-12',
          })
        ).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('sign-in challenges', () => {
  /** A user with a second factor: the password step answers a challenge for the code. */
  async function withSecondFactor() {
    const user = await app.signIn('user');
    await reauth(user.token);
    const started = await from('10.0.20.1', 'POST', '/me/mfa/totp', undefined, user.token);
    expect(started.status).toBe(200);
    const secret = (started.json!.meta as { secret: string }).secret;
    const confirmed = await from('10.0.20.1', 'POST', '/me/mfa/totp/confirm', { code: totpCode(secret) }, user.token);
    expect(confirmed.status).toBe(200);
    // The confirming code used its window: the next code signs in.
    await app.db.db.updateTable('two_factor').set({ last_step: null }).where('user_id', '=', user.userId).execute();
    return { user, secret };
  }

  async function challenge(email: string, password: string): Promise<string> {
    const res = await from('10.0.20.2', 'POST', '/login', { email, password });
    expect(res.status).toBe(200);
    return (res.json!.meta as { mfa_token: string }).mfa_token;
  }

  it('end when the password is reset', async () => {
    const { user, secret } = await withSecondFactor();
    const pending = await challenge(user.email, PASSWORD);
    const since = smtp.mails.length;
    expect((await from('10.0.20.3', 'POST', '/password-forgot', { email: user.email })).status).toBe(202);
    const mail = await smtp.waitFor(user.email, 'Reset your password', since);
    const token = new URL(linkIn(mail, 'http://portal.test/password-reset')).searchParams.get('token')!;
    const reset = await from('10.0.20.3', 'POST', '/password-reset', {
      email: user.email,
      token,
      password: 'after-reset-2',
      password_confirmation: 'after-reset-2',
    });
    expect(reset.status).toBe(200);
    const step = await from('10.0.20.2', 'POST', '/login/mfa', { mfa_token: pending, code: totpCode(secret) });
    expect(step.status).toBe(401);
    expect((step.json!.errors as { code: string }[])[0]!.code).toBe('mfaTokenInvalid');
    // A challenge of the new password works.
    const fresh = await challenge(user.email, 'after-reset-2');
    expect((await from('10.0.20.2', 'POST', '/login/mfa', { mfa_token: fresh, code: totpCode(secret) })).status).toBe(
      200,
    );
  });

  it('end when the password is changed', async () => {
    const { user, secret } = await withSecondFactor();
    const pending = await challenge(user.email, PASSWORD);
    const changed = await from(
      '10.0.20.4',
      'POST',
      '/change',
      { cpsd: PASSWORD, npsd: 'after-change-1', npsd_confirmation: 'after-change-1' },
      user.token,
    );
    expect(changed.status).toBe(200);
    const step = await from('10.0.20.2', 'POST', '/login/mfa', { mfa_token: pending, code: totpCode(secret) });
    expect(step.status).toBe(401);
    expect((step.json!.errors as { code: string }[])[0]!.code).toBe('mfaTokenInvalid');
  });

  it('of an enrolment end when the password is reset', async () => {
    const admin = await app.signIn('admin');
    await app.db.db.updateTable('customers').set({ require_mfa: 1 }).where('id', '=', admin.customerId!).execute();
    const res = await from('10.0.20.5', 'POST', '/login', { email: admin.email, password: PASSWORD });
    expect(res.status).toBe(200);
    const pending = (res.json!.meta as { mfa_enrolment_required: boolean; mfa_token: string }).mfa_token;
    const since = smtp.mails.length;
    expect((await from('10.0.20.5', 'POST', '/password-forgot', { email: admin.email })).status).toBe(202);
    const mail = await smtp.waitFor(admin.email, 'Reset your password', since);
    const token = new URL(linkIn(mail, 'http://portal.test/password-reset')).searchParams.get('token')!;
    expect(
      (
        await from('10.0.20.5', 'POST', '/password-reset', {
          email: admin.email,
          token,
          password: 'after-reset-3',
          password_confirmation: 'after-reset-3',
        })
      ).status,
    ).toBe(200);
    expect((await from('10.0.20.5', 'POST', '/login/mfa/enrol', { mfa_token: pending })).status).toBe(401);
  });
});

describe('mails', () => {
  it('never carry a registrant’s line breaks or links', async () => {
    const since = smtp.mails.length;
    const name = 'Prize Desk\r\n\r\nYou won! Claim it at https://evil.example/claim or www.evil.example or evil.com/x';
    const res = await from('10.0.7.1', 'POST', '/register', {
      name,
      email: 'victim@example.com',
      password: 'password-12',
      password_confirmation: 'password-12',
    });
    expect(res.status).toBe(202);
    const mail = await smtp.waitFor('victim@example.com', 'Verify your email address', since);
    expect(mail.text).not.toMatch(/evil|won!\s*\n/i);
    expect(mail.text).toContain('Hello Prize Desk You won! Claim it at or or,');
  });
});

describe('e-mail change', () => {
  it('needs the password, waits for the new address to confirm, tells the old one, and ends old reset links', async () => {
    const user = await app.signIn('user');
    const patch = (attributes: Record<string, unknown>) =>
      from('10.0.8.1', 'PATCH', '/me', { data: { type: 'profile', attributes } }, user.token);
    expect((await patch({ email: 'new-address@example.com' })).status).toBe(422);
    const wrong = await patch({ email: 'new-address@example.com', current_password: 'not-it' });
    expect(wrong.status).toBe(422);
    expect((wrong.json!.errors as { code: string }[])[0]!.code).toBe('currentPasswordIssue');

    // A reset link issued before the change must not work after it.
    const since = smtp.mails.length;
    await from('10.0.8.2', 'POST', '/password-forgot', { email: user.email });
    const resetMail = await smtp.waitFor(user.email, 'Reset your password', since);
    const resetToken = new URL(linkIn(resetMail, 'http://portal.test/password-reset')).searchParams.get('token')!;

    const asked = await patch({ email: 'New-Address@example.com', current_password: PASSWORD });
    expect(asked.status).toBe(200);
    expect(asked.json!.meta).toEqual({ pending_email: 'new-address@example.com' });
    const notice = await smtp.waitFor(user.email, 'Your email address is being changed', since);
    expect(notice.text).toContain('new-address@example.com');
    const confirm = await smtp.waitFor('new-address@example.com', 'Confirm your new email address', since);
    // Nothing changed yet: the old address still signs in, the new one does not.
    expect((await from('10.0.8.3', 'POST', '/login', { email: user.email, password: PASSWORD })).status).toBe(200);
    expect(
      (await from('10.0.8.3', 'POST', '/login', { email: 'new-address@example.com', password: PASSWORD })).status,
    ).toBe(401);

    // The link opens the web app's page, which sends the token.
    const token = new URL(linkIn(confirm, 'http://portal.test/confirm-email')).searchParams.get('token')!;
    expect((await from('10.0.8.3', 'POST', '/confirm-email', { token })).status).toBe(200);
    const again = await from('10.0.8.3', 'POST', '/confirm-email', { token });
    expect(again.status).toBe(422);
    expect((again.json!.errors as { code: string }[])[0]!.code).toBe('verifyLinkInvalid');
    expect(
      (await from('10.0.8.4', 'POST', '/login', { email: 'new-address@example.com', password: PASSWORD })).status,
    ).toBe(200);
    const reset = await from('10.0.8.4', 'POST', '/password-reset', {
      email: 'new-address@example.com',
      token: resetToken,
      password: 'taken-over-1',
      password_confirmation: 'taken-over-1',
    });
    expect(reset.status).toBe(422);
  });
});

describe('password change', () => {
  it('cancels pending reset links', async () => {
    const sup = await from('10.0.9.1', 'POST', '/login', { email: SUPER_EMAIL, password: SUPER_PASSWORD });
    const token = (sup.json!.meta as { access_token: string }).access_token;
    const since = smtp.mails.length;
    await from('10.0.9.1', 'POST', '/password-forgot', { email: SUPER_EMAIL });
    const mail = await smtp.waitFor(SUPER_EMAIL, 'Reset your password', since);
    const resetToken = new URL(linkIn(mail, 'http://portal.test/password-reset')).searchParams.get('token')!;
    const changed = await from(
      '10.0.9.1',
      'POST',
      '/change',
      { cpsd: SUPER_PASSWORD, npsd: 'super-new-password', npsd_confirmation: 'super-new-password' },
      token,
    );
    expect(changed.status).toBe(200);
    const reset = await from('10.0.9.2', 'POST', '/password-reset', {
      email: SUPER_EMAIL,
      token: resetToken,
      password: 'attacker-password',
      password_confirmation: 'attacker-password',
    });
    expect(reset.status).toBe(422);
    // Put the password back for the other tests of this file.
    await from(
      '10.0.9.1',
      'POST',
      '/change',
      { cpsd: 'super-new-password', npsd: SUPER_PASSWORD, npsd_confirmation: SUPER_PASSWORD },
      token,
    );
  });
});

describe('avatars', () => {
  const PNG = VALID_PNG;

  async function withAvatar(role: 'user' | 'admin', customerId?: number) {
    const user = await app.signIn(role, customerId ? { customerId } : {});
    const boundary = 'avatar-boundary';
    const res = await app.app.inject({
      method: 'POST',
      url: `/api/v2/uploads/users/${user.userId}/profile-image`,
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode).toBe(200);
    const url = (res.json() as { meta: { url: string } }).meta.url;
    const file = path.join(app.config.dataDir, 'uploads', 'avatars', path.basename(url));
    expect(fs.existsSync(file)).toBe(true);
    return { user, url, file };
  }

  it('go with their deleted user and with the users of a deleted customer', async () => {
    const admin = await app.signIn('admin');
    const { user, url, file } = await withAvatar('user', admin.customerId!);
    await reauth(admin.token);
    expect(
      (await app.request({ method: 'DELETE', url: `/api/v2/user/${user.userId}`, token: admin.token })).status,
    ).toBe(204);
    expect(fs.existsSync(file)).toBe(false);
    expect((await app.request({ method: 'GET', url: new URL(url, 'http://x').pathname })).status).toBe(404);

    const owner = await withAvatar('admin');
    const colleague = await withAvatar('user', owner.user.customerId!);
    const sup = await app.signIn('super');
    await reauth(sup.token);
    expect(
      (await app.request({ method: 'DELETE', url: `/api/v2/customer/${owner.user.userId}`, token: sup.token })).status,
    ).toBe(204);
    expect(fs.existsSync(owner.file)).toBe(false);
    expect(fs.existsSync(colleague.file)).toBe(false);
  });
});
