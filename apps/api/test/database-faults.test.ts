import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { POSTGRES_ADMIN_URL, TEST_ENGINE, createPostgresDatabase } from './db';
import { type ServerProcess, spawnServer } from './process';
import { writeFigures } from './security/figures';
import { prepareCompany } from './reliability/setup';
import { type FaultProxy, startFaultProxy } from './tcp-proxy';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Probe = { status: number; ms: number };

/** One request with a deadline far above any timeout of the server: status 0 means it hung or the server is gone. */
async function probe(url: string, headers: Record<string, string> = {}): Promise<Probe> {
  const started = Date.now();
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(15_000) });
    await res.arrayBuffer();
    return { status: res.status, ms: Date.now() - started };
  } catch {
    return { status: 0, ms: Date.now() - started };
  }
}

/** How long after `since` /readyz first answered `status` (polling every 100 ms), or undefined within `ms`. */
async function readyzTurns(base: string, status: number, ms: number): Promise<number | undefined> {
  const since = Date.now();
  while (Date.now() - since < ms) {
    if ((await probe(`${base}/readyz`)).status === status) return Date.now() - since;
    await sleep(100);
  }
  return undefined;
}

/**
 * Posts calls like phonebot runtimes: each with its own Idempotency-Key, retried with that key until acknowledged.
 * `stop` lets the calls begun finish; `abandon` gives up at once (the server is gone: the test has failed).
 */
function startSenders(base: string, botToken: string, count: number) {
  const acknowledged = new Set<string>();
  const refused: number[] = [];
  let attempts = 0;
  let running = true;
  let abandoned = false;
  const loops = Array.from({ length: count }, async (_, worker) => {
    for (let n = 0; running; n++) {
      const key = `w${worker}-c${n}-${crypto.randomUUID()}`;
      while (!abandoned) {
        attempts++;
        try {
          const res = await fetch(`${base}/api/v2/bot/calls`, {
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
            signal: AbortSignal.timeout(10_000),
          });
          await res.arrayBuffer();
          if (res.status === 201) {
            acknowledged.add(key);
            break;
          }
          refused.push(res.status);
        } catch {
          refused.push(0); // no answer within 10 s, or the server is gone
        }
        await sleep(50);
      }
    }
  });
  return {
    acknowledged,
    refused,
    get attempts() {
      return attempts;
    },
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
    abandon: () => {
      running = false;
      abandoned = true;
    },
  };
}

/**
 * A real server process reaches PostgreSQL through a TCP proxy the test controls, while simulated phonebot
 * runtimes post calls (each with its Idempotency-Key, retried until acknowledged). The proxy cuts every connection,
 * then stalls them; the process must live through both, answer 503 quickly meanwhile, and recover by itself.
 */
describe.skipIf(TEST_ENGINE !== 'postgres')('the database connection fails under load', () => {
  it('cut and stalled connections answer 503 and readiness follows; the process lives and loses no call', async () => {
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    const { app, prepared } = await prepareCompany({ DATABASE_URL: database.url });
    await app.close();
    const target = new URL(POSTGRES_ADMIN_URL);
    const proxy: FaultProxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.push(() => proxy.close());
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;

    const server: ServerProcess = await spawnServer({
      DATA_DIR: prepared.dataDir,
      DATABASE_URL: viaProxy.toString(),
      DATABASE_STATEMENT_TIMEOUT_MS: '1500',
      DATABASE_ACQUIRE_TIMEOUT_MS: '1500',
      LOG_LEVEL: 'warn',
    });
    cleanups.push(() => server.stop('SIGKILL'));
    const bot = { authorization: `Bearer ${prepared.botToken}` };
    const config = () => probe(`${server.base}/api/v2/bot/config`, bot);
    expect((await config()).status).toBe(200);

    const senders = startSenders(server.base, prepared.botToken, 6);
    cleanups.push(async () => senders.abandon());
    await sleep(1500);
    expect(senders.acknowledged.size).toBeGreaterThan(0);

    // 1. Every connection is cut, and new ones are refused.
    proxy.cut();
    const cutReadyzMs = await readyzTurns(server.base, 503, 5_000);
    const duringCut = await Promise.all([config(), config(), config()]);
    await sleep(1000);
    expect(server.child.exitCode, server.output.join('')).toBeNull();
    await proxy.restore();
    const cutRecoveredMs = await readyzTurns(server.base, 200, 15_000);
    await sleep(1000);
    const afterCut = senders.acknowledged.size;

    // 2. Every connection stalls: nothing answers, nothing is closed.
    proxy.stall();
    const stallReadyzMs = await readyzTurns(server.base, 503, 5_000);
    const duringStall = await Promise.all([config(), config(), config()]);
    await proxy.restore();
    const stallRecoveredMs = await readyzTurns(server.base, 200, 15_000);
    await sleep(1500);
    const afterStall = (await config()).status;
    expect(server.child.exitCode, server.output.join('')).toBeNull();
    await senders.stop();

    expect(cutReadyzMs, 'readyz 503 after the cut').toBeLessThanOrEqual(5_000);
    expect(stallReadyzMs, 'readyz 503 after the stall').toBeLessThanOrEqual(5_000);
    expect(cutRecoveredMs, 'readyz 200 after the cut').toBeDefined();
    expect(stallRecoveredMs, 'readyz 200 after the stall').toBeDefined();
    // While the database is away a request answers 503 within the timeouts (1.5 s to get a connection, 2.5 s for
    // an answer), never hangs.
    for (const answer of [...duringCut, ...duringStall]) {
      expect(answer.status).toBe(503);
      expect(answer.ms).toBeLessThan(6_000);
    }
    expect(afterStall).toBe(200);
    expect(senders.acknowledged.size).toBeGreaterThan(afterCut);
    expect(senders.refused).toContain(503);
    // Every refusal was a 503 (or a rate limit): no 500, and no request without an answer.
    expect(senders.refused.filter((s) => s !== 503 && s !== 429)).toEqual([]);
    // The connections lost were logged, not thrown.
    expect(server.output.join('')).toMatch(/database connection lost|database unavailable/);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ response: string }>('select response from calls');
      const byKey = new Map<string, number>();
      for (const row of rows) {
        const key = /call ([\w-]+)/.exec(row.response)?.[1];
        if (key) byKey.set(key, (byKey.get(key) ?? 0) + 1);
      }
      expect([...senders.acknowledged.keys()].filter((key) => byKey.get(key) !== 1)).toEqual([]);
      expect(rows.length).toBe(senders.acknowledged.size);
      writeFigures('database-faults', {
        acknowledged: senders.acknowledged.size,
        found: rows.length,
        attempts: senders.attempts,
        refused503: senders.refused.filter((s) => s === 503).length,
        readyz503AfterCutMs: cutReadyzMs,
        readyz200AfterRestoreMs: cutRecoveredMs,
        readyz503AfterStallMs: stallReadyzMs,
        readyz200AfterStallRestoreMs: stallRecoveredMs,
        probesDuringCut: duringCut,
        probesDuringStall: duringStall,
      });
    } finally {
      await client.end();
    }
    expect(await server.stop('SIGTERM')).toBe(0);
  }, 90_000);
});
