import crypto from 'node:crypto';
import fs from 'node:fs';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../app';
import { POSTGRES_ADMIN_URL, createPostgresDatabase } from '../db';
import { type ServerProcess, freePort, spawnServer } from '../process';
import { writeFigures } from '../security/figures';
import { type FaultProxy, startFaultProxy } from '../tcp-proxy';
import { startBalancer } from './balancer';
import { reachable, requireService } from './services';
import { prepareCompany } from './setup';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How long each fault lasts. */
const FAULT_MS = 3_000;
/** Readiness must follow a database fault, and its end, within this. */
const READINESS_MS = 5_000;

type Answer = { status: number; ms: number; at: number; json?: unknown };

/** One request with a deadline far above every timeout of the server: status 0 means no answer (it hung or failed). */
async function send(url: string, init: RequestInit = {}, deadlineMs = 15_000): Promise<Answer> {
  const started = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(deadlineMs) });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, ms: Date.now() - started, at: Date.now(), json };
  } catch {
    return { status: 0, ms: Date.now() - started, at: Date.now() };
  }
}

/**
 * Polls each process's own /readyz (not through the balancer) every 100 ms until it answers `status`: the ms from
 * `since` to that answer for each, undefined for one that did not within `ms`.
 */
function readyzTurns(bases: string[], status: number, since: number, ms: number): Promise<(number | undefined)[]> {
  return Promise.all(
    bases.map(async (base) => {
      while (Date.now() - since < ms) {
        if ((await send(`${base}/readyz`, {}, 3_000)).status === status) return Date.now() - since;
        await sleep(100);
      }
      return undefined;
    }),
  );
}

type Outcome = { kind: 'call' | 'list' | 'login'; status: number; ms: number; at: number };

/**
 * Clients of the balancer: phonebot runtimes posting calls, each with its own Idempotency-Key and retried with it on
 * a 503 or a failed connection until acknowledged (as a runtime does); operators reading the call list; a few
 * sign-ins, the right password and a wrong one by turns.
 */
function startLoad(options: {
  base: string;
  botToken: string;
  accessToken: string;
  adminEmail: string;
  stranger: string;
  client: () => string;
  senders: number;
  readers: number;
}) {
  const { base } = options;
  const acknowledged = new Map<string, string>();
  const outcomes: Outcome[] = [];
  let attempts = 0;
  let running = true;
  let abandoned = false;
  const record = (kind: Outcome['kind'], answer: Answer) => {
    outcomes.push({ kind, status: answer.status, ms: answer.ms, at: answer.at });
    return answer;
  };
  const loops = [
    ...Array.from({ length: options.senders }, async (_, worker) => {
      for (let n = 0; running; n++) {
        const key = `w${worker}-c${n}-${crypto.randomUUID()}`;
        // Once begun, a call is retried until acknowledged, also after stop().
        while (!abandoned) {
          attempts++;
          const answer = record(
            'call',
            await send(`${base}/api/v2/bot/calls`, {
              method: 'POST',
              headers: {
                authorization: `Bearer ${options.botToken}`,
                'content-type': 'application/json',
                'idempotency-key': key,
              },
              body: JSON.stringify({
                caller_number: '+4930123456',
                response: [{ action: 'UserRecognizedText', text: `call ${key}` }],
              }),
            }),
          );
          if (answer.status === 201) {
            acknowledged.set(key, (answer.json as { data: { id: string } }).data.id);
            break;
          }
          // A runtime retries what may not have been stored: a 503, or no answer at all. Anything else is a failure
          // the test reports; it is not retried, so that it cannot hide.
          if (answer.status !== 503 && answer.status !== 0) break;
          await sleep(100);
        }
      }
    }),
    ...Array.from({ length: options.readers }, async () => {
      while (running) {
        const answer = record(
          'list',
          await send(`${base}/api/v2/callsview?per_page=10`, {
            headers: { authorization: `Bearer ${options.accessToken}` },
          }),
        );
        if (answer.status !== 200) await sleep(100);
      }
    }),
    (async () => {
      for (let n = 0; running; n++) {
        const right = n % 2 === 0;
        record(
          'login',
          await send(`${base}/api/v2/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': options.client() },
            body: JSON.stringify(
              right
                ? { email: options.adminEmail, password: PASSWORD }
                : { email: options.stranger, password: 'guessed-password' },
            ),
          }),
        );
        await sleep(250);
      }
    })(),
  ];
  return {
    acknowledged,
    outcomes,
    get attempts() {
      return attempts;
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
    /** Gives up at once, the calls begun too (the test has failed and its processes go). */
    abandon() {
      running = false;
      abandoned = true;
    },
  };
}

/**
 * Three server processes on one PostgreSQL database and one Redis behind a load balancer that probes `/readyz`, each
 * reaching PostgreSQL and Redis through TCP proxies the test controls, under Bot API calls, call-list reads and a
 * few sign-ins. PostgreSQL is cut (every connection destroyed, new ones refused), then stalled (connections accepted,
 * nothing forwarded); then Redis is, likewise. No process may die; each one's readiness must follow the database;
 * sign-ins must answer while Redis is away; every acknowledged call must be stored once; and the three must serve
 * again by themselves after the last fault.
 */
describe('three processes behind a balancer through PostgreSQL and Redis faults', () => {
  it('live through cuts and stalls, follow them with readiness, lose no call and recover by themselves', async () => {
    const redisTarget = new URL(REDIS_URL);
    if (!requireService(await reachable(5432), 'PostgreSQL at 127.0.0.1:5432')) return;
    if (
      !requireService(await reachable(Number(redisTarget.port || 6379), redisTarget.hostname), `Redis at ${REDIS_URL}`)
    )
      return;
    const started = Date.now();
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    const { app, prepared } = await prepareCompany({ DATABASE_URL: database.url });
    await app.close();
    cleanups.push(async () => fs.rmSync(prepared.dataDir, { recursive: true, force: true }));

    // One proxy to PostgreSQL and one to Redis, shared by the three processes: a fault reaches all of them at once.
    const pgTarget = new URL(POSTGRES_ADMIN_URL);
    const pgProxy: FaultProxy = await startFaultProxy({ host: pgTarget.hostname, port: Number(pgTarget.port || 5432) });
    cleanups.push(() => pgProxy.close());
    const redisProxy: FaultProxy = await startFaultProxy({
      host: redisTarget.hostname,
      port: Number(redisTarget.port || 6379),
    });
    cleanups.push(() => redisProxy.close());
    const databaseUrl = new URL(database.url);
    databaseUrl.host = `127.0.0.1:${pgProxy.port}`;
    const redisUrl = new URL(REDIS_URL);
    redisUrl.host = `127.0.0.1:${redisProxy.port}`;

    const env = {
      DATA_DIR: prepared.dataDir,
      DATABASE_URL: databaseUrl.toString(),
      DATABASE_STATEMENT_TIMEOUT_MS: '1500',
      DATABASE_ACQUIRE_TIMEOUT_MS: '1500',
      REDIS_URL: redisUrl.toString(),
      // Rate limits count in Redis, and the live events travel through it.
      EVENTS_TRANSPORT: 'redis',
      // The sign-ins are told apart by X-Forwarded-For: counts other runs left in the shared Redis never meet them.
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
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
    const bases = servers.map((server) => server.base);
    const deaths: { port: number; code: number | null; signal: NodeJS.Signals | null; at: number }[] = [];
    for (const server of servers)
      server.child.once('exit', (code, signal) => deaths.push({ port: server.port, code, signal, at: Date.now() }));
    const alive = () =>
      servers.map((server) => {
        if (server.child.exitCode !== null || server.child.signalCode !== null) return false;
        try {
          process.kill(server.child.pid!, 0);
          return true;
        } catch {
          return false;
        }
      });

    const balancer = await startBalancer(ports, { pollMs: 100, probeTimeoutMs: 1_000 });
    cleanups.push(() => balancer.close());
    for (let i = 0; i < 3; i++) await balancer.waitFor(i, true, 10_000);

    const run = crypto.randomBytes(3).toString('hex');
    const net16 = `10.${crypto.randomInt(1, 250)}.${crypto.randomInt(0, 250)}`;
    let clients = 0;
    const client = () => `${net16}.${(clients++ % 250) + 1}`;
    const stranger = `stranger-${run}@example.com`;
    const signIn = await send(`${balancer.base}/api/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client() },
      body: JSON.stringify({ email: prepared.adminEmail, password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const accessToken = (signIn.json as { meta: { access_token: string } }).meta.access_token;

    const load = startLoad({
      base: balancer.base,
      botToken: prepared.botToken,
      accessToken,
      adminEmail: prepared.adminEmail,
      stranger,
      client,
      senders: 6,
      readers: 2,
    });
    cleanups.push(async () => load.abandon());
    await sleep(2_000);
    expect(load.acknowledged.size).toBeGreaterThan(0);

    /** Sign-ins sent to each process directly: a wrong password twice and the right one. */
    const directLogins = () =>
      Promise.all(
        bases.flatMap((base) =>
          [false, false, true].map((right) =>
            send(`${base}/api/v2/login`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-forwarded-for': client() },
              body: JSON.stringify(
                right
                  ? { email: prepared.adminEmail, password: PASSWORD }
                  : { email: stranger, password: 'guessed-password' },
              ),
            }),
          ),
        ),
      );

    type Phase = {
      name: string;
      from: number;
      to: number;
      readyz503Ms: (number | undefined)[];
      readyz200Ms: (number | undefined)[];
      /** When the load was on all three again, just before the next fault. */
      end: number;
      logins: Answer[];
      aliveDuring: boolean[];
    };
    const phases: Phase[] = [];
    /** One fault of FAULT_MS: readiness watched on each process from its start and from its end. */
    const fault = async (name: string, proxy: FaultProxy, kind: 'cut' | 'stall') => {
      const from = Date.now();
      if (kind === 'cut') proxy.cut();
      else proxy.stall();
      const [readyz503Ms, logins] = await Promise.all([
        readyzTurns(bases, 503, from, READINESS_MS),
        // Sign-ins sent while the fault lasts, once it has begun to bite.
        sleep(1_000).then(directLogins),
      ]);
      const aliveDuring = alive();
      await sleep(from + FAULT_MS - Date.now());
      const to = Date.now();
      await proxy.restore();
      const readyz200Ms = await readyzTurns(bases, 200, to, 15_000);
      // Load on all three again before the next fault.
      await sleep(1_500);
      phases.push({ name, from, to, end: Date.now(), readyz503Ms, readyz200Ms, logins, aliveDuring });
    };

    // How many processes the balancer had in rotation, every 10 ms.
    const rotation: { at: number; ready: number }[] = [];
    const sampler = setInterval(
      () => rotation.push({ at: Date.now(), ready: balancer.backends.filter((b) => b.ready).length }),
      10,
    );
    cleanups.push(async () => clearInterval(sampler));

    await fault('postgres cut', pgProxy, 'cut');
    await fault('postgres stall', pgProxy, 'stall');
    const databaseDone = Date.now();
    await fault('redis cut', redisProxy, 'cut');
    await fault('redis stall', redisProxy, 'stall');
    const lastRestore = phases.at(-1)!.to;

    // Each process counts in Redis again by itself: a wrong password sent to it is counted there, not in the
    // database (fresh addresses and accounts, until one is; the ms after the last restore).
    const redis = new Redis(REDIS_URL);
    cleanups.push(async () => redis.disconnect());
    const backOnRedisMs = await Promise.all(
      bases.map(async (base, i) => {
        for (let n = 0; Date.now() - lastRestore < 10_000; n++) {
          const email = `back-${run}-${i}-${n}@example.com`;
          const address = client();
          const answer = await send(`${base}/api/v2/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
            body: JSON.stringify({ email, password: 'guessed-password' }),
          });
          if (answer.status === 401 && (await redis.get(`pbp:rl:login-fail:${email}|${address}`)) === '1')
            return Date.now() - lastRestore;
          await sleep(100);
        }
        return undefined;
      }),
    );

    // After the last restore, without a restart: each process on its own serves reads, ingest and sign-in.
    const servedBefore = balancer.backends.map((backend) => backend.served);
    const afterwards = await Promise.all(
      bases.map(async (base) => ({
        list: await send(`${base}/api/v2/callsview?per_page=10`, {
          headers: { authorization: `Bearer ${accessToken}` },
        }),
        call: await send(`${base}/api/v2/bot/calls`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${prepared.botToken}`,
            'content-type': 'application/json',
            'idempotency-key': `after-${crypto.randomUUID()}`,
          },
          body: JSON.stringify({ caller_number: '+4930123456', response: [] }),
        }),
        login: await send(`${base}/api/v2/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': client() },
          body: JSON.stringify({ email: prepared.adminEmail, password: PASSWORD }),
        }),
      })),
    );
    await sleep(1_000);
    await load.stop();
    clearInterval(sampler);
    const aliveAtEnd = alive();

    const logs = servers.map((server) => server.output.join(''));
    // No process died, during any fault or after.
    expect(deaths, logs.join('\n')).toEqual([]);
    for (const phase of phases) expect(phase.aliveDuring, phase.name).toEqual([true, true, true]);
    expect(aliveAtEnd).toEqual([true, true, true]);

    // Each process's readiness turned 503 within 5 s of each database fault, and 200 within 5 s of its end.
    for (const phase of phases.filter((p) => p.name.startsWith('postgres'))) {
      for (const ms of phase.readyz503Ms) expect(ms, `${phase.name}: readyz 503`).toBeLessThanOrEqual(READINESS_MS);
      for (const ms of phase.readyz200Ms) expect(ms, `${phase.name}: readyz 200`).toBeLessThanOrEqual(READINESS_MS);
    }
    // A Redis fault keeps every process ready (all requests are served without it): none left the rotation.
    for (const phase of phases.filter((p) => p.name.startsWith('redis'))) {
      expect(phase.readyz503Ms, `${phase.name}: readyz never 503`).toEqual([undefined, undefined, undefined]);
      for (const ms of phase.readyz200Ms) expect(ms, `${phase.name}: readyz 200`).toBeLessThanOrEqual(READINESS_MS);
    }

    // While Redis was away, sign-in answered each process within a few seconds as it would anyway: 200, 401 or 429.
    for (const phase of phases.filter((p) => p.name.startsWith('redis'))) {
      const wrong = phase.logins.filter((a) => ![200, 401, 429].includes(a.status) || a.ms > 3_000);
      expect(wrong, phase.name).toEqual([]);
      expect(phase.logins.filter((a) => a.status === 200).length, phase.name).toBe(3);
    }
    // While PostgreSQL was away they answered 503 within the timeouts, never hanging.
    for (const phase of phases.filter((p) => p.name.startsWith('postgres'))) {
      const wrong = phase.logins.filter((a) => a.status !== 503 || a.ms > 6_000);
      expect(wrong, phase.name).toEqual([]);
    }
    const redisLogins = load.outcomes.filter((o) => o.kind === 'login' && o.at > databaseDone);
    expect(
      redisLogins.filter((o) => ![200, 401, 429].includes(o.status)),
      'sign-ins through the balancer since the database faults',
    ).toEqual([]);

    // Nothing answered 500 or went unanswered; what failed was a 503, retried.
    const unexpected = load.outcomes.filter((o) => {
      const ok = o.kind === 'call' ? [201, 503] : o.kind === 'list' ? [200, 503] : [200, 401, 429, 503];
      return !ok.includes(o.status);
    });
    expect(unexpected, JSON.stringify(unexpected.slice(0, 10))).toEqual([]);
    expect(balancer.failures).toEqual([]);

    // Everything recovered: each process served reads, ingest and sign-in directly, and took its share of the load.
    for (const answer of afterwards) {
      expect(answer.list.status).toBe(200);
      expect(answer.call.status).toBe(201);
      expect(answer.login.status).toBe(200);
    }
    for (let i = 0; i < 3; i++) expect(balancer.backends[i]!.served).toBeGreaterThan(servedBefore[i]!);
    for (const ms of backOnRedisMs) expect(ms, 'counting in Redis again').toBeLessThanOrEqual(READINESS_MS);
    const callsAfter = load.outcomes.filter((o) => o.kind === 'call' && o.status === 201 && o.at > lastRestore);
    const listsAfter = load.outcomes.filter((o) => o.kind === 'list' && o.status === 200 && o.at > lastRestore);
    expect(callsAfter.length).toBeGreaterThan(0);
    expect(listsAfter.length).toBeGreaterThan(0);

    // Every acknowledged call stored once, and nothing else (besides the three sent directly afterwards).
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    let stored: number;
    try {
      const { rows } = await db.query<{ id: string; response: string }>('select id, response from calls');
      const byKey = new Map<string, string[]>();
      for (const row of rows) {
        const key = /call ([\w-]+)/.exec(row.response)?.[1];
        if (key) byKey.set(key, [...(byKey.get(key) ?? []), String(row.id)]);
      }
      const wrong = [...load.acknowledged].filter(([key, id]) => byKey.get(key)?.join() !== id);
      expect(wrong).toEqual([]);
      stored = rows.length;
      expect(stored).toBe(load.acknowledged.size + afterwards.length);
    } finally {
      await db.end();
    }

    const calls = load.outcomes.filter((o) => o.kind === 'call');
    const count = (list: Outcome[], status: number) => list.filter((o) => o.status === status).length;
    const duringPhase = (phase: Phase, kind: Outcome['kind']) =>
      load.outcomes.filter((o) => o.kind === kind && o.at >= phase.from && o.at < phase.end);
    /** The ms of the phase during which the balancer had no process in rotation. */
    const noneInRotationMs = (phase: Phase) => {
      const samples = rotation.filter((r) => r.at >= phase.from && r.at < phase.end);
      let ms = 0;
      for (let i = 1; i < samples.length; i++)
        if (samples[i - 1]!.ready === 0) ms += samples[i]!.at - samples[i - 1]!.at;
      return ms;
    };
    writeFigures(
      'cluster-faults',
      {
        processes: 3,
        faultMs: FAULT_MS,
        acknowledged: load.acknowledged.size,
        stored,
        attempts: load.attempts,
        calls503: count(calls, 503),
        lists503: count(
          load.outcomes.filter((o) => o.kind === 'list'),
          503,
        ),
        logins: Object.fromEntries(
          [200, 401, 429, 503].map((status) => [
            status,
            count(
              load.outcomes.filter((o) => o.kind === 'login'),
              status,
            ),
          ]),
        ),
        requests: load.outcomes.length,
        backOnRedisMs,
        phases: phases.map((phase) => ({
          name: phase.name,
          readyz503Ms: phase.readyz503Ms,
          readyz200Ms: phase.readyz200Ms,
          slowestDirectLoginMs: Math.max(...phase.logins.map((a) => a.ms)),
          directLogins: phase.logins.map((a) => a.status),
          noneInRotationMs: noneInRotationMs(phase),
          calls503: count(duringPhase(phase, 'call'), 503),
          slowestCallMs: Math.max(0, ...duringPhase(phase, 'call').map((o) => o.ms)),
          slowestListMs: Math.max(0, ...duringPhase(phase, 'list').map((o) => o.ms)),
          slowestLoginMs: Math.max(0, ...duringPhase(phase, 'login').map((o) => o.ms)),
        })),
        seconds: Math.round((Date.now() - started) / 1000),
      },
      'postgres',
    );
    for (const server of servers) expect(await server.stop('SIGTERM')).toBe(0);
  }, 120_000);
});
