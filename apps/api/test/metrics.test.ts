import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from './app';

const TOKEN = 'metrics-token-0123456789abcdef';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.stop();
});

/** The value of one sample line (`name{labels} value`), or undefined when the text has none. */
function sample(text: string, prefix: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  it('answers 404 without METRICS_TOKEN configured, and without or with a wrong token', async () => {
    const plain = await createTestApp();
    apps.push(plain);
    const bearer = { authorization: `Bearer ${TOKEN}` };
    expect((await plain.request({ method: 'GET', url: '/metrics', headers: bearer })).status).toBe(404);

    const app = await createTestApp({ metricsToken: TOKEN });
    apps.push(app);
    expect((await app.request({ method: 'GET', url: '/metrics' })).status).toBe(404);
    const wrong = { authorization: `Bearer ${TOKEN.slice(0, -1)}x` };
    expect((await app.request({ method: 'GET', url: '/metrics', headers: wrong })).status).toBe(404);
    expect((await app.request({ method: 'GET', url: '/metrics', headers: { authorization: TOKEN } })).status).toBe(404);
  });

  it('serves OpenMetrics: request durations by route template, calls ingested, streams, outbox, loop lag, pool', async () => {
    const app = await createTestApp({ metricsToken: TOKEN });
    apps.push(app);
    const admin = await app.signIn('admin');
    const created = await app.request({
      method: 'POST',
      url: '/api/v2/vbot',
      token: admin.token,
      body: { data: { type: 'vbots', attributes: { bezeichnung: 'Metered', category_terms: ['Sales'] } } },
    });
    const post = () =>
      app.request({
        method: 'POST',
        url: '/api/v2/bot/calls',
        headers: { authorization: `Bearer ${created.json.meta.bot_token}`, 'idempotency-key': 'metered-1' },
        body: { caller_number: '+4930123456', response: [{ action: 'UserRecognizedText', text: 'hello' }] },
      });
    expect((await post()).status).toBe(201);
    expect((await post()).headers['idempotent-replayed']).toBe('true');
    await app.request({ method: 'GET', url: '/api/v2/calls/12345', token: admin.token });
    await app.request({ method: 'GET', url: '/no/such/path/42' });
    await app.db.db
      .insertInto('mail_outbox')
      .values({
        to_address: 'someone@example.com',
        subject: 'Waiting',
        text_body: 'x',
        html_body: null,
        links: null,
        next_attempt_at: new Date(Date.now() + 3_600_000).toISOString(),
        claimed_until: null,
        last_error: null,
        created_at: new Date(Date.now() - 120_000).toISOString(),
        sent_at: null,
        failed_at: null,
      })
      .execute();

    const res = await app.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/openmetrics-text; version=1\.0\.0/);
    const text = res.body;
    expect(text.trimEnd().endsWith('# EOF')).toBe(true);
    // Route templates, never ids or unknown paths.
    expect(
      sample(text, 'http_request_duration_seconds_count{method="POST",route="/api/v2/bot/calls",status_code="201"}'),
    ).toBe(2);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/v2/calls/:id",status_code="404"}'),
    ).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}')).toBe(
      1,
    );
    expect(text).not.toContain('12345');
    expect(text).not.toContain('/no/such/path');
    // The retry answered from its Idempotency-Key is not a second call.
    expect(sample(text, 'phonebot_calls_ingested_total{source="bot_api"}')).toBe(1);
    expect(sample(text, 'phonebot_event_streams_open')).toBe(0);
    expect(sample(text, 'phonebot_mail_outbox_depth')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'phonebot_mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(119);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'phonebot_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(TOKEN);
  });

  it('reports the webhook queue: pending deliveries and the age of the oldest, read at each scrape', async () => {
    const app = await createTestApp({ metricsToken: TOKEN });
    apps.push(app);
    const admin = await app.signIn('admin');
    const scrape = async () =>
      (await app.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const empty = await scrape();
    expect(empty).toContain('# TYPE phonebot_webhook_queue_depth gauge');
    expect(empty).toContain('# TYPE phonebot_webhook_queue_oldest_age_seconds gauge');
    expect(sample(empty, 'phonebot_webhook_queue_depth')).toBe(0);
    expect(sample(empty, 'phonebot_webhook_queue_oldest_age_seconds')).toBe(0);

    // A paused endpoint: its deliveries wait in the queue, and the sender leaves them there.
    const now = new Date().toISOString();
    const hook = await app.db.db
      .insertInto('webhooks')
      .values({
        customer_id: admin.customerId!,
        url: 'https://hooks.example.com/in',
        events: JSON.stringify(['call.created']),
        description: '',
        enabled: 0,
        secret: 'not-used',
        failing_since: null,
        paused_reason: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const delivery = (status: 'pending' | 'succeeded' | 'failed', ageMs: number) => ({
      webhook_id: hook.id,
      event: 'call.created',
      message_id: `msg_${crypto.randomUUID()}`,
      payload: '{}',
      status,
      next_attempt_at: status === 'pending' ? now : null,
      claimed_until: null,
      last_attempt_at: null,
      response_status: null,
      response_body: null,
      duration_ms: null,
      last_error: null,
      created_at: new Date(Date.now() - ageMs).toISOString(),
    });
    await app.db.db
      .insertInto('webhook_deliveries')
      .values([
        delivery('pending', 300_000),
        delivery('pending', 60_000),
        delivery('pending', 0),
        // Finished ones are the log, not the queue, however old.
        delivery('succeeded', 3_600_000),
        delivery('failed', 7_200_000),
      ])
      .execute();

    const text = await scrape();
    expect(sample(text, 'phonebot_webhook_queue_depth')).toBe(3);
    const age = sample(text, 'phonebot_webhook_queue_oldest_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(299);
    expect(age).toBeLessThan(400);
    // The mail figures still come from the same read.
    expect(sample(text, 'phonebot_mail_outbox_depth')).toBeGreaterThanOrEqual(0);
  });

  it('counts open event streams', async () => {
    const app = await createTestApp({ metricsToken: TOKEN });
    apps.push(app);
    const admin = await app.signIn('admin');
    const base = await app.app.listen({ port: 0, host: '127.0.0.1' });
    const scrape = async () =>
      sample(
        await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text(),
        'phonebot_event_streams_open',
      );
    const controller = new AbortController();
    const stream = await fetch(`${base}/api/v2/events`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${admin.token}` },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    await stream.body!.getReader().read();
    expect(await scrape()).toBe(1);
    controller.abort();
    let open: number | undefined = 1;
    for (let i = 0; i < 50 && open !== 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      open = await scrape();
    }
    expect(open).toBe(0);
  });
});
