/**
 * npm run bench: the call log's list pages, polling, ingest, monthly counts and the framework's ceiling on SQLite
 * and PostgreSQL at 10k, 100k and 1M calls for one company (200 companies, twice the calls in all), measured with
 * autocannon (the ingest with wrk) against a server process. Results: bench/results/<engine>.json and a Markdown table on stdout.
 *   npm run bench -- [--engines sqlite,postgres] [--sizes 10000,100000,1000000] [--seconds 10] [--ingest-connections 100]
 *     [--only insights]   (only the Insights requests: no list, polling, ingest or monthly counts measures)
 *     [--only lists]      (the list pages and the unchanged poll against their ceilings, and the Insights requests)
 *     [--only ingest]     (only the ingest through the Bot API, with its server and PostgreSQL CPU per call)
 */
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDb, migrateToLatest } from '../apps/api/src/db/client';
import { countCalls } from '../apps/api/src/modules/calls';
import { createCompanies, growCalls } from './generate';
import { runIngest, startBenchServer, stopBenchServer } from './server-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite,postgres' },
    sizes: { type: 'string', default: '10000,100000,1000000' },
    seconds: { type: 'string', default: '10' },
    // Phonebots post in parallel: group commit needs many calls in flight to fill its groups.
    'ingest-connections': { type: 'string', default: '100' },
    only: { type: 'string', default: '' },
  },
});
if (values.only && !['insights', 'lists', 'ingest'].includes(values.only)) {
  throw new Error('--only takes "insights", "lists" or "ingest"');
}
const onlyInsights = values.only === 'insights';
/** The list pages and the unchanged poll against their ceilings, and the Insights requests; nothing else. */
const onlyLists = values.only === 'lists';
const onlyIngest = values.only === 'ingest';
const engines = values.engines.split(',') as ('sqlite' | 'postgres')[];
const sizes = values.sizes.split(',').map(Number);
const seconds = Number(values.seconds);
const ingestConnections = Number(values['ingest-connections']);
const PORT = 3917;
const base = `http://127.0.0.1:${PORT}`;

type Row = Record<string, string | number>;
const results: Record<string, Row[]> = {};
/** The PostgreSQL database of the engine being measured. */
let benchDatabase = '';

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU seconds of each PostgreSQL backend serving the benchmark's database (none on SQLite), by process id: other
 * work on the machine and backends that end meanwhile do not count.
 */
function databaseCpu(): Map<number, number> {
  const byPid = new Map<number, number>();
  if (!benchDatabase) return byPid;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (command.startsWith('postgres:') && command.includes(` ${benchDatabase} `)) {
        byPid.set(Number(pid), cpuSeconds(Number(pid)));
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return byPid;
}

/** The CPU seconds the benchmark database's backends used since `before`. */
function databaseCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of databaseCpu()) total += seconds - (before.get(pid) ?? 0);
  return total;
}

function startServer(env: Record<string, string>): Promise<ChildProcess> {
  return startBenchServer(PORT, env);
}

async function load(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ duration: seconds, connections: 10, ...options });
}

function latencyRow(name: string, result: autocannon.Result): Row {
  return {
    measure: name,
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    req_per_s: Math.round(result.requests.average),
    bytes_per_req: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    non2xx: result.non2xx,
  };
}

async function measureSize(
  engine: 'sqlite' | 'postgres',
  env: Record<string, string>,
  size: number,
  token: string,
  botToken: string,
  rows: Row[],
) {
  const auth = { authorization: `Bearer ${token}` };
  const ceilingFile = path.join(os.tmpdir(), `bench-ceiling-${engine}.json`);
  const server = await startServer({ ...env, BENCH_CEILING_FILE: ceilingFile });
  try {
    if (onlyIngest) {
      await measureIngest(server, size, botToken, rows);
    } else {
      if (!onlyInsights) await measureLists(server, ceilingFile, size, auth, botToken, rows);
      await measureInsights(size, auth, botToken, rows);
    }
  } finally {
    await stopBenchServer(server);
  }
}

/** CPU seconds the whole machine spent busy (all cores), from /proc/stat. */
function machineBusySeconds(): number {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: all but idle and iowait
  return (fields[0]! + fields[1]! + fields[2]! + fields[5]! + fields[6]! + fields[7]!) / 100;
}

/**
 * Ingest through the Bot API, each call with its own Idempotency-Key, after a warm-up; where the CPU goes (server,
 * database, and the whole machine, whose rest is the load generator and the kernel).
 */
async function measureIngest(server: ChildProcess, size: number, botToken: string, rows: Row[]) {
  const load = { connections: ingestConnections, seconds };
  await runIngest(base, botToken, { ...load, seconds: 2, warmUp: false });
  const serverCpuBefore = cpuSeconds(server.pid!);
  const dbCpuBefore = databaseCpu();
  const machineBefore = machineBusySeconds();
  const ingest = await runIngest(base, botToken, { ...load, warmUp: false });
  const ingested = Math.max(1, ingest.calls);
  const perCall = (cpu: number) => Number(((cpu * 1000) / ingested).toFixed(3));
  rows.push({
    size,
    measure: `ingest POST /bot/calls (${ingestConnections} conn, ${ingest.generator})`,
    p50_ms: ingest.p50_ms,
    p99_ms: ingest.p99_ms,
    non2xx: ingest.non2xx + ingest.errors,
    server_cpu_ms_per_call: perCall(cpuSeconds(server.pid!) - serverCpuBefore),
    postgres_cpu_ms_per_call: perCall(databaseCpuSince(dbCpuBefore)),
    machine_cpu_ms_per_call: perCall(machineBusySeconds() - machineBefore),
    calls_per_s: ingest.calls_per_s,
  });
}

/** The list pages against the ceiling, polling, ingest and the super's monthly counts. */
async function measureLists(
  server: ChildProcess,
  ceilingFile: string,
  size: number,
  auth: { authorization: string },
  botToken: string,
  rows: Row[],
) {
  const day = new Date(Date.now() - 3 * 86400_000).toISOString().slice(0, 10);
  // The ceiling route answers these very bytes (it reads the file on each request).
  const page = await fetch(`${base}/api/v2/callsview`, { headers: auth });
  fs.writeFileSync(ceilingFile, Buffer.from(await page.arrayBuffer()));
  // Warm up the caches a running server has.
  await fetch(`${base}/api/v2/callsview`, { headers: auth });
  // Latency of one dashboard at a time (p50/p99), and throughput and p99 with ten at once.
  const listUrl = `${base}/api/v2/callsview`;
  const filteredUrl = `${base}/api/v2/callsview?search=important&date=${day}&sort=priority`;
  const ceilingUrl = `${base}/bench/ceiling`;
  const measured: Record<string, autocannon.Result> = {};
  for (const [name, url] of [
    ['list page (20, default sort)', listUrl],
    ['list page (search + day + priority sort)', filteredUrl],
    ['ceiling: same bytes, no database', ceilingUrl],
  ] as const) {
    const one = await load({ url, headers: auth, connections: 1 });
    const ten = await load({ url, headers: auth });
    measured[name] = ten;
    rows.push({
      size,
      ...latencyRow(name, one),
      req_per_s_10_conn: Math.round(ten.requests.average),
      p99_ms_10_conn: ten.latency.p99,
    });
  }
  const ceilingRate = measured['ceiling: same bytes, no database']!.requests.average;
  const listRate = measured['list page (20, default sort)']!.requests.average;
  rows.push({
    size,
    measure: 'list cost vs ceiling (req/s ratio, 10 connections)',
    ratio: Number((ceilingRate / Math.max(1, listRate)).toFixed(1)),
    list_share_of_ceiling: Number((listRate / Math.max(1, ceilingRate)).toFixed(3)),
  });
  // A repeated page is answered from the pages kept per calls version; the first page after a change reads the
  // database (the page with its callers' counts, and the list's total once per version).
  rows.push({
    size,
    measure: 'list page, first after a change (200 requests)',
    ...percentiles(await firstAfterChange(listUrl, auth, botToken)),
  });

  // An unchanged poll (If-None-Match, 304) against a route answering 304 from memory, ten at once, with the same
  // request headers. The two share the machine's two cores with the load generator, whose own rate swings between
  // runs: they are measured in turns, three pairs, and the pair with the median share is reported (all three listed).
  const pairs: { unchanged: autocannon.Result; memory304: autocannon.Result; share: number }[] = [];
  for (let turn = 0; turn < 3; turn++) {
    // The ETag names the minute too (the overdue marks follow the clock): each pair starts with the current one.
    const pollEtag = (await fetch(listUrl, { headers: auth })).headers.get('etag') ?? '';
    const pollHeaders = { ...auth, 'if-none-match': pollEtag };
    const unchanged = await load({ url: listUrl, headers: pollHeaders });
    const memory304 = await load({ url: `${base}/bench/ceiling-304`, headers: pollHeaders });
    pairs.push({ unchanged, memory304, share: unchanged.requests.average / Math.max(1, memory304.requests.average) });
  }
  const median = [...pairs].sort((a, b) => a.share - b.share)[1]!;
  rows.push({
    size,
    ...latencyRow('unchanged poll (304), 10 conn', median.unchanged),
    share_304: Number((median.unchanged['3xx'] / Math.max(1, median.unchanged.requests.total)).toFixed(3)),
  });
  rows.push({ size, ...latencyRow('ceiling: 304 from memory, 10 conn', median.memory304) });
  rows.push({
    size,
    measure: 'unchanged poll vs 304 from memory (share of req/s, median of 3 pairs)',
    poll_share_of_ceiling: Number(median.share.toFixed(3)),
    pair_shares: pairs.map((pair) => pair.share.toFixed(3)).join(' / '),
  });
  if (onlyLists) return;

  // Polling: 500 dashboards every 5 s (100 requests/s) with their ETag, against refetching all open calls.
  const etag = (await fetch(`${base}/api/v2/callsview`, { headers: auth })).headers.get('etag') ?? '';
  const pollSeconds = Math.max(10, seconds);
  let cpu = cpuSeconds(server.pid!);
  const polls = await autocannon({
    url: `${base}/api/v2/callsview`,
    headers: { ...auth, 'if-none-match': etag },
    connections: 50,
    overallRate: 100,
    duration: pollSeconds,
  });
  const pollCpu = cpuSeconds(server.pid!) - cpu;
  cpu = cpuSeconds(server.pid!);
  // The earlier product's way: every open call on every poll (as many as two connections manage).
  const full = await autocannon({
    url: `${base}/api/v2/callsview?per_page=all`,
    headers: auth,
    connections: 2,
    duration: pollSeconds,
    timeout: 120,
  });
  const fullCpu = cpuSeconds(server.pid!) - cpu;
  const share304 = polls['3xx'] / Math.max(1, polls.requests.total);
  rows.push({
    size,
    measure: 'polling 500 dashboards / 5 s (ETag)',
    polls: polls.requests.total,
    share_304: Number(share304.toFixed(3)),
    cpu_ms_per_poll: Number(((pollCpu * 1000) / Math.max(1, polls.requests.total)).toFixed(3)),
    bytes_per_poll: Math.round(polls.throughput.total / Math.max(1, polls.requests.total)),
    p99_ms: polls.latency.p99,
  });
  rows.push({
    size,
    measure: 'polling by full refetch of all open calls',
    polls: full.requests.total,
    cpu_ms_per_poll: Number(((fullCpu * 1000) / Math.max(1, full.requests.total)).toFixed(3)),
    bytes_per_poll: Math.round(full.throughput.total / Math.max(1, full.requests.total)),
    p99_ms: full.latency.p99,
    cpu_ratio_vs_etag: Number(
      (fullCpu / Math.max(1, full.requests.total) / (pollCpu / Math.max(1, polls.requests.total) || 1e-9)).toFixed(1),
    ),
  });

  await measureIngest(server, size, botToken, rows);

  const month = new Date().toISOString().slice(0, 7);
  const superLogin = await fetch(`${base}/api/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'super@bench.example', password: 'bench-super-password' }),
  });
  const superToken = ((await superLogin.json()) as { meta: { access_token: string } }).meta.access_token;
  const counts = await load({
    url: `${base}/api/v2/fetchCallsCount?month=${month}`,
    headers: { authorization: `Bearer ${superToken}` },
  });
  rows.push({ size, ...latencyRow(`monthly counts (${2 * size} calls in all)`, counts) });
}

/** The p50 and p99 of a list of durations (ms). */
function percentiles(durations: number[]): { p50_ms: number; p99_ms: number } {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1));
  return { p50_ms: at(0.5), p99_ms: at(0.99) };
}

/**
 * How long the first request after each change of the company's calls takes (a call stored through the Bot API
 * before each one), one request at a time, `count` times: what a dashboard waits for after a new call.
 */
async function firstAfterChange(url: string, auth: { authorization: string }, botToken: string, count = 200) {
  const durations: number[] = [];
  for (let i = 0; i < count; i++) {
    const stored = await fetch(`${base}/api/v2/bot/calls`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${botToken}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ caller_number: '+4930123', response: [] }),
    });
    if (stored.status !== 201) throw new Error(`call not stored: ${stored.status}`);
    const started = performance.now();
    const answer = await fetch(url, { headers: auth });
    await answer.arrayBuffer();
    durations.push(performance.now() - started);
  }
  return durations;
}

/**
 * Insights, one request at a time: repeated (the kept answer), and the first request after each change of the
 * company's calls (a call stored before each one), which computes the answer from the rollups.
 */
async function measureInsights(size: number, auth: { authorization: string }, botToken: string, rows: Row[]) {
  for (const [name, query] of [
    ['insights 30 days by priority', 'split=priority'],
    [
      'insights 90 days by phonebot',
      `split=phonebot&from=${new Date(Date.now() - 89 * 86400_000).toISOString().slice(0, 10)}`,
    ],
  ] as const) {
    const url = `${base}/api/v2/analytics/calls?${query}&tz=Europe/Berlin`;
    const insights = await load({ url, headers: auth, connections: 1 });
    rows.push({ size, ...latencyRow(`${name}, repeated`, insights) });
    const durations = await firstAfterChange(url, auth, botToken);
    rows.push({ size, measure: `${name}, first after a change (200 requests)`, ...percentiles(durations) });
  }
}

for (const engine of engines) {
  const rows: Row[] = (results[engine] = []);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pbp-bench-${engine}-`));
  let databaseUrl = '';
  let dropDatabase = async () => {};
  if (engine === 'postgres') {
    const name = `pbp_bench_${crypto.randomBytes(4).toString('hex')}`;
    benchDatabase = name;
    const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    databaseUrl = `postgres://postgres@127.0.0.1:5432/${name}`;
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SUPER_ADMIN_EMAIL: 'super@bench.example',
    SUPER_ADMIN_PASSWORD: 'bench-super-password',
    // All load comes from this one address: the per-client connection cap would refuse the ingest's connections.
    MAX_CONNECTIONS_PER_CLIENT: '0',
  };
  const db = createDb({ databaseUrl: databaseUrl || undefined, dataDir });
  try {
    await migrateToLatest(db.db);
    const fixture = await createCompanies(db.db);
    let current = 0;
    for (const size of sizes) {
      const started = Date.now();
      await growCalls(db.db, engine, current, size);
      current = size;
      const countStart = performance.now();
      await countCalls(db.db, { customerId: fixture.customerId, view: 'open', now: new Date().toISOString() });
      const countMs = performance.now() - countStart;
      console.log(
        `${engine}: ${size} calls for the company (${2 * size} in all) generated in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      rows.push({ size, measure: 'count of open calls after a change (uncached)', ms: Number(countMs.toFixed(1)) });
      await measureSize(engine, env, size, fixture.token, fixture.botToken, rows);
      console.table(rows.filter((r) => r.size === size));
    }
  } finally {
    await db.close();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
for (const [engine, rows] of Object.entries(results)) {
  fs.writeFileSync(
    path.join(root, `bench/results/${engine}.json`),
    `${JSON.stringify({ machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version }, at: new Date().toISOString(), rows }, null, 2)}\n`,
  );
}
console.log('Results written to bench/results/.');
