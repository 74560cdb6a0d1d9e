import crypto from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';
import { type Received, startReceiver } from '../../../test/webhook-receiver';
import { createLogger } from '../../logger';
import { createWebhookSender } from './webhook-sender';
import { WEBHOOK_RETRY_DELAYS_MS } from './webhook-timing';

const TIMING = { timeoutMs: 800, pollMs: 100, retryDelaysMs: [200, 400, 400] };

let app: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let admin: SignedIn;
let botToken: string;
beforeAll(async () => {
  app = await createTestApp({ webhookTiming: TIMING }, { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  receiver = await startReceiver();
  admin = await app.signIn('admin');
  const bot = await app.request({
    method: 'POST',
    url: '/api/v2/vbot',
    token: admin.token,
    body: { data: { type: 'vbots', attributes: { bezeichnung: 'Hook bot' } } },
  });
  botToken = bot.json.meta.bot_token;
});
afterAll(async () => {
  await app?.stop();
  await receiver?.close();
});

async function addWebhook(url: string, events: string[], as: SignedIn = admin) {
  const res = await app.request({
    method: 'POST',
    url: '/api/v2/webhooks',
    token: as.token,
    body: { data: { type: 'webhooks', attributes: { url, events, description: 'CRM' } } },
  });
  expect(res.status, res.body).toBe(201);
  return { id: res.json.data.id as string, secret: res.json.data.attributes.secret as string };
}

async function ingestCall(): Promise<string> {
  const res = await app.request({
    method: 'POST',
    url: '/api/v2/bot/calls',
    token: botToken,
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: { caller_number: '+491701234567', response: [{ action: 'UserRecognizedText', text: 'Hello' }] },
  });
  expect(res.status).toBe(201);
  return res.json.data.id;
}

async function deliveries(webhookId: string) {
  const res = await app.request({ method: 'GET', url: `/api/v2/webhooks/${webhookId}/deliveries`, token: admin.token });
  expect(res.status).toBe(200);
  return res.json.data as { id: string; attributes: Record<string, unknown> }[];
}

/** Each endpoint gets its own query on the one receiver, so tests tell their requests apart. */
const urlFor = (name: string) => `${receiver.url}?${name}`;
const at = (name: string) => (r: Received) => r.url.endsWith(`?${name}`);

describe('webhooks', () => {
  it('delivers a new call signed as Standard Webhooks, verified by its library', async () => {
    const { secret } = await addWebhook(urlFor('signed'), ['call.created']);
    expect(secret).toMatch(/^whsec_/);
    const callId = await ingestCall();
    await app.webhooks.idle();
    const got = receiver.received.filter(at('signed'));
    expect(got).toHaveLength(1);
    const [message] = got;
    expect(JSON.parse(message!.body).data.id).toBe(callId);
    const verified = new Webhook(secret).verify(message!.body, {
      'webhook-id': String(message!.headers['webhook-id']),
      'webhook-timestamp': String(message!.headers['webhook-timestamp']),
      'webhook-signature': String(message!.headers['webhook-signature']),
    }) as { type: string; data: { id: string; attributes: { caller_number: string } } };
    expect(verified.type).toBe('call.created');
    expect(verified.data.attributes.caller_number).toBe('+491701234567');
    expect(message!.headers['webhook-id']).toMatch(/^msg_/);
    // A wrong secret does not verify.
    expect(() =>
      new Webhook(`whsec_${crypto.randomBytes(24).toString('base64')}`).verify(message!.body, {
        'webhook-id': String(message!.headers['webhook-id']),
        'webhook-timestamp': String(message!.headers['webhook-timestamp']),
        'webhook-signature': String(message!.headers['webhook-signature']),
      }),
    ).toThrow();
  });

  it('sends call.updated on each change and call.completed once per completion', async () => {
    const { id } = await addWebhook(urlFor('completed'), ['call.completed', 'call.updated']);
    const callId = await ingestCall();
    const patch = (status: string) =>
      app.request({
        method: 'PATCH',
        url: `/api/v2/calls/${callId}`,
        token: admin.token,
        body: { data: { type: 'calls', id: callId, attributes: { status } } },
      });
    await patch('Completed');
    await patch('Completed');
    await app.webhooks.idle();
    const events = (await deliveries(id)).map((d) => d.attributes.event);
    expect(events.filter((e) => e === 'call.completed')).toHaveLength(1);
    expect(events.filter((e) => e === 'call.updated')).toHaveLength(2);
    expect(events).not.toContain('call.created');
  });

  it('retries after a 500 and after a timeout, recording each attempt', async () => {
    const { id } = await addWebhook(urlFor('retry'), ['call.created']);
    let n = 0;
    receiver.setReply((req) => {
      if (!at('retry')(req)) return {};
      n += 1;
      if (n === 1) return { status: 500, body: 'boom' };
      if (n === 2) return { delayMs: TIMING.timeoutMs + 500 };
      return { status: 204 };
    });
    await ingestCall();
    await receiver.waitFor(() => n >= 3);
    await app.webhooks.idle();
    receiver.setReply(() => ({}));
    const [delivery] = await deliveries(id);
    expect(delivery!.attributes).toMatchObject({ status: 'succeeded', attempts: 3, response_status: 204 });
  });

  it('redelivers a delivery with the same message id and body', async () => {
    const { id } = await addWebhook(urlFor('redeliver'), ['call.created']);
    await ingestCall();
    await app.webhooks.idle();
    const [first] = await deliveries(id);
    const res = await app.request({
      method: 'POST',
      url: `/api/v2/webhooks/${id}/deliveries/${first!.id}/redeliver`,
      token: admin.token,
    });
    expect(res.status).toBe(202);
    await app.webhooks.idle();
    const list = await deliveries(id);
    expect(list).toHaveLength(2);
    expect(list[0]!.id).toBe(res.json.meta.delivery_id);
    expect(list[0]!.attributes.message_id).toBe(first!.attributes.message_id);
    const bodies = receiver.received.filter((r) => r.headers['webhook-id'] === first!.attributes.message_id);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]!.body).toBe(bodies[1]!.body);
  });

  it('sends a test event, keeps a short text excerpt of the answer and nothing else, and follows no redirect', async () => {
    const { id } = await addWebhook(urlFor('test'), ['sms.sent']);
    const answers: { headers: Record<string, string>; body: string; kept: string | null }[] = [
      // A long answer: its first 256 characters.
      { headers: {}, body: 'x'.repeat(1024 * 1024), kept: `${'x'.repeat(255)}…` },
      // Markup reduced to its text; scripts and styles gone.
      {
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: '<html><head><style>p{}</style><script>alert(1)</script></head><body><h1>502</h1> Bad&nbsp;Gateway</body></html>',
        kept: '502 Bad Gateway',
      },
      // Control characters and bidi overrides removed.
      { headers: {}, body: 'ok\u0007\u001b[31m red\u202e txet', kept: 'ok[31m red txet' },
      // Binary posing as text.
      { headers: {}, body: 'ok\u0000\u0001\u0002', kept: null },
      // Not text: nothing of it is kept.
      { headers: { 'content-type': 'image/png' }, body: '\u0089PNG\r\n', kept: null },
      { headers: { 'content-type': 'application/octet-stream' }, body: 'secret internal bytes', kept: null },
      { headers: { 'content-type': 'application/json' }, body: '{"ok":true}', kept: '{"ok":true}' },
    ];
    for (const answer of answers) {
      receiver.setReply((req) => (at('test')(req) ? { headers: answer.headers, body: answer.body } : {}));
      const test = await app.request({ method: 'POST', url: `/api/v2/webhooks/${id}/test`, token: admin.token });
      expect(test.status).toBe(202);
      await app.webhooks.idle();
      const [delivery] = await deliveries(id);
      expect(delivery!.attributes).toMatchObject({ event: 'webhook.test', status: 'succeeded', response_status: 200 });
      expect(delivery!.attributes.response_body, answer.body.slice(0, 40)).toBe(answer.kept);
    }

    const target = await startReceiver();
    receiver.setReply((req) => (at('test')(req) ? { status: 302, headers: { location: target.url } } : {}));
    await app.request({ method: 'POST', url: `/api/v2/webhooks/${id}/test`, token: admin.token });
    await app.webhooks.idle();
    const [delivery] = await deliveries(id);
    expect(delivery!.attributes.response_status).toBe(302);
    expect(delivery!.attributes.status).not.toBe('succeeded');
    expect(target.received).toHaveLength(0);
    receiver.setReply(() => ({}));
    await target.close();
  });

  it('sends sms.sent when an SMS about a call goes out', async () => {
    const { id } = await addWebhook(urlFor('sms'), ['sms.sent', 'sms.failed']);
    const callId = await ingestCall();
    const res = await app.request({
      method: 'POST',
      url: `/api/v2/calls/${callId}/sms`,
      token: admin.token,
      body: { data: { type: 'sms', attributes: { to: '+491701234567', message: 'We call you back' } } },
    });
    expect(res.status).toBe(201);
    await app.webhooks.idle();
    const [delivery] = await deliveries(id);
    expect(delivery!.attributes.event).toBe('sms.sent');
    const got = receiver.received.find((r) => r.headers['webhook-id'] === delivery!.attributes.message_id);
    expect(JSON.parse(got!.body).data.attributes).toMatchObject({ call_id: Number(callId), state: 'sent' });
  });

  it('pauses an endpoint that failed for a day, mails the company admins, and resumes when enabled', async () => {
    const { id } = await addWebhook(urlFor('pause'), ['call.created']);
    receiver.setReply((req) => (at('pause')(req) ? { status: 503 } : {}));
    await app.db.db
      .updateTable('webhooks')
      .set({ failing_since: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('id', '=', Number(id))
      .execute();
    await ingestCall();
    await app.webhooks.idle();
    const hook = await app.request({ method: 'GET', url: `/api/v2/webhooks/${id}`, token: admin.token });
    expect(hook.json.data.attributes).toMatchObject({ enabled: false, paused_reason: 'failing' });
    const mails = await app.db.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject'])
      .where('to_address', '=', admin.email)
      .execute();
    expect(mails).toEqual([{ to_address: admin.email, subject: 'A webhook endpoint was paused' }]);
    // Paused: the retry waits, and a new event waits with it.
    await ingestCall();
    await app.webhooks.idle();
    const waiting = await deliveries(id);
    expect(waiting.map((d) => d.attributes.status)).toEqual(['pending', 'pending']);

    receiver.setReply(() => ({}));
    const enabled = await app.request({
      method: 'PATCH',
      url: `/api/v2/webhooks/${id}`,
      token: admin.token,
      body: { data: { type: 'webhooks', id, attributes: { enabled: true } } },
    });
    expect(enabled.json.data.attributes).toMatchObject({ enabled: true, paused_reason: null, failing_since: null });
    await new Promise((r) => setTimeout(r, 500));
    await app.webhooks.idle();
    const sent = await deliveries(id);
    expect(sent.map((d) => d.attributes.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('keeps endpoints apart between companies and refuses bad input', async () => {
    const other = await app.signIn('admin');
    const { id } = await addWebhook(urlFor('other'), ['call.created'], other);
    for (const url of [`/api/v2/webhooks/${id}`, `/api/v2/webhooks/${id}/deliveries`]) {
      expect((await app.request({ method: 'GET', url, token: admin.token })).status).toBe(404);
    }
    expect((await app.request({ method: 'POST', url: `/api/v2/webhooks/${id}/test`, token: admin.token })).status).toBe(
      404,
    );
    const bad = (attributes: Record<string, unknown>) =>
      app.request({
        method: 'POST',
        url: '/api/v2/webhooks',
        token: admin.token,
        body: { data: { type: 'webhooks', attributes } },
      });
    expect((await bad({ url: 'ftp://example.com', events: ['call.created'] })).json.errors[0].code).toBe('urlInvalid');
    expect((await bad({ url: 'https://example.com', events: [] })).json.errors[0].code).toBe('webhookEventsRequired');
    expect((await bad({ url: receiver.url, events: ['call.exploded'] })).json.errors[0].code).toBe('invalidInput');
  });

  it('sends each delivery once when several processes run the sender', async () => {
    const { id } = await addWebhook(urlFor('once'), ['call.created']);
    const others = Array.from({ length: 3 }, () =>
      createWebhookSender({
        db: app.db.db,
        secrets: app.secrets,
        allowPrivate: true,
        publicUrl: 'http://portal.test',
        operatorSeed: app.config.operator,
        log: createLogger('silent'),
        wakeMailer: () => undefined,
        timing: TIMING,
      }),
    );
    await Promise.all(Array.from({ length: 12 }, () => ingestCall()));
    await Promise.all([app.webhooks.idle(), ...others.map((sender) => sender.idle())]);
    for (const sender of others) await sender.close();
    const ids = receiver.received.filter(at('once')).map((r) => String(r.headers['webhook-id']));
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expect((await deliveries(id)).every((d) => d.attributes.attempts === 1)).toBe(true);
  });

  it('retries first within 10 seconds and keeps trying for about a day', () => {
    expect(WEBHOOK_RETRY_DELAYS_MS[0]).toBeLessThanOrEqual(10_000);
    const total = WEBHOOK_RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);
    expect(total).toBeGreaterThan(22 * 3600_000);
    expect(total).toBeLessThanOrEqual(24 * 3600_000);
    for (let i = 1; i < WEBHOOK_RETRY_DELAYS_MS.length; i++) {
      expect(WEBHOOK_RETRY_DELAYS_MS[i]).toBeGreaterThanOrEqual(WEBHOOK_RETRY_DELAYS_MS[i - 1]!);
    }
  });
});

describe('webhook URLs', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp();
  });
  afterAll(async () => {
    await strict?.stop();
  });

  it('refuses loopback, private, link-local and metadata addresses', async () => {
    const owner = await strict.signIn('admin');
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.1.2.3/hook',
      'http://172.20.0.5/hook',
      'http://192.168.1.10/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[fd00:ec2::254]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0.0.0.0/hook',
      'http://100.64.0.1/hook',
    ]) {
      const res = await strict.request({
        method: 'POST',
        url: '/api/v2/webhooks',
        token: owner.token,
        body: { data: { type: 'webhooks', attributes: { url, events: ['call.created'] } } },
      });
      expect(res.status, url).toBe(422);
      expect(res.json.errors[0].code, url).toBe('webhookUrlRefused');
    }
    const rows = await strict.db.db.selectFrom('webhooks').select('id').execute();
    expect(rows).toEqual([]);
  });
});
