import crypto from 'node:crypto';
import net from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';
import { type Received, startReceiver } from '../../../test/webhook-receiver';
import { DEFAULT_WEBHOOK_TIMING } from './webhook-timing';

/** A's hanging endpoint holds a send this long; everything the tests compare is measured against it. */
const TIMEOUT_MS = 2_000;
const TIMING = {
  timeoutMs: TIMEOUT_MS,
  pollMs: 100,
  retryDelaysMs: [200, 400, 400],
  breakerFailures: 3,
  breakerMs: 60_000,
};

let app: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  app = await createTestApp({ webhookTiming: TIMING }, { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  receiver = await startReceiver();
  closers.push(receiver.close);
});
afterAll(async () => {
  await app?.stop();
  for (const close of closers) await close();
});

type Company = { admin: SignedIn; botToken: string };

async function company(): Promise<Company> {
  const admin = await app.signIn('admin');
  const bot = await app.request({
    method: 'POST',
    url: '/api/v2/vbot',
    token: admin.token,
    body: { data: { type: 'vbots', attributes: { bezeichnung: 'Queue bot' } } },
  });
  expect(bot.status, bot.body).toBe(201);
  return { admin, botToken: bot.json.meta.bot_token as string };
}

async function addWebhook(c: Company, url: string, events = ['call.created']) {
  const res = await app.request({
    method: 'POST',
    url: '/api/v2/webhooks',
    token: c.admin.token,
    body: { data: { type: 'webhooks', attributes: { url, events } } },
  });
  expect(res.status, res.body).toBe(201);
  return { id: res.json.data.id as string, secret: res.json.data.attributes.secret as string };
}

async function ingest(c: Company): Promise<string> {
  const res = await app.request({
    method: 'POST',
    url: '/api/v2/bot/calls',
    token: c.botToken,
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: { caller_number: '+491701234567', response: [{ action: 'UserRecognizedText', text: 'Hello' }] },
  });
  expect(res.status, res.body).toBe(201);
  return res.json.data.id as string;
}

async function endpoint(c: Company, id: string) {
  const res = await app.request({ method: 'GET', url: `/api/v2/webhooks/${id}`, token: c.admin.token });
  expect(res.status).toBe(200);
  return res.json.data.attributes as Record<string, unknown>;
}

async function deliveries(c: Company, id: string) {
  const res = await app.request({ method: 'GET', url: `/api/v2/webhooks/${id}/deliveries`, token: c.admin.token });
  expect(res.status).toBe(200);
  return res.json.data as { id: string; attributes: Record<string, unknown> }[];
}

const setEnabled = (c: Company, id: string, enabled: boolean) =>
  app.request({
    method: 'PATCH',
    url: `/api/v2/webhooks/${id}`,
    token: c.admin.token,
    body: { data: { type: 'webhooks', id, attributes: { enabled } } },
  });

/**
 * Queues `count` deliveries for each endpoint, in one transaction (the sender sees all or none), the endpoints'
 * rows interleaved in the order given, as a burst of events would queue them.
 */
async function queueBurst(webhookIds: string[], count: number) {
  const now = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, n) =>
    webhookIds.map((webhookId) => ({
      webhook_id: Number(webhookId),
      event: 'call.created',
      message_id: `msg_burst_${webhookId}_${n}_${crypto.randomBytes(4).toString('hex')}`,
      payload: JSON.stringify({ type: 'call.created', timestamp: now, data: { n } }),
      status: 'pending' as const,
      next_attempt_at: now,
      created_at: now,
      claimed_until: null,
      last_attempt_at: null,
      response_status: null,
      response_body: null,
      duration_ms: null,
      last_error: null,
    })),
  ).flat();
  await app.db.db.transaction().execute(async (trx) => {
    for (let at = 0; at < rows.length; at += 200) {
      await trx
        .insertInto('webhook_deliveries')
        .values(rows.slice(at, at + 200))
        .execute();
    }
  });
  app.webhooks.wake();
}

/** A port on the loopback interface where nothing listens: connections are refused at once. */
async function deadUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hook`;
}

const at = (name: string) => (r: Received) => r.url.endsWith(`?${name}`);
const urlFor = (name: string) => `${receiver.url}?${name}`;
const secondsFromNow = (iso: unknown) => (new Date(String(iso)).getTime() - Date.now()) / 1000;

describe('webhook deliveries per endpoint', () => {
  it('delivers company B promptly while company A’s endpoints hang or are dead', async () => {
    const a = await company();
    const b = await company();
    // A's endpoint takes every request and never answers; its other endpoint refuses connections.
    const hanging = await startReceiver(() => ({ hang: true }));
    closers.push(hanging.close);
    const aHang = await addWebhook(a, hanging.url);
    const aDead = await addWebhook(a, await deadUrl());
    const bHook = await addWebhook(b, urlFor('b-prompt'));
    // A burst of A's deliveries queued before B's one.
    await queueBurst([aHang.id, aDead.id], 60);
    await queueBurst([bHook.id], 1);

    await hanging.waitFor((all) => all.length >= 1);
    const aFirst = hanging.received[0]!.at;
    await receiver.waitFor((all) => all.some(at('b-prompt')), TIMEOUT_MS * 5);
    const bAt = receiver.received.find(at('b-prompt'))!.at;
    // B's delivery is not behind A's: it arrives before A's first send has even timed out.
    expect(bAt - aFirst).toBeLessThan(TIMEOUT_MS);
    // A's hanging endpoint holds one send at a time, never the whole queue.
    expect(hanging.received.length).toBe(1);
    await hanging.close();
  });

  it('gives another company its turn while one company’s long queue drains', async () => {
    const a = await company();
    const b = await company();
    const flooded = await addWebhook(a, urlFor('a-flood'));
    const prompt = await addWebhook(b, urlFor('b-turn'));
    receiver.setReply((req) => (at('a-flood')(req) ? { delayMs: 5 } : {}));
    await queueBurst([flooded.id], 100);
    await queueBurst([prompt.id], 1);
    await receiver.waitFor((all) => all.some(at('b-turn')));
    const aBefore = receiver.received.filter(at('a-flood')).length;
    // B was served while most of A's queue still waited.
    expect(aBefore).toBeLessThan(50);
    await app.webhooks.idle();
    receiver.setReply(() => ({}));
    // A's queue was sent in the order it was queued, one at a time.
    const order = receiver.received.filter(at('a-flood')).map((r) => JSON.parse(r.body).data.n as number);
    expect(order).toEqual(Array.from({ length: 100 }, (_, n) => n));
  });

  it('opens the circuit breaker after failures in a row and stops sending to the endpoint', async () => {
    const c = await company();
    const hook = await addWebhook(c, urlFor('breaker'));
    receiver.setReply((req) => (at('breaker')(req) ? { status: 500 } : {}));
    await queueBurst([hook.id], 10);
    await app.webhooks.idle();
    receiver.setReply(() => ({}));
    // Three failures open it; the other deliveries wait instead of each failing on their own.
    expect(receiver.received.filter(at('breaker'))).toHaveLength(3);
    const attributes = await endpoint(c, hook.id);
    expect(secondsFromNow(attributes.blocked_until)).toBeGreaterThan(50);
    expect(attributes).toMatchObject({ enabled: true, pending_deliveries: 10 });
    // Enabling it by hand closes the breaker: everything is sent.
    await setEnabled(c, hook.id, false);
    expect((await setEnabled(c, hook.id, true)).json.data.attributes.blocked_until).toBeNull();
    // The three that failed are retried on their own schedule, within a second here.
    for (let waited = 0; (await endpoint(c, hook.id)).pending_deliveries !== 0 && waited < 50; waited++) {
      await new Promise((r) => setTimeout(r, 100));
      await app.webhooks.idle();
    }
    expect(await endpoint(c, hook.id)).toMatchObject({ pending_deliveries: 0, blocked_until: null });
    expect(receiver.received.filter(at('breaker'))).toHaveLength(13);
  });

  it('honours Retry-After in seconds and as an HTTP date, capped at an hour', async () => {
    const c = await company();
    const cases = [
      { name: 'retry-seconds', header: '120', status: 503, seconds: 120 },
      { name: 'retry-date', header: new Date(Date.now() + 90_000).toUTCString(), status: 429, seconds: 90 },
      { name: 'retry-cap', header: String(30 * 24 * 3600), status: 503, seconds: 3600 },
    ];
    for (const { name, header, status, seconds } of cases) {
      const hook = await addWebhook(c, urlFor(name));
      receiver.setReply((req) => (at(name)(req) ? { status, headers: { 'retry-after': header } } : {}));
      await queueBurst([hook.id], 2);
      await app.webhooks.idle();
      // One attempt: the endpoint asked to be left alone, so its second delivery waits too.
      expect(receiver.received.filter(at(name)), name).toHaveLength(1);
      const [, first] = await deliveries(c, hook.id);
      expect(first!.attributes, name).toMatchObject({ status: 'pending', attempts: 1, response_status: status });
      const next = secondsFromNow(first!.attributes.next_attempt_at);
      expect(next, name).toBeGreaterThan(seconds - 6);
      expect(next, name).toBeLessThanOrEqual(seconds + 1);
      expect(secondsFromNow((await endpoint(c, hook.id)).blocked_until), name).toBeGreaterThan(seconds - 6);
    }
    receiver.setReply(() => ({}));
  });

  it('pauses an endpoint that answers 410 Gone, mails the admins and queues its events', async () => {
    const c = await company();
    const hook = await addWebhook(c, urlFor('gone'));
    receiver.setReply((req) => (at('gone')(req) ? { status: 410 } : {}));
    await ingest(c);
    await app.webhooks.idle();
    receiver.setReply(() => ({}));
    expect(await endpoint(c, hook.id)).toMatchObject({ enabled: false, paused_reason: 'gone' });
    const mails = await app.db.db
      .selectFrom('mail_outbox')
      .select(['subject'])
      .where('to_address', '=', c.admin.email)
      .execute();
    expect(mails).toHaveLength(1);
    // The mailer may have sent it already, and a sent mail keeps no body in the table.
    const texts = await app.mailTexts(c.admin.email);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('410 Gone');
    await ingest(c);
    await app.webhooks.idle();
    expect(receiver.received.filter(at('gone'))).toHaveLength(1);
    expect(await endpoint(c, hook.id)).toMatchObject({ pending_deliveries: 2 });
  });

  it('queues a paused endpoint’s events and sends them in order when it is enabled again', async () => {
    const c = await company();
    const hook = await addWebhook(c, urlFor('queued'));
    expect((await setEnabled(c, hook.id, false)).status).toBe(200);
    const calls = [await ingest(c), await ingest(c), await ingest(c)];
    await app.webhooks.idle();
    expect(receiver.received.filter(at('queued'))).toHaveLength(0);
    expect((await deliveries(c, hook.id)).map((d) => d.attributes.status)).toEqual(['pending', 'pending', 'pending']);
    expect(await endpoint(c, hook.id)).toMatchObject({ enabled: false, pending_deliveries: 3 });

    expect((await setEnabled(c, hook.id, true)).status).toBe(200);
    await app.webhooks.idle();
    const verifier = new Webhook(hook.secret);
    const got = receiver.received.filter(at('queued')).map((message) => {
      const event = verifier.verify(message.body, {
        'webhook-id': String(message.headers['webhook-id']),
        'webhook-timestamp': String(message.headers['webhook-timestamp']),
        'webhook-signature': String(message.headers['webhook-signature']),
      }) as { type: string; data: { id: string } };
      return event.data.id;
    });
    expect(got).toEqual(calls);
    expect(await endpoint(c, hook.id)).toMatchObject({ pending_deliveries: 0, dropped_deliveries: 0 });
  });

  it('drops what waited longer than 7 days and counts it on the endpoint', async () => {
    const c = await company();
    const hook = await addWebhook(c, urlFor('expired'));
    await setEnabled(c, hook.id, false);
    const calls = [await ingest(c), await ingest(c), await ingest(c)];
    const queued = await deliveries(c, hook.id);
    const oldest = queued.slice(1).map((d) => Number(d.id));
    await app.db.db
      .updateTable('webhook_deliveries')
      .set({ created_at: new Date(Date.now() - 8 * 24 * 3600_000).toISOString() })
      .where('id', 'in', oldest)
      .execute();
    const enabled = await setEnabled(c, hook.id, true);
    expect(enabled.json.data.attributes).toMatchObject({ dropped_deliveries: 2, pending_deliveries: 1 });
    await app.webhooks.idle();
    const got = receiver.received.filter(at('expired')).map((r) => JSON.parse(r.body).data.id as string);
    expect(got).toEqual([calls[2]]);
    expect(await deliveries(c, hook.id)).toHaveLength(1);
  });

  it('gives an endpoint 15 seconds to answer', () => {
    expect(DEFAULT_WEBHOOK_TIMING.timeoutMs).toBe(15_000);
  });
});
