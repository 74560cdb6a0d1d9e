import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/app';
import { startSmtp } from '../../test/smtp';
import { createLogger } from '../logger';
import { type Runtime, createRuntime } from '../runtime';
import { queueMail } from './mailer';

/**
 * The mail outbox: mail is a row written with the change that causes it, so it survives a process that stops
 * before sending it, and every process may run the sender while each mail still goes out once.
 */

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const extra: Runtime[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  // No mail server at first: port 9 on loopback refuses connections.
  app = await createTestApp({}, { SMTP_URL: 'smtp://127.0.0.1:9' });
});
afterAll(async () => {
  for (const runtime of extra) await runtime.close();
  await app?.stop();
  await smtp?.close();
});

/** Another process on the same database (and data directory), sending to the test's SMTP server. */
async function anotherProcess(): Promise<Runtime> {
  const runtime = await createRuntime({ ...app.config, smtpUrl: smtp.url }, createLogger('silent'));
  extra.push(runtime);
  return runtime;
}

describe('the mail outbox', () => {
  it('keeps a mail that could not be sent and delivers it from the next process', async () => {
    const registered = await app.request({
      method: 'POST',
      url: '/api/v2/register',
      body: {
        name: 'Later',
        email: 'later@example.com',
        password: 'password-12',
        password_confirmation: 'password-12',
      },
    });
    expect(registered.status).toBe(202);
    await app.mailer.idle();
    const pending = await app.db.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'later@example.com')
      .executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ attempts: 1, sent_at: null, failed_at: null, claimed_until: null });
    expect(pending.last_error).toBeTruthy();
    expect(Date.parse(pending.next_attempt_at)).toBeGreaterThan(Date.now());

    // This process stops; the next one starts when the retry is due and sends it.
    await app.mailer.close();
    await app.db.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', pending.id)
      .execute();
    const next = await anotherProcess();
    await next.mailer.idle();
    const mail = await smtp.waitFor('later@example.com', 'Verify your email address');
    expect(mail.text).toContain('/verify-email?');
    const sent = await app.db.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    expect(sent.sent_at).not.toBeNull();
    // A sent mail keeps no body: its link was a one-time token.
    expect(sent).toMatchObject({ text_body: null, html_body: null, links: null });
  });

  it('sends each mail once while several processes run the sender', async () => {
    const [one, two] = [await anotherProcess(), await anotherProcess()];
    const since = smtp.mails.length;
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        queueMail(app.db.db, { to: `many-${i}@example.com`, subject: `Batch ${i}`, text: 'Hello' }),
      ),
    );
    one.mailer.wake();
    two.mailer.wake();
    await Promise.all([one.mailer.idle(), two.mailer.idle()]);
    const deadline = Date.now() + 10_000;
    while (smtp.mails.length - since < 30 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const subjects = smtp.mails.slice(since).map((m) => m.subject);
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);
  });
});
