/**
 * What the benchmark scripts share: the product's server (bench/server.ts) as a child process, and the load of the
 * phonebot runtime posting calls.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The server's settings every benchmark uses: its super admin, quiet logs, no per-client connection cap. */
export const BENCH_SERVER_ENV = {
  LOG_LEVEL: 'warn',
  MAX_CONNECTIONS_PER_CLIENT: '0',
  SUPER_ADMIN_EMAIL: 'super@bench.example',
  SUPER_ADMIN_PASSWORD: 'bench-super-password',
};

/** Starts bench/server.ts on `port` (Node options such as --cpu-prof first) and resolves once it is ready. */
export async function startBenchServer(
  port: number,
  env: Record<string, string>,
  nodeOptions: string[] = [],
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', 'bench/server.ts'], {
    cwd: root,
    env: { ...process.env, ...BENCH_SERVER_ENV, PORT: String(port), ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error('bench server did not start');
}

/** Stops the server (SIGTERM: it ends its streams and closes the database, writing a CPU profile if asked to). */
export async function stopBenchServer(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** Calls as the phonebot runtime posts them to `POST /bot/calls`, each with its own Idempotency-Key. */
export function ingestLoad(base: string, botToken: string): autocannon.Options {
  return {
    url: `${base}/api/v2/bot/calls`,
    method: 'POST',
    headers: { authorization: `Bearer ${botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      caller_number: '+4930123',
      response: [{ action: 'UserRecognizedText', text: 'Bitte um Rückruf' }],
    }),
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'idempotency-key': crypto.randomUUID() },
        }),
      },
    ],
  };
}
