import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { JSONAPI_MEDIA_TYPE } from '@phonebot/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD, createTestApp } from './app';
import { type ServerProcess, spawnServer } from './process';
import { prepareCompany } from './reliability/setup';
import { reachable } from './reliability/services';
import { writeFigures } from './security/figures';
import { openStream } from './sse';
import { startFaultProxy } from './tcp-proxy';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A TCP gate in front of Redis: `refuse` closes its listener (connections are refused, the open ones closed),
 * `stall` accepts and holds new connections and stops forwarding on the open ones (nothing is answered, nothing is
 * closed: a half-open network or a frozen server), `restore` listens and forwards again.
 */
async function startRedisGate(target: { host: string; port: number }) {
  const proxy = await startFaultProxy(target);
  return Object.assign(proxy, { url: `redis://127.0.0.1:${proxy.port}` });
}

type Answer = { status: number; ms: number; json?: unknown };

/** One request with a deadline far above every timeout of the server: status 0 means it hung. */
async function send(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, ms: Date.now() - started, json };
  } catch {
    return { status: 0, ms: Date.now() - started };
  }
}

/** What /readyz answers: its HTTP status, its `status` and its Redis check. */
type Readiness = { code: number; status?: string; redis?: string };

/**
 * How long until /readyz first answered as `wanted` (polling every 100 ms), or undefined within `ms`; every answer
 * on the way is kept in `seen`.
 */
async function readyzTurns(base: string, wanted: Readiness, ms: number, seen: Readiness[] = []) {
  const since = Date.now();
  while (Date.now() - since < ms) {
    const answer = await send(`${base}/readyz`);
    const body = answer.json as { status?: string; checks?: { redis?: string } } | undefined;
    const now: Readiness = { code: answer.status, status: body?.status, redis: body?.checks?.redis };
    seen.push(now);
    if (now.code === wanted.code && now.status === wanted.status && now.redis === wanted.redis) {
      return Date.now() - since;
    }
    await sleep(100);
  }
  return undefined;
}

const DEGRADED: Readiness = { code: 200, status: 'degraded', redis: 'unavailable' };
const READY: Readiness = { code: 200, status: 'ok', redis: 'ok' };

/**
 * A real server process reaches Redis (rate limits and the live events' transport) through a gate the test
 * controls. Redis refuses connections, then stalls, then comes back; in every phase sign-in and API keys answer
 * within a few seconds with what they would answer anyway (200, 401, and 429 from the 11th wrong password on),
 * never 500, and /readyz follows Redis.
 */
describe('Redis fails under a running server', () => {
  it('refused and stalled: logins and API keys answer within the timeout, limits hold, all return to Redis', async ({
    skip,
  }) => {
    const redis = new URL(REDIS_URL);
    if (!(await reachable(Number(redis.port || 6379), redis.hostname))) {
      console.warn(`\n!!!!!!!! Redis is not reachable at ${REDIS_URL}: the Redis faults were not tested.\n`);
      skip();
    }
    const gate = await startRedisGate({ host: redis.hostname, port: Number(redis.port || 6379) });
    cleanups.push(() => gate.close());

    const { app, prepared } = await prepareCompany();
    const admin = await app.signIn('admin', { customerId: prepared.customerId });
    const created = await app.request({
      method: 'POST',
      url: '/api/v2/api-keys',
      token: admin.token,
      body: { data: { type: 'api-keys', attributes: { name: 'CRM', scopes: ['calls:read'] } } },
    });
    expect(created.status).toBe(201);
    const apiKey = created.json.data.attributes.token as string;
    // The in-process runtime stays open beside the server on the same database: the test reads the database with it.
    cleanups.push(() => app.stop());

    const server: ServerProcess = await spawnServer({
      DATA_DIR: prepared.dataDir,
      ...(prepared.databaseUrl ? { DATABASE_URL: prepared.databaseUrl } : {}),
      REDIS_URL: gate.url,
      EVENTS_TRANSPORT: 'redis',
      // The test's clients are told apart by X-Forwarded-For: counts left in the shared Redis by other runs of
      // this test never meet this run's.
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'info',
    });
    cleanups.push(() => server.stop('SIGKILL'));
    const run = crypto.randomBytes(3).toString('hex');
    const client = `10.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}`;
    const headers = {
      accept: JSONAPI_MEDIA_TYPE,
      'content-type': JSONAPI_MEDIA_TYPE,
      'x-forwarded-for': client,
    };
    const login = (email: string, password: string) =>
      send(`${server.base}/api/v2/login`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
    const withKey = () =>
      send(`${server.base}/api/v2/calls`, {
        headers: { accept: JSONAPI_MEDIA_TYPE, authorization: `Bearer ${apiKey}`, 'x-forwarded-for': client },
      });

    const everyAnswer: (Answer & { phase: string; what: string })[] = [];
    /** What sign-in and the API key answer now: 10 wrong passwords of a fresh address, the 11th, the right one. */
    const phase = async (name: string) => {
      const stranger = `${name}-${run}@example.com`;
      const wrong: Answer[] = [];
      for (let i = 0; i < 10; i++) wrong.push(await login(stranger, 'guessed-password'));
      const eleventh = await login(stranger, 'guessed-password');
      const right = await login(prepared.adminEmail, PASSWORD);
      const keyed = [await withKey(), await withKey()];
      const answers = [
        ...wrong.map((a) => ({ ...a, phase: name, what: 'wrong password' })),
        { ...eleventh, phase: name, what: '11th wrong password' },
        { ...right, phase: name, what: 'right password' },
        ...keyed.map((a) => ({ ...a, phase: name, what: 'API key' })),
      ];
      everyAnswer.push(...answers);
      return {
        wrong: wrong.map((a) => a.status),
        eleventh: eleventh.status,
        right: right.status,
        keyed: keyed.map((a) => a.status),
        slowestMs: Math.max(...answers.map((a) => a.ms)),
        token: (right.json as { meta?: { access_token?: string } } | undefined)?.meta?.access_token,
      };
    };
    const expectServed = (result: Awaited<ReturnType<typeof phase>>, name: string) => {
      expect(result.wrong, name).toEqual(Array.from({ length: 10 }, () => 401));
      expect(result.eleventh, name).toBe(429);
      expect(result.right, name).toBe(200);
      expect(result.keyed, name).toEqual([200, 200]);
    };

    const up = await phase('up');
    expectServed(up, 'Redis up');
    expect((await send(`${server.base}/readyz`)).json).toMatchObject({ status: 'ok', checks: { redis: 'ok' } });

    // A live event stream: its transport is Redis pub/sub.
    const stream = await openStream(server.base, { token: up.token! });
    expect(stream.status).toBe(200);
    const post = async () => {
      const res = await send(`${server.base}/api/v2/bot/calls`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${prepared.botToken}`,
          'content-type': 'application/json',
          'idempotency-key': crypto.randomUUID(),
        },
        body: JSON.stringify({ caller_number: '+4930123456', response: [] }),
      });
      expect(res.status).toBe(201);
      return { at: Date.now(), id: (res.json as { data: { id: string } }).data.id, ms: res.ms };
    };
    const arrives = async (call: { at: number; id: string }) => {
      await stream.waitFor((events) => events.some((e) => e.data.includes(`"id":"${call.id}"`)), 15_000);
      return Date.now() - call.at;
    };
    const upCall = await post();
    const upEventMs = await arrives(upCall);

    // 1. Redis refuses connections.
    await gate.refuse();
    const readiness: Readiness[] = [];
    const refusedReadyzMs = await readyzTurns(server.base, DEGRADED, 5_000, readiness);
    const refused = await phase('refused');
    const refusedCall = await post();
    const refusedEventMs = await arrives(refusedCall);
    expect(server.child.exitCode, server.output.join('')).toBeNull();
    await gate.restore();
    const refusedBackMs = await readyzTurns(server.base, READY, 15_000, readiness);
    await sleep(1_500);
    const afterRefused = await phase('after-refused');

    // 2. Redis stalls: connections are accepted and held, nothing is answered.
    gate.stall();
    const stalledReadyzMs = await readyzTurns(server.base, DEGRADED, 5_000, readiness);
    const stalled = await phase('stalled');
    const stalledCall = await post();
    const stalledEventMs = await arrives(stalledCall);
    expect(server.child.exitCode, server.output.join('')).toBeNull();
    await gate.restore();
    const stalledBackMs = await readyzTurns(server.base, READY, 15_000, readiness);
    await sleep(1_500);
    const restored = await phase('restored');
    const restoredCall = await post();
    const restoredEventMs = await arrives(restoredCall);
    stream.close();

    expectServed(refused, 'Redis refusing connections');
    expectServed(afterRefused, 'Redis back after refusing');
    expectServed(stalled, 'Redis stalled');
    expectServed(restored, 'Redis back after the stall');
    // No answer took longer than a few seconds (the command timeout is 500 ms), none was a 500.
    const slow = everyAnswer.filter((a) => a.status === 0 || a.ms > 3_000);
    expect(slow, JSON.stringify(slow)).toEqual([]);
    expect(everyAnswer.filter((a) => a.status >= 500)).toEqual([]);
    // Readiness says Redis is away and comes back, and keeps the process in rotation all along (everything is served).
    expect(refusedReadyzMs, 'readyz degraded after the refusal').toBeDefined();
    expect(stalledReadyzMs, 'readyz degraded after the stall').toBeDefined();
    expect(refusedBackMs, 'readyz ok after the refusal').toBeDefined();
    expect(stalledBackMs, 'readyz ok after the stall').toBeDefined();
    expect(readiness.filter((answer) => answer.code !== 200)).toEqual([]);
    // Event streams get every call: through the database sweep while Redis is away (every 5 s), through Redis after.
    for (const ms of [upEventMs, refusedEventMs, stalledEventMs, restoredEventMs]) expect(ms).toBeLessThan(8_000);
    // Storing a call publishes its event to Redis without waiting for it.
    for (const call of [upCall, refusedCall, stalledCall, restoredCall]) expect(call.ms).toBeLessThan(3_000);
    // Each outage was said once, and its end; the event subscriber reconnected by itself.
    const log = server.output.join('');
    const count = (text: string) => log.split(text).length - 1;
    expect(count('redis unavailable: rate limits are counted in the database'), log).toBe(2);
    expect(count('redis answers again: rate limits are counted in redis again'), log).toBe(2);
    expect(count('event subscriber connection restored'), log).toBeGreaterThanOrEqual(2);
    // Back on Redis: this run's counts of the last phase are in Redis, not in the database.
    // Where the wrong passwords were counted: in the database while Redis was away, in Redis before and after.
    const failKey = (name: string) => `login-fail:${name}-${run}@example.com|${client}`;
    const inDatabase = await app.db.db
      .selectFrom('rate_limits')
      .select(['key', 'count'])
      .where('key', 'in', ['up', 'refused', 'after-refused', 'stalled', 'restored'].map(failKey))
      .execute();
    expect(Object.fromEntries(inDatabase.map((row) => [row.key, Number(row.count)]))).toEqual({
      [failKey('refused')]: 10,
      [failKey('stalled')]: 10,
    });
    const direct = new Redis(REDIS_URL);
    try {
      expect(await direct.get(`pbp:rl:${failKey('up')}`)).toBe('10');
      expect(await direct.get(`pbp:rl:${failKey('after-refused')}`)).toBe('10');
      expect(await direct.get(`pbp:rl:${failKey('restored')}`)).toBe('10');
    } finally {
      direct.disconnect();
    }

    writeFigures('redis-faults', {
      slowestAnswerMs: { up: up.slowestMs, refused: refused.slowestMs, stalled: stalled.slowestMs },
      slowestAfterMs: { refused: afterRefused.slowestMs, stalled: restored.slowestMs },
      readyz503AfterRefusalMs: refusedReadyzMs,
      readyz200AfterRefusalMs: refusedBackMs,
      readyz503AfterStallMs: stalledReadyzMs,
      readyz200AfterStallMs: stalledBackMs,
      eventArrivedMs: { up: upEventMs, refused: refusedEventMs, stalled: stalledEventMs, restored: restoredEventMs },
      callStoredMs: { up: upCall.ms, refused: refusedCall.ms, stalled: stalledCall.ms, restored: restoredCall.ms },
    });
    expect(await server.stop('SIGTERM')).toBe(0);
  }, 120_000);
});

describe('Redis away when the process starts', () => {
  it('starts, serves sign-in with the limits in the database, and counts in Redis once it is there', async ({
    skip,
  }) => {
    const redis = new URL(REDIS_URL);
    if (!(await reachable(Number(redis.port || 6379), redis.hostname))) skip();
    const gate = await startRedisGate({ host: redis.hostname, port: Number(redis.port || 6379) });
    cleanups.push(() => gate.close());
    await gate.refuse();
    const started = Date.now();
    const logLines: string[] = [];
    const app = await createTestApp({}, { REDIS_URL: gate.url, EVENTS_TRANSPORT: 'redis' }, { logLines });
    cleanups.push(() => app.stop());
    expect(Date.now() - started).toBeLessThan(10_000);
    const user = await app.signIn('user');
    const ip = `10.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}`;
    const login = (password: string) =>
      app.request({ method: 'POST', url: '/api/v2/login', body: { email: user.email, password }, remoteAddress: ip });
    for (let i = 0; i < 10; i++) expect((await login('guessed-password')).status).toBe(401);
    expect((await login(PASSWORD)).status).toBe(429);
    const failKey = `login-fail:${user.email}|${ip}`;
    expect(
      await app.db.db.selectFrom('rate_limits').select('count').where('key', '=', failKey).executeTakeFirst(),
    ).toEqual({ count: 10 });

    await gate.restore();
    const direct = new Redis(REDIS_URL);
    cleanups.push(async () => direct.disconnect());
    const other = `${user.email}.other`;
    const deadline = Date.now() + 10_000;
    // Once the connection is back, the next hit is counted in Redis.
    for (;;) {
      await app.request({
        method: 'POST',
        url: '/api/v2/login',
        body: { email: other, password: 'guessed-password' },
        remoteAddress: ip,
      });
      if ((await direct.get(`pbp:rl:login-fail:${other}|${ip}`)) !== null) break;
      expect(Date.now(), 'rate limits back in Redis').toBeLessThan(deadline);
      await sleep(250);
    }
    // The event subscriber got its connection and subscription, and keeps them: its pings every 2 s are answered.
    const restoredLines = () => logLines.filter((line) => line.includes('event subscriber connection restored'));
    while (restoredLines().length === 0) {
      expect(Date.now(), 'event subscriber back').toBeLessThan(deadline);
      await sleep(250);
    }
    await sleep(4_500);
    expect(restoredLines()).toHaveLength(1);
    expect(logLines.filter((line) => line.includes('redis unavailable'))).toHaveLength(1);
    expect(logLines.filter((line) => line.includes('redis answers again'))).toHaveLength(1);
  }, 60_000);
});
