/**
 * What the benchmark scripts share: the product's server (bench/server.ts, compiled to JavaScript as `npm start`
 * runs the product) as a child process, and the load of the phonebot runtime posting calls.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { bundleServer } from '../scripts/build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BENCH_BUNDLE = path.join(root, '.tmp/bench/server.js');

/** The server's settings every benchmark uses: its super admin, quiet logs, no per-client connection cap. */
export const BENCH_SERVER_ENV = {
  LOG_LEVEL: 'warn',
  MAX_CONNECTIONS_PER_CLIENT: '0',
  SUPER_ADMIN_EMAIL: 'super@bench.example',
  SUPER_ADMIN_PASSWORD: 'bench-super-password',
};

let compiled: Promise<unknown> | undefined;

/**
 * The arguments that start the benchmark's server: bench/server.ts compiled with the product's server build (once
 * per benchmark run) into .tmp/bench/server.js, so the figures are those of compiled JavaScript, as in production.
 */
export async function benchServerArgs(nodeOptions: string[] = []): Promise<string[]> {
  compiled ??= bundleServer({ entry: path.join(root, 'bench/server.ts'), outfile: BENCH_BUNDLE, write: true });
  await compiled;
  return ['--enable-source-maps', ...nodeOptions, BENCH_BUNDLE];
}

/** Starts the compiled bench/server.ts on `port` (Node options such as --cpu-prof first) and resolves once it is ready. */
export async function startBenchServer(
  port: number,
  env: Record<string, string>,
  nodeOptions: string[] = [],
): Promise<ChildProcess> {
  const child = spawn(process.execPath, await benchServerArgs(nodeOptions), {
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

/** The call the load posts: a short conversation, as the phonebot runtime sends it. */
const CALL_BODY = JSON.stringify({
  caller_number: '+4930123',
  response: [{ action: 'UserRecognizedText', text: 'Bitte um Rückruf' }],
});

/** Calls as the phonebot runtime posts them to `POST /bot/calls`, each with its own Idempotency-Key (autocannon). */
export function ingestLoad(base: string, botToken: string): autocannon.Options {
  return {
    url: `${base}/api/v2/bot/calls`,
    method: 'POST',
    headers: { authorization: `Bearer ${botToken}`, 'content-type': 'application/json' },
    body: CALL_BODY,
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

export type IngestRun = {
  /** The load generator that ran: wrk, or autocannon where wrk is missing. */
  generator: 'wrk' | 'autocannon';
  calls: number;
  calls_per_s: number;
  p50_ms: number;
  p99_ms: number;
  non2xx: number;
  errors: number;
};

let wrkFound: boolean | undefined;

/**
 * Whether wrk is installed; installs it from Debian's packages where it is missing and this runs as root. wrk is a
 * load generator written in C: at thousands of requests per second on a 2-core machine, autocannon (JavaScript)
 * takes about as much CPU as the server it measures, and the figures would show the generator's limit instead.
 */
export function ensureWrk(): boolean {
  if (wrkFound !== undefined) return wrkFound;
  const found = () => spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
  wrkFound = found();
  if (!wrkFound && process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log('wrk is missing: installing it from Debian’s packages ...');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    wrkFound = found();
  }
  if (!wrkFound) {
    const line = '!'.repeat(78);
    console.error(
      `\n${line}\n!! wrk is not installed: the ingest is measured with autocannon, which shares the two cores with\n` +
        `!! the server and lowers the figures (apt-get install wrk).\n${line}\n`,
    );
  }
  return wrkFound;
}

/**
 * Posts calls to `POST /bot/calls` for `seconds` over `connections` kept-alive connections, each call with its own
 * Idempotency-Key, after a two-second warm-up (the server's code compiled by V8, its pool connections open).
 */
export async function runIngest(
  base: string,
  botToken: string,
  /** `body`: the call posted (a short conversation unless given). */
  options: { connections: number; seconds: number; warmUp?: boolean; body?: string },
): Promise<IngestRun> {
  if (options.warmUp !== false) await runIngest(base, botToken, { ...options, seconds: 2, warmUp: false });
  if (ensureWrk()) {
    const result = spawnSync(
      'wrk',
      [
        '-t1',
        `-c${options.connections}`,
        `-d${options.seconds}s`,
        '--timeout',
        '10s',
        '-s',
        path.join(root, 'bench/ingest.lua'),
        `${base}/api/v2/bot/calls`,
      ],
      {
        encoding: 'utf8',
        env: {
          ...process.env,
          BOT_TOKEN: botToken,
          KEY_PREFIX: crypto.randomUUID(),
          CALL_BODY: options.body ?? CALL_BODY,
        },
      },
    );
    const line = result.stdout.split('\n').find((text) => text.startsWith('{"requests"'));
    if (!line) throw new Error(`wrk did not report: ${result.stderr || result.stdout}`);
    const figures = JSON.parse(line) as {
      requests: number;
      duration_us: number;
      non2xx: number;
      errors: number;
      p50_us: number;
      p99_us: number;
    };
    const calls = figures.requests - figures.non2xx;
    return {
      generator: 'wrk',
      calls,
      calls_per_s: Math.round(calls / (figures.duration_us / 1e6)),
      p50_ms: Number((figures.p50_us / 1000).toFixed(1)),
      p99_ms: Number((figures.p99_us / 1000).toFixed(1)),
      non2xx: figures.non2xx,
      errors: figures.errors,
    };
  }
  const r = await autocannon({
    ...ingestLoad(base, botToken),
    ...(options.body ? { body: options.body } : {}),
    connections: options.connections,
    duration: options.seconds,
  });
  return {
    generator: 'autocannon',
    calls: r['2xx'],
    calls_per_s: Math.round(r['2xx'] / options.seconds),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}
