import { spawn } from 'node:child_process';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD } from './app';
import { TEST_ENGINE } from './db';
import { ROOT, WEB_DIST, freePort, spawnServer } from './process';
import { type Prepared, prepareCompany } from './reliability/setup';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function prepared(): Promise<Prepared> {
  const { app, prepared } = await prepareCompany();
  await app.close();
  return prepared;
}

function serverEnv(company: Prepared, extra: Record<string, string> = {}): Record<string, string> {
  return { DATA_DIR: company.dataDir, DATABASE_URL: company.databaseUrl ?? '', LOG_LEVEL: 'info', ...extra };
}

/** A request whose head and half its body are sent now; `finish` sends the rest and resolves with the answer. */
async function slowLogin(port: number, email: string) {
  const body = JSON.stringify({ email, password: PASSWORD });
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /api/v2/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
  );
  return {
    closed: closed.then(() => answer),
    async finish(): Promise<string> {
      socket.write(body.slice(half));
      await closed;
      return answer;
    },
  };
}

async function refusesConnections(base: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const refused = await fetch(`${base}/healthz`).then(
      () => false,
      () => true,
    );
    if (refused) return true;
    await sleep(50);
  }
  return false;
}

describe('SIGTERM', () => {
  it('stops accepting, ends event streams with a retry hint, lets a running request finish, and exits 0', async () => {
    const company = await prepared();
    const server = await spawnServer(serverEnv(company));
    cleanups.push(() => server.stop('SIGKILL'));
    const login = await fetch(`${server.base}/api/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: company.adminEmail, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { access_token: token } = ((await login.json()) as { meta: { access_token: string } }).meta;
    const stream = await fetch(`${server.base}/api/v2/events`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    // Browsers wait this long before they reconnect to whichever process answers.
    expect(first).toMatch(/^retry: \d+/m);
    let rest = '';
    const streamEnded = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return true;
        rest += new TextDecoder().decode(value);
      }
    })();

    const running = await slowLogin(server.port, company.adminEmail);
    await sleep(200);
    server.child.kill('SIGTERM');
    expect(await Promise.race([streamEnded, sleep(3000).then(() => false)])).toBe(true);
    // Its last words tell the browser when to reconnect: 1 to 5 s, spread so the streams do not all return at once.
    const retry = Number(/retry: (\d+)\n\n$/.exec(rest)?.[1]);
    expect(retry).toBeGreaterThanOrEqual(1000);
    expect(retry).toBeLessThanOrEqual(5000);
    expect(await refusesConnections(server.base, 3000)).toBe(true);
    expect(server.child.exitCode).toBeNull(); // still finishing the running request
    const answer = await running.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('closes requests still running when SHUTDOWN_GRACE_MS is over, and exits 0', async () => {
    const company = await prepared();
    const server = await spawnServer(serverEnv(company, { SHUTDOWN_GRACE_MS: '1000' }));
    cleanups.push(() => server.stop('SIGKILL'));
    const running = await slowLogin(server.port, company.adminEmail);
    await sleep(200);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await running.closed;
    const closedAfter = Date.now() - signalled;
    expect(closedAfter).toBeGreaterThanOrEqual(900);
    expect(closedAfter).toBeLessThan(5000);
    expect(await server.exited).toBe(0);
    expect(server.output.join('')).toContain('requests still running at the end of the grace period');
  }, 60_000);

  // One engine is enough: this is about npm and the shell between it and the server.
  it.skipIf(TEST_ENGINE === 'postgres')(
    'reaches the server through `npm start`, which exits with its code',
    async () => {
      const company = await prepared();
      const port = await freePort();
      const output: string[] = [];
      const npm = spawn('npm', ['start'], {
        cwd: ROOT,
        env: { ...process.env, ...serverEnv(company), PORT: String(port), HOST: '127.0.0.1', WEB_DIST_DIR: WEB_DIST },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      npm.stdout.on('data', (c: Buffer) => output.push(c.toString()));
      npm.stderr.on('data', (c: Buffer) => output.push(c.toString()));
      const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
      cleanups.push(async () => npm.kill('SIGKILL'));
      const base = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 60_000;
      while (
        !(await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        if (npm.exitCode !== null || Date.now() > deadline)
          throw new Error(`npm start did not start:\n${output.join('')}`);
        await sleep(100);
      }
      const serverPid = Number(/"pid":(\d+)/.exec(output.join(''))?.[1]);
      expect(serverPid).toBeGreaterThan(0);
      cleanups.push(async () => process.kill(serverPid, 'SIGKILL'));
      npm.kill('SIGTERM');
      expect(await exited).toBe(0);
      // The server itself stopped (it is not left running without npm) and said so.
      expect(() => process.kill(serverPid, 0)).toThrow();
      expect(output.join('')).toContain('"msg":"stopped"');
    },
    90_000,
  );
});
