import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../app';
import { createPostgresDatabase } from '../db';
import { type ServerProcess, freePort, spawnServer } from '../process';
import { writeFigures } from '../security/figures';
import { startBalancer } from './balancer';
import { reachable, requireService } from './services';
import { prepareCompany } from './setup';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Long enough for the balancer (probing every 100 ms) to take a stopping process out with room to spare. */
const DRAIN_MS = 1_500;

type Outcome = { kind: 'call' | 'list'; status: number; error?: string; at: number };

/**
 * Clients of the balancer: phonebot runtimes posting calls (each once, with its own Idempotency-Key) and operators
 * reading the call list. Nothing is retried by them: every answer other than the expected one is a failure.
 */
function startLoad(base: string, botToken: string, accessToken: string, senders: number, readers: number) {
  const acknowledged = new Map<string, string>();
  const outcomes: Outcome[] = [];
  let running = true;
  const record = async (kind: Outcome['kind'], request: () => Promise<Response>, expected: number) => {
    try {
      const res = await request();
      const text = await res.text();
      outcomes.push({ kind, status: res.status, at: Date.now() });
      return res.status === expected ? text : undefined;
    } catch (error) {
      outcomes.push({ kind, status: 0, error: String((error as Error).cause ?? error), at: Date.now() });
      return undefined;
    }
  };
  const loops = [
    ...Array.from({ length: senders }, async (_, worker) => {
      for (let n = 0; running; n++) {
        const key = `w${worker}-c${n}-${crypto.randomUUID()}`;
        const text = await record(
          'call',
          () =>
            fetch(`${base}/api/v2/bot/calls`, {
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
              signal: AbortSignal.timeout(15_000),
            }),
          201,
        );
        if (text !== undefined) acknowledged.set(key, (JSON.parse(text) as { data: { id: string } }).data.id);
      }
    }),
    ...Array.from({ length: readers }, async () => {
      while (running) {
        await record(
          'list',
          () =>
            fetch(`${base}/api/v2/callsview?per_page=10`, {
              headers: { authorization: `Bearer ${accessToken}` },
              signal: AbortSignal.timeout(15_000),
            }),
          200,
        );
      }
    }),
  ];
  return {
    acknowledged,
    outcomes,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * Three server processes on one PostgreSQL database behind a load balancer that probes `/readyz`, under a steady
 * load of Bot API calls and call-list reads. Each process in turn gets SIGTERM, exits, and is started again. With
 * SHUTDOWN_DRAIN_MS the stopping process answers `/readyz` 503 at once and keeps serving until the balancer has
 * taken it out; only then does it stop accepting. No client of the balancer may see a 5xx or a failed connection.
 */
describe('a rolling restart of three processes behind a balancer', () => {
  it('fails no request, stores every acknowledged call once, and ends with all three up', async () => {
    if (!requireService(await reachable(5432), 'PostgreSQL at 127.0.0.1:5432')) return;
    const started = Date.now();
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    const { app, prepared } = await prepareCompany({ DATABASE_URL: database.url });
    await app.close();
    cleanups.push(async () => fs.rmSync(prepared.dataDir, { recursive: true, force: true }));

    const env = {
      DATA_DIR: prepared.dataDir,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      SUPER_ADMIN_EMAIL: 'super@example.com',
      SUPER_ADMIN_PASSWORD: 'super-secret-password',
    };
    const ports: number[] = [];
    while (ports.length < 3) {
      const port = await freePort();
      if (!ports.includes(port)) ports.push(port);
    }
    const servers: ServerProcess[] = [];
    cleanups.push(() => Promise.all(servers.map((server) => server.stop('SIGKILL'))));
    // The first alone (it builds the server when its build is stale), then the other two together.
    servers.push(await spawnServer(env, ports[0]));
    servers.push(...(await Promise.all(ports.slice(1).map((port) => spawnServer(env, port)))));

    const balancer = await startBalancer(ports, { pollMs: 100, probeTimeoutMs: 1_000 });
    cleanups.push(() => balancer.close());
    for (let i = 0; i < 3; i++) await balancer.waitFor(i, true, 10_000);

    const login = await fetch(`${balancer.base}/api/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: prepared.adminEmail, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { access_token: accessToken } = ((await login.json()) as { meta: { access_token: string } }).meta;

    const load = startLoad(balancer.base, prepared.botToken, accessToken, 4, 2);
    cleanups.push(() => load.stop());
    await sleep(1_500);

    const restarts: { outOfRotationMs: number; exitedMs: number; backInRotationMs: number; exitCode: number | null }[] =
      [];
    const servedAfterRestart: number[] = [];
    for (let i = 0; i < 3; i++) {
      const old = servers[i]!;
      const signalled = Date.now();
      old.child.kill('SIGTERM');
      const outOfRotationMs = await balancer.waitFor(i, false, DRAIN_MS);
      const exitCode = await old.exited;
      const exitedMs = Date.now() - signalled;
      servers[i] = await spawnServer(env, ports[i]);
      await balancer.waitFor(i, true, 10_000);
      restarts.push({ outOfRotationMs, exitedMs, backInRotationMs: Date.now() - signalled, exitCode });
      servedAfterRestart[i] = balancer.backends[i]!.served;
      // Load on all three again, the new process included, before the next one goes.
      await sleep(1_500);
    }
    await load.stop();

    const failed = load.outcomes.filter((o) => o.status !== (o.kind === 'call' ? 201 : 200));
    expect(failed, JSON.stringify(failed.slice(0, 10))).toEqual([]);
    expect(balancer.failures).toEqual([]);
    // The drain alone kept the stopping processes out of the way: no request needed the balancer's retry.
    expect(balancer.retried).toBe(0);
    for (const restart of restarts) {
      expect(restart.exitCode).toBe(0);
      expect(restart.outOfRotationMs).toBeLessThan(DRAIN_MS);
      // Out of rotation before it stopped accepting: the drain lasted until then.
      expect(restart.exitedMs).toBeGreaterThanOrEqual(DRAIN_MS);
    }
    // Round robin reached every process, each restarted one too.
    for (let i = 0; i < 3; i++) expect(balancer.backends[i]!.served).toBeGreaterThan(servedAfterRestart[i]!);
    const calls = load.outcomes.filter((o) => o.kind === 'call').length;
    const lists = load.outcomes.length - calls;
    expect(calls).toBeGreaterThan(100);
    expect(lists).toBeGreaterThan(50);

    // All three up, each ready on its own.
    for (const server of servers) expect((await fetch(`${server.base}/readyz`)).status).toBe(200);

    // Every acknowledged call stored once, and nothing else.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string; response: string }>('select id, response from calls');
      const byKey = new Map<string, string[]>();
      for (const row of rows) {
        const key = /call ([\w-]+)/.exec(row.response)?.[1];
        if (key) byKey.set(key, [...(byKey.get(key) ?? []), String(row.id)]);
      }
      const wrong = [...load.acknowledged].filter(([key, id]) => byKey.get(key)?.join() !== id);
      expect(wrong).toEqual([]);
      expect(rows.length).toBe(load.acknowledged.size);
    } finally {
      await client.end();
    }

    writeFigures(
      'rolling-restart',
      {
        processes: 3,
        drainMs: DRAIN_MS,
        requests: load.outcomes.length,
        calls,
        lists,
        acknowledged: load.acknowledged.size,
        failed: failed.length,
        balancerRetries: balancer.retried,
        restarts,
        seconds: Math.round((Date.now() - started) / 1000),
      },
      'postgres',
    );
  }, 120_000);
});
