/**
 * npm run bench:events: 10,000 open event streams on one server process. Reports the server's memory per stream
 * and the time from ingest (the runtime's POST /api/v2/bot/calls is sent) to the event's arrival on each stream,
 * on SQLite and PostgreSQL, for two shapes: every stream of one company (the widest fan-out) and ten streams each of
 * 1,000 companies. Results: bench/results/events-<engine>.json and a Markdown table on stdout.
 *   npm run bench:events -- [--engines sqlite,postgres] [--streams 10000] [--calls 30]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDb, migrateToLatest } from '../apps/api/src/db/client';
import { randomToken, tokenHash } from '../apps/api/src/lib/crypto';
import { issueAccessToken } from '../apps/api/src/modules/sessions';
import { benchServerArgs } from './server-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite,postgres' },
    streams: { type: 'string', default: '10000' },
    calls: { type: 'string', default: '30' },
  },
});
const engines = values.engines.split(',') as ('sqlite' | 'postgres')[];
const STREAMS = Number(values.streams);
const CALLS = Number(values.calls);
const PORT = 3918;
const HOST = '127.0.0.1';
const base = `http://${HOST}:${PORT}`;
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Company = { token: string; botToken: string };
type Shape = { name: string; companies: number };
const SHAPES: Shape[] = [
  { name: 'one company', companies: 1 },
  { name: '1,000 companies x 10', companies: 1000 },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function seed(databaseUrl: string | undefined, dataDir: string, companies: number): Promise<Company[]> {
  const { db, close } = createDb({ databaseUrl, dataDir });
  try {
    await migrateToLatest(db);
    const now = new Date().toISOString();
    const result: Company[] = [];
    for (let c = 0; c < companies; c++) {
      const customer = await db
        .insertInto('customers')
        .values({
          company_name: `Live ${c}`,
          address: null,
          pin: null,
          city: null,
          phone: null,
          company_email: null,
          bank: null,
          iban: null,
          bic: null,
          status: 'Active',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await db
        .insertInto('users')
        .values({
          customer_id: customer.id,
          name: `Operator ${c}`,
          email: `live${c}@bench.example`,
          role: 'user',
          status: 'Active',
          email_verified_at: now,
          password_hash: null,
          avatar_path: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const botToken = `pbt_${randomToken()}`;
      await db
        .insertInto('phonebots')
        .values({
          customer_id: customer.id,
          license_key: `pb-live-${c}`,
          bezeichnung: `Empfang ${c}`,
          settings: JSON.stringify({ category_terms: ['Sales'] }),
          payment_status: 1,
          bot_token_hash: tokenHash(botToken),
          created_at: now,
          updated_at: now,
        })
        .execute();
      result.push({ token: (await issueAccessToken(db, user.id)).token, botToken });
    }
    return result;
  } finally {
    await close();
  }
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, await benchServerArgs(['--expose-gc']), {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await sleep(100);
  }
  throw new Error('bench server did not start');
}

type Memory = { rss: number; heapUsed: number; external: number; streams: number };
const memory = async (): Promise<Memory> => (await (await fetch(`${base}/bench/memory`)).json()) as Memory;

/** One raw event stream: a socket that records when each call's event arrived. */
type Stream = { socket: net.Socket; company: number; arrivals: Map<string, number> };

function openStream(token: string, company: number): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: HOST, port: PORT });
    const stream: Stream = { socket, company, arrivals: new Map() };
    let buffer = '';
    let open = false;
    socket.setEncoding('utf8');
    socket.once('connect', () => {
      socket.write(
        `GET /api/v2/events HTTP/1.1\r\nHost: ${HOST}:${PORT}\r\nAuthorization: Bearer ${token}\r\nAccept: text/event-stream\r\n\r\n`,
      );
    });
    socket.on('data', (chunk: string) => {
      const now = performance.now();
      buffer += chunk;
      if (!open) {
        if (!buffer.includes('retry:')) return;
        if (!buffer.startsWith('HTTP/1.1 200')) return reject(new Error(buffer.slice(0, 200)));
        open = true;
        resolve(stream);
      }
      const end = buffer.lastIndexOf('\n\n');
      if (end < 0) return;
      for (const match of buffer.slice(0, end).matchAll(/data: \{"type":"calls","id":"(\d+)"\}/g)) {
        if (!stream.arrivals.has(match[1]!)) stream.arrivals.set(match[1]!, now);
      }
      buffer = buffer.slice(end + 2);
    });
    socket.once('error', reject);
  });
}

async function ingest(botToken: string): Promise<{ id: string; sentAt: number; answeredAt: number }> {
  const sentAt = performance.now();
  const res = await fetch(`${base}/api/v2/bot/calls`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${botToken}`,
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({ caller_number: '+4930123456', response: [{ action: 'UserRecognizedText', text: 'Hallo' }] }),
  });
  if (res.status !== 201) throw new Error(`ingest answered ${res.status}`);
  const id = ((await res.json()) as { data: { id: string } }).data.id;
  return { id, sentAt, answeredAt: performance.now() };
}

async function measure(engine: 'sqlite' | 'postgres', shape: Shape) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pbp-bench-events-${engine}-`));
  let databaseUrl: string | undefined;
  const name = `pbp_bench_events_${crypto.randomBytes(4).toString('hex')}`;
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  let server: ChildProcess | undefined;
  const streams: Stream[] = [];
  try {
    const companies = await seed(databaseUrl, dataDir, shape.companies);
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' });
    const before = await memory();
    const opening = performance.now();
    for (let start = 0; start < STREAMS; start += 200) {
      const batch = Array.from({ length: Math.min(200, STREAMS - start) }, (_, i) => {
        const company = (start + i) % companies.length;
        return openStream(companies[company]!.token, company);
      });
      streams.push(...(await Promise.all(batch)));
    }
    const openSeconds = (performance.now() - opening) / 1000;
    await sleep(2000);
    const after = await memory();

    const sent: { id: string; company: number; sentAt: number; answeredAt: number }[] = [];
    const calls = shape.companies === 1 ? CALLS : CALLS * 10;
    for (let n = 0; n < calls; n++) {
      const company = n % companies.length;
      sent.push({ ...(await ingest(companies[company]!.botToken)), company });
      await sleep(shape.companies === 1 ? 300 : 30);
    }
    await sleep(3000);

    const latencies: number[] = [];
    let missing = 0;
    const byCompany = new Map<number, Stream[]>();
    for (const stream of streams) {
      const list = byCompany.get(stream.company);
      if (list) list.push(stream);
      else byCompany.set(stream.company, [stream]);
    }
    for (const call of sent) {
      for (const stream of byCompany.get(call.company) ?? []) {
        const at = stream.arrivals.get(call.id);
        if (at === undefined) missing++;
        else latencies.push(at - call.sentAt);
      }
    }
    latencies.sort((a, b) => a - b);
    const answers = sent.map((call) => call.answeredAt - call.sentAt).sort((a, b) => a - b);

    const closing = performance.now();
    server.kill('SIGTERM');
    await new Promise((resolve) => server!.once('exit', resolve));
    const closeSeconds = (performance.now() - closing) / 1000;
    server = undefined;
    return {
      engine,
      shape: shape.name,
      streams: after.streams,
      open_seconds: Number(openSeconds.toFixed(1)),
      rss_mb_before: Math.round(before.rss / 2 ** 20),
      rss_mb_after: Math.round(after.rss / 2 ** 20),
      rss_kb_per_stream: Number(((after.rss - before.rss) / after.streams / 1024).toFixed(1)),
      heap_kb_per_stream: Number(((after.heapUsed - before.heapUsed) / after.streams / 1024).toFixed(1)),
      calls: sent.length,
      deliveries: latencies.length,
      missing,
      ingest_answer_p50_ms: Number(percentile(answers, 50).toFixed(1)),
      delivery_p50_ms: Number(percentile(latencies, 50).toFixed(1)),
      delivery_p99_ms: Number(percentile(latencies, 99).toFixed(1)),
      delivery_max_ms: Number((latencies[latencies.length - 1] ?? Number.NaN).toFixed(1)),
      shutdown_seconds: Number(closeSeconds.toFixed(1)),
    };
  } finally {
    for (const stream of streams) stream.socket.destroy();
    if (server) {
      server.kill('SIGKILL');
      await new Promise((resolve) => server!.once('exit', resolve));
    }
    if (engine === 'postgres') {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows: Awaited<ReturnType<typeof measure>>[] = [];
for (const engine of engines) {
  const engineRows = [];
  for (const shape of SHAPES) {
    const row = await measure(engine, shape);
    console.log(JSON.stringify(row));
    engineRows.push(row);
  }
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, `bench/results/events-${engine}.json`), JSON.stringify(engineRows, null, 2));
  rows.push(...engineRows);
}

console.log(
  '\n| Engine | Streams | Memory per stream (RSS / heap) | Delivery p50 / p99 / max ms | Missing | Ingest answer p50 ms |',
);
console.log('| --- | --- | --- | --- | --- | --- |');
for (const r of rows) {
  console.log(
    `| ${r.engine} | ${r.streams} (${r.shape}) | ${r.rss_kb_per_stream} KB / ${r.heap_kb_per_stream} KB | ${r.delivery_p50_ms} / ${r.delivery_p99_ms} / ${r.delivery_max_ms} | ${r.missing} of ${r.deliveries + r.missing} | ${r.ingest_answer_p50_ms} |`,
  );
}
