import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../db';
import { type ServerProcess, spawnServer } from '../process';
import { writeFigures } from '../security/figures';
import { prepareCompany } from './setup';
import { reachable, requireService } from './services';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const call = (
  server: ServerProcess,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) =>
  fetch(`${server.base}/api/v2${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  }).then(async (res) => ({
    status: res.status,
    json: (await res.json().catch(() => undefined)) as {
      data?: unknown;
      meta?: { access_token?: string; total?: number };
    },
  }));

describe('two api processes on one PostgreSQL with Redis', () => {
  it('behave as one: tokens, calls, rate limits and the daily job', async () => {
    if (!requireService(await reachable(5432), 'PostgreSQL at 127.0.0.1:5432')) return;
    if (!requireService(await reachable(6379), 'Redis at 127.0.0.1:6379')) return;
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    const { app, prepared } = await prepareCompany({ DATABASE_URL: database.url });
    await app.close();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: 'redis://127.0.0.1:6379',
      CALL_RETENTION_DAYS: '30',
      LOG_LEVEL: 'info',
      SUPER_ADMIN_EMAIL: 'super@example.com',
      SUPER_ADMIN_PASSWORD: 'super-secret-password',
    };
    const a = await spawnServer({ ...env, DATA_DIR: prepared.dataDir });
    cleanups.push(() => a.stop());
    const b = await spawnServer({ ...env, DATA_DIR: prepared.dataDir });
    cleanups.push(() => b.stop());

    // A token issued by one process works on the other.
    const login = await call(a, 'POST', '/login', {
      body: { email: prepared.adminEmail, password: 'correct horse battery' },
    });
    expect(login.status).toBe(200);
    const token = login.json.meta!.access_token!;
    expect((await call(b, 'GET', '/me', { token })).status).toBe(200);

    // A call ingested through one is listed by the other, and a retry through the other is not stored twice.
    const body = { caller_number: '+4930555', response: [{ action: 'UserRecognizedText', text: 'two processes' }] };
    expect(
      (
        await call(a, 'POST', '/bot/calls', {
          token: prepared.botToken,
          body,
          headers: { 'idempotency-key': 'shared-1' },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call(b, 'POST', '/bot/calls', {
          token: prepared.botToken,
          body,
          headers: { 'idempotency-key': 'shared-1' },
        })
      ).status,
    ).toBe(201);
    const listed = await call(b, 'GET', '/callsview', { token });
    expect(listed.json.meta?.total).toBe(1);

    // Login failures count across both processes.
    const wrong = { body: { email: prepared.adminEmail, password: 'not-the-password' } };
    for (let i = 0; i < 10; i++) expect((await call(i % 2 ? a : b, 'POST', '/login', wrong)).status).toBe(401);
    expect((await call(a, 'POST', '/login', wrong)).status).toBe(429);
    expect((await call(b, 'POST', '/login', wrong)).status).toBe(429);

    // The retention job (first check 5 s after start) runs in exactly one of them.
    await new Promise((r) => setTimeout(r, 8000));
    const runs = [a, b].map(
      (server) =>
        server.output
          .join('')
          .split('\n')
          .filter((line) => line.includes('"job ran"') && line.includes('"job":"call-retention"')).length,
    );
    expect(runs[0]! + runs[1]!).toBe(1);
    writeFigures(
      'two-processes',
      { processes: 2, tokenShared: true, callListedByOther: true, loginLimitShared: true, retentionRuns: runs },
      'postgres',
    );
  }, 120_000);
});
