import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, spawnServer } from './process';
import { prepareCompany } from './reliability/setup';
import { startReceiver } from './webhook-receiver';

const CALLS = 8;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('webhook deliveries across a crash', () => {
  it('loses no delivery when the server is killed while sending', async () => {
    // The endpoint holds every request open until the server is killed, then accepts.
    const receiver = await startReceiver(() => ({ hang: true }));
    cleanups.push(receiver.close);
    const { app, prepared } = await prepareCompany({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
    cleanups.push(app.stop);
    const admin = await app.signIn('admin', { customerId: prepared.customerId });
    const created = await app.request({
      method: 'POST',
      url: '/api/v2/webhooks',
      token: admin.token,
      body: { data: { type: 'webhooks', attributes: { url: receiver.url, events: ['call.created'] } } },
    });
    expect(created.status).toBe(201);
    const secret: string = created.json.data.attributes.secret;
    await app.close();

    const env = {
      DATA_DIR: prepared.dataDir,
      DATABASE_URL: prepared.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    };
    let server: ServerProcess = await spawnServer(env);
    cleanups.push(() => server.stop('SIGKILL').then(() => undefined));
    const callIds: string[] = [];
    for (let i = 0; i < CALLS; i++) {
      const res = await fetch(`${server.base}/api/v2/bot/calls`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${prepared.botToken}`,
          'content-type': 'application/json',
          'idempotency-key': `crash-${i}-${Date.now()}`,
        },
        body: JSON.stringify({ caller_number: '+4930123456', response: [] }),
      });
      expect(res.status).toBe(201);
      callIds.push(((await res.json()) as { data: { id: string } }).data.id);
    }
    // Deliveries are in flight (claimed, unanswered) when the process dies.
    await receiver.waitFor((all) => all.length >= 1);
    await server.stop('SIGKILL');

    receiver.setReply(() => ({ status: 200 }));
    server = await spawnServer(env);
    const verifier = new Webhook(secret);
    const delivered = () =>
      new Set(
        receiver.received
          .map((message) => {
            try {
              const event = verifier.verify(message.body, {
                'webhook-id': String(message.headers['webhook-id']),
                'webhook-timestamp': String(message.headers['webhook-timestamp']),
                'webhook-signature': String(message.headers['webhook-signature']),
              }) as { type: string; data: { id: string } };
              return event.type === 'call.created' ? event.data.id : undefined;
            } catch {
              return undefined;
            }
          })
          .filter((id): id is string => id !== undefined),
      );
    // A claim of the killed process runs out after the timeout and a few seconds; then the new process sends it.
    await receiver.waitFor(() => callIds.every((id) => delivered().has(id)), 60_000);
    expect([...delivered()].sort()).toEqual([...callIds].sort());
    await server.stop('SIGTERM');
  }, 120_000);
});
