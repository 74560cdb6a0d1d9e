import crypto from 'node:crypto';
import { type TestApp, createTestApp } from '../app';
import { paidPhonebot } from '../fixtures';

export type Prepared = {
  dataDir: string;
  databaseUrl?: string;
  botToken: string;
  licenseKey: string;
  adminEmail: string;
  customerId: number;
};

/**
 * A company with a paid phonebot, written through the real API of an in-process runtime that is then closed, so a
 * server process can take over the same data directory and database.
 */
export async function prepareCompany(env: NodeJS.ProcessEnv = {}): Promise<{ app: TestApp; prepared: Prepared }> {
  const app = await createTestApp({}, env);
  const admin = await app.signIn('admin', { email: `rel-${crypto.randomBytes(4).toString('hex')}@example.com` });
  const { botToken, licenseKey } = await paidPhonebot(app, 'Reliable', admin);
  return {
    app,
    prepared: {
      dataDir: app.config.dataDir,
      databaseUrl: app.config.databaseUrl,
      botToken,
      licenseKey,
      adminEmail: admin.email,
      customerId: admin.customerId!,
    },
  };
}

export type Sender = {
  acknowledged: Map<string, string>;
  attempts: number;
  stop: () => Promise<void>;
  refused: number[];
};

/**
 * Sends calls like a runtime: each with its own Idempotency-Key, retried with that key until the server
 * acknowledges it. `base()` answers the current server address.
 */
export function startSenders(base: () => string, botToken: string, count: number): Sender {
  const acknowledged = new Map<string, string>();
  const refused: number[] = [];
  let running = true;
  let attempts = 0;
  const loops = Array.from({ length: count }, async (_, worker) => {
    let n = 0;
    while (running) {
      const key = `w${worker}-c${n++}-${crypto.randomUUID()}`;
      // Once started, a call is retried until acknowledged, even after stop() was called.
      for (;;) {
        attempts++;
        try {
          const res = await fetch(`${base()}/api/v2/bot/calls`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${botToken}`,
              'content-type': 'application/json',
              'idempotency-key': key,
            },
            body: JSON.stringify({
              caller_number: '+4930123456',
              response: [{ action: 'UserRecognizedText', text: `call ${key}` }],
            }),
            signal: AbortSignal.timeout(5000),
          });
          if (res.status === 201) {
            acknowledged.set(key, ((await res.json()) as { data: { id: string } }).data.id);
            break;
          }
          refused.push(res.status);
        } catch {
          // the server is down or restarting
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  });
  return {
    acknowledged,
    refused,
    get attempts() {
      return attempts;
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
