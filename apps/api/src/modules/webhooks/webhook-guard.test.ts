import os from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/app';
import { startReceiver } from '../../../test/webhook-receiver';

const TIMING = { timeoutMs: 1_000, pollMs: 100, retryDelaysMs: [60_000] };
/** An address from a documentation range that no check blocks, as a host's public address would be. */
const PUBLIC_ON_THIS_HOST = '203.0.113.9';

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function create(app: TestApp, token: string, url: string) {
  return app.request({
    method: 'POST',
    url: '/api/v2/webhooks',
    token,
    body: { data: { type: 'webhooks', attributes: { url, events: ['call.created'] } } },
  });
}

/** An endpoint stored as if its URL had passed the check when it was saved (DNS answered differently then). */
async function storedEndpoint(app: TestApp, customerId: number, url: string) {
  const now = new Date().toISOString();
  const hook = await app.db.db
    .insertInto('webhooks')
    .values({
      customer_id: customerId,
      url,
      events: '["call.created"]',
      description: '',
      enabled: 1,
      secret: app.secrets.encrypt('whsec_c2VjcmV0', 'webhook-secret'),
      failing_since: null,
      paused_reason: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(hook.id);
}

async function testEvent(app: TestApp, token: string, id: string) {
  const res = await app.request({ method: 'POST', url: `/api/v2/webhooks/${id}/test`, token });
  expect(res.status).toBe(202);
  await app.webhooks.idle();
  const log = await app.request({ method: 'GET', url: `/api/v2/webhooks/${id}/deliveries`, token });
  return log.json.data[0].attributes as { status: string; response_status: number | null; last_error: string };
}

/** Adds an address to the host's interfaces, as a server with a public address on its network card has. */
function withPublicInterface() {
  const real = os.networkInterfaces();
  vi.spyOn(os, 'networkInterfaces').mockImplementation(() => ({
    ...real,
    eth9: [
      {
        address: PUBLIC_ON_THIS_HOST,
        netmask: '255.255.255.0',
        family: 'IPv4',
        mac: '02:00:00:00:00:09',
        internal: false,
        cidr: `${PUBLIC_ON_THIS_HOST}/24`,
      },
    ],
  }));
}

describe('webhook addresses of the server itself', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ webhookTiming: TIMING });
  });
  afterAll(async () => {
    await strict?.stop();
  });

  it('refuses every address of the host’s network interfaces, public ones too', async () => {
    withPublicInterface();
    const owner = await strict.signIn('admin');
    const addresses = Object.values(os.networkInterfaces())
      .flat()
      .map((entry) => entry!.address);
    expect(addresses).toContain(PUBLIC_ON_THIS_HOST);
    for (const address of addresses) {
      const host = address.includes(':') ? `[${address}]` : address;
      const res = await create(strict, owner.token, `http://${host}:8443/hook`);
      expect(res.status, address).toBe(422);
      expect(res.json.errors[0].code, address).toBe('webhookUrlRefused');
    }
    // Also when sending: an endpoint saved before is not called.
    const id = await storedEndpoint(strict, owner.customerId!, `http://${PUBLIC_ON_THIS_HOST}/hook`);
    const delivery = await testEvent(strict, owner.token, id);
    expect(delivery).toMatchObject({ status: 'pending', response_status: null });
    expect(delivery.last_error).toBe(`${PUBLIC_ON_THIS_HOST} resolves to an address of this server`);
  });

  it('judges a name’s addresses when it connects, and connects to exactly those (no DNS rebinding)', async () => {
    const owner = await strict.signIn('admin');
    // Saved when the name led somewhere public; now it resolves to the loopback interface.
    const id = await storedEndpoint(strict, owner.customerId!, receiver.url.replace('127.0.0.1', 'localhost'));
    const before = receiver.received.length;
    const delivery = await testEvent(strict, owner.token, id);
    expect(delivery.last_error).toBe('localhost resolves to a local or private address');
    expect(receiver.received.length).toBe(before);
  });
});

describe('webhook addresses of the product itself, even where private addresses are allowed', () => {
  let self: Awaited<ReturnType<typeof startReceiver>>;
  let dev: TestApp;
  beforeAll(async () => {
    // Stands in for the server's own listening port.
    self = await startReceiver();
    dev = await createTestApp(
      { webhookTiming: TIMING },
      { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', PORT: new URL(self.url).port, PUBLIC_URL: 'http://portal.test' },
    );
  });
  afterAll(async () => {
    await dev?.stop();
    await self?.close();
  });

  it('refuses PUBLIC_URL’s host and port and the listening port on this host’s addresses', async () => {
    const owner = await dev.signIn('admin');
    const port = new URL(self.url).port;
    for (const url of [
      'http://portal.test/api/v2/sms/status',
      'http://PORTAL.test.:80/hook',
      `http://127.0.0.1:${port}/api/v2/bot/calls`,
      `http://localhost:${port}/hook`,
      `http://[::1]:${port}/hook`,
      `http://0.0.0.0:${port}/hook`,
    ]) {
      const res = await create(dev, owner.token, url);
      expect(res.status, url).toBe(422);
      expect(res.json.errors[0].code, url).toBe('webhookUrlRefused');
    }
    // Another port of the loopback interface is a development receiver, and allowed here.
    expect((await create(dev, owner.token, receiver.url)).status).toBe(201);

    const id = await storedEndpoint(dev, owner.customerId!, `http://localhost:${port}/hook`);
    const delivery = await testEvent(dev, owner.token, id);
    expect(delivery.last_error).toBe('localhost is the address of this server itself');
    expect(self.received).toHaveLength(0);
  });
});
