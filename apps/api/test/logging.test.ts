import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, SUPER_EMAIL, SUPER_PASSWORD, createTestApp } from './app';
import { linkIn, startSmtp, verificationIn } from './smtp';

const lines: string[] = [];
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  app = await createTestApp({}, { SMTP_URL: smtp.url }, { logLines: lines });
});
afterAll(async () => {
  await app?.stop();
  await smtp?.close();
});

describe('logs', () => {
  it('carry request ids but never a password or token, at the most verbose level', async () => {
    const secrets: string[] = [SUPER_PASSWORD];
    const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      app.request({ method: 'POST', url: `/api/v2${url}`, body, headers });

    const password = 'registrant-password-1';
    secrets.push(password);
    await post('/register', { name: 'Logged', email: 'logged@example.com', password, password_confirmation: password });
    const verify = await smtp.waitFor('logged@example.com', 'Verify');
    const verification = verificationIn(verify, 'http://portal.test');
    secrets.push(verification.token);
    await post('/verify-email', verification);

    const login = await post(
      '/login',
      { email: SUPER_EMAIL, password: SUPER_PASSWORD },
      { 'x-request-id': 'req-login-1' },
    );
    const token = login.json.meta.access_token as string;
    secrets.push(token);
    await app.request({ method: 'GET', url: '/api/v2/me', token });
    await post('/login', { email: SUPER_EMAIL, password: 'a-wrong-password' });

    await post('/password-forgot', { email: SUPER_EMAIL });
    const reset = await smtp.waitFor(SUPER_EMAIL, 'Reset');
    const resetToken = new URL(linkIn(reset, 'http://portal.test/password-reset')).searchParams.get('token')!;
    secrets.push(resetToken, 'a-wrong-password', 'brand-new-password');
    await post('/password-reset', {
      email: SUPER_EMAIL,
      token: resetToken,
      password: 'brand-new-password',
      password_confirmation: 'brand-new-password',
    });
    await app.mailer.idle();

    const log = lines.join('');
    expect(log).toContain('req-login-1');
    for (const secret of secrets) expect(log, `secret leaked: ${secret.slice(0, 4)}...`).not.toContain(secret);
  });

  it('name only the file of an outbox mail in production, and its links outside production', async () => {
    for (const env of ['production', 'development']) {
      const outboxLines: string[] = [];
      const outbox = await createTestApp({}, { NODE_ENV: env }, { logLines: outboxLines });
      try {
        await outbox.request({ method: 'POST', url: '/api/v2/password-forgot', body: { email: SUPER_EMAIL } });
        await outbox.mailer.idle();
        const written = outboxLines.find((line) => line.includes('mail written to outbox'));
        expect(written, env).toBeDefined();
        expect(written).toContain('.eml');
        if (env === 'production') expect(written).not.toMatch(/token=|links/);
        else expect(written).toContain('http://portal.test/password-reset?');
      } finally {
        await outbox.stop();
      }
    }
  });
});
