import { JSONAPI_MEDIA_TYPE } from '@phonebot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseStore } from '../src/lib/rate-limit-stores';
import { type TestApp, PASSWORD, createTestApp } from './app';
import { TEST_ENGINE } from './db';
import { writeFigures } from './security/figures';

/**
 * Without Redis the rate limits live in the database (table rate_limits), so every process on one database counts
 * together: the limits are per deployment, not per process.
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const API_KEY_RATE = 10;

let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  one = await createTestApp({ apiKeyRatePerMinute: API_KEY_RATE });
  cleanups.push(() => one.stop());
  // The second process of the deployment: the same database (on SQLite the same file).
  two = await createTestApp(
    { apiKeyRatePerMinute: API_KEY_RATE },
    TEST_ENGINE === 'postgres' ? { DATABASE_URL: one.config.databaseUrl! } : { DATA_DIR: one.config.dataDir },
  );
  cleanups.push(() => two.stop());
});

const login = (app: TestApp, email: string, password: string, ip: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v2/login',
    headers: { accept: JSONAPI_MEDIA_TYPE, 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password }),
    remoteAddress: ip,
  });

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {});

describe('rate limits without Redis', () => {
  it('30 parallel password checks through two runtimes on one database: at most 10 are checked', async () => {
    const rounds: Record<number, number>[] = [];
    for (let round = 0; round < 3; round++) {
      const user = await one.signIn('user');
      const ip = `10.7.${round}.1`;
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => login(i % 2 ? two : one, user.email, 'guessed-password', ip)),
      );
      const counts = tally(answers.map((a) => a.statusCode));
      rounds.push(counts);
      expect(counts, `round ${round}`).toEqual({ 401: 10, 429: 20 });
      // The limit holds for the right password too, in either process.
      expect((await login(one, user.email, PASSWORD, ip)).statusCode).toBe(429);
      expect((await login(two, user.email, PASSWORD, ip)).statusCode).toBe(429);
      // Another client of the same account is not affected.
      expect((await login(two, user.email, PASSWORD, `10.8.${round}.1`)).statusCode).toBe(200);
    }
    writeFigures('rate-limits-shared', { passwordChecksOf30AcrossTwoRuntimes: rounds });
  });

  it('a right password in one runtime starts its client’s count over in the other', async () => {
    const user = await one.signIn('user');
    const ip = '10.9.0.1';
    for (let i = 0; i < 9; i++) expect((await login(one, user.email, 'wrong', ip)).statusCode).toBe(401);
    expect((await login(two, user.email, PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login(one, user.email, 'wrong', ip)).statusCode).toBe(401);
    expect((await login(one, user.email, 'wrong', ip)).statusCode).toBe(429);
    expect((await login(two, user.email, 'wrong', ip)).statusCode).toBe(429);
  });

  it('an API key’s requests per minute are counted once for both runtimes', async () => {
    const admin = await one.signIn('admin');
    const created = await one.request({
      method: 'POST',
      url: '/api/v2/api-keys',
      token: admin.token,
      body: { data: { type: 'api-keys', attributes: { name: 'CRM', scopes: ['calls:read'] } } },
    });
    expect(created.status).toBe(201);
    const key = created.json.data.attributes.token as string;
    const answers = await Promise.all(
      Array.from({ length: 2 * API_KEY_RATE }, (_, i) =>
        (i % 2 ? two : one).request({ method: 'GET', url: '/api/v2/calls', token: key }),
      ),
    );
    expect(tally(answers.map((a) => a.status))).toEqual({ 200: API_KEY_RATE, 429: API_KEY_RATE });
  });
});

describe('the database store', () => {
  it('counts parallel hits one by one, starts an ended window over, releases, takes and sweeps', async () => {
    const a = databaseStore(one.db.db);
    const b = databaseStore(two.db.db);
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    const key = `test:${Date.now()}`;
    const hits = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit(key, 60_000)));
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (const hit of hits) {
      expect(hit.resetMs).toBeGreaterThan(55_000);
      expect(hit.resetMs).toBeLessThanOrEqual(60_000);
    }
    await a.release(key);
    expect((await b.hit(key, 60_000)).count).toBe(40);
    expect(await b.take(key)).toBe(40);
    expect(await a.take(key)).toBe(0);
    expect((await a.hit(key, 60_000)).count).toBe(1);
    await b.reset(key);
    expect((await a.hit(key, 60_000)).count).toBe(1);

    // A window that ended starts over; releasing or taking an ended one does nothing.
    const short = `${key}:short`;
    await a.hit(short, 150);
    await a.hit(short, 150);
    await new Promise((r) => setTimeout(r, 250));
    await b.release(short);
    expect(await b.take(short)).toBe(0);
    await a.hit(short, 150);
    await a.hit(short, 150);
    await new Promise((r) => setTimeout(r, 250));
    const again = await b.hit(short, 60_000);
    expect(again.count).toBe(1);
    expect(again.resetMs).toBeGreaterThan(55_000);

    // The sweep deletes ended windows only.
    const ended = `${key}:ended`;
    await a.hit(ended, 50);
    await new Promise((r) => setTimeout(r, 100));
    expect(await a.sweep()).toBeGreaterThanOrEqual(1);
    const left = await one.db.db
      .selectFrom('rate_limits')
      .select('key')
      .where('key', 'in', [key, short, ended])
      .execute();
    expect(left.map((row) => row.key).sort()).toEqual([key, short].sort());
  });
});
