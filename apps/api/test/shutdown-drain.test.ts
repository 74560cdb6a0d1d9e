import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from './db';
import { type ServerProcess, spawnServer } from './process';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Answer = { status: number; connection: string | undefined; body: string };

/** One request on a connection of its own that asks to be kept alive: status 0 when it was refused. */
function get(server: ServerProcess, url: string): Promise<Answer> {
  const agent = new http.Agent({ keepAlive: true });
  return new Promise<Answer>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port: server.port, path: url, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on('error', () => resolve({ status: 0, connection: undefined, body: '' }));
  }).finally(() => agent.destroy());
}

async function start(drainMs: number): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-drain-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const server = await spawnServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SUPER_ADMIN_EMAIL: 'super@example.com',
    SUPER_ADMIN_PASSWORD: 'super-secret-password',
    SHUTDOWN_DRAIN_MS: String(drainMs),
  });
  cleanups.push(() => server.stop('SIGKILL'));
  return server;
}

// One engine is enough: the drain is the process's, before the database is touched.
describe.skipIf(TEST_ENGINE === 'postgres')('SIGTERM with SHUTDOWN_DRAIN_MS', () => {
  it('answers /readyz 503 at once and serves everything else until the drain is over, then stops', async () => {
    const server = await start(2_000);
    expect((await get(server, '/readyz')).status).toBe(200);
    expect((await get(server, '/healthz')).connection).toBe('keep-alive');

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await sleep(100);
    const readiness = await get(server, '/readyz');
    expect(readiness.status).toBe(503);
    expect(JSON.parse(readiness.body)).toMatchObject({ status: 'stopping' });
    // Still served, each answer ending its connection so that the client's next one goes elsewhere.
    const healthz = await get(server, '/healthz');
    expect(healthz).toMatchObject({ status: 200, connection: 'close' });
    const config = await get(server, '/api/v2/public-config');
    expect(config).toMatchObject({ status: 200, connection: 'close' });
    await sleep(1_000);
    expect((await get(server, '/healthz')).status).toBe(200); // still accepting
    expect(server.child.exitCode).toBeNull();

    expect(await server.exited).toBe(0);
    const stoppedAfter = Date.now() - signalled;
    expect(stoppedAfter).toBeGreaterThanOrEqual(2_000);
    expect(stoppedAfter).toBeLessThan(8_000);
    expect((await get(server, '/healthz')).status).toBe(0);
    const log = server.output.join('');
    expect(log).toContain('draining: readiness answers 503');
    expect(log).toContain('"msg":"stopped"');
  }, 60_000);

  it('ends the drain at a second signal', async () => {
    const server = await start(60_000);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await sleep(300);
    expect((await get(server, '/readyz')).status).toBe(503);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(8_000);
  }, 60_000);
});
