/**
 * Serving a call's recording: a 10 MB recording played by 20 listeners at once, each reading it as an `<audio>`
 * element does (Range requests of 512 KB, one after the other, from the start to the end), against the compiled
 * server on SQLite with the recordings on files and, with --stores file,s3, in an S3 bucket (s3rver on loopback,
 * in this process). Measured: the server's CPU time per MB sent, its resident memory before, at its peak and after
 * (the audio is streamed, so memory stays flat), and the listeners' throughput.
 *
 *   node --import tsx bench/recordings.ts [--stores file,s3] [--listeners 20] [--mb 10] [--chunk-kb 512]
 * Results: bench/results/recordings.json and a table on stdout. Runs well under a minute.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDb, migrateToLatest } from '../apps/api/src/db/client';
import { wavFile } from '../apps/api/test/audio';
import { startLoopbackS3 } from '../apps/api/test/s3';
import { createCompanies } from './generate';
import { startBenchServer, stopBenchServer } from './server-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    stores: { type: 'string', default: 'file,s3' },
    listeners: { type: 'string', default: '20' },
    mb: { type: 'string', default: '10' },
    'chunk-kb': { type: 'string', default: '512' },
  },
});
const listeners = Number(values.listeners);
const chunk = Number(values['chunk-kb']) * 1024;
const PORT = 3921;
const base = `http://127.0.0.1:${PORT}`;
const TICKS = 100; // clock ticks a second (/proc/<pid>/stat)

/** The benchmarks' companies (bench/generate.ts) in a new database: the first one's session and bot token. */
async function seed(dataDir: string): Promise<{ token: string; botToken: string }> {
  const { db, close } = createDb({ databaseUrl: undefined, dataDir });
  try {
    await migrateToLatest(db);
    return await createCompanies(db);
  } finally {
    await close();
  }
}

/** The server's CPU seconds so far and its resident memory (MB), from /proc. */
function usage(pid: number): { cpuS: number; rssMb: number } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuS = (Number(fields[11]) + Number(fields[12])) / TICKS;
  const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return { cpuS, rssMb: Number(rss?.[1] ?? 0) / 1024 };
}

/** A listener: the recording read by consecutive ranges to its end, as an audio element streams it. */
async function listen(url: string, token: string, size: number): Promise<number> {
  let read = 0;
  for (let start = 0; start < size; start += chunk) {
    const end = Math.min(start + chunk, size) - 1;
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, range: `bytes=${start}-${end}` } });
    if (res.status !== 206) throw new Error(`range ${start}-${end}: ${res.status}`);
    for await (const piece of res.body!) read += (piece as Uint8Array).length;
  }
  return read;
}

async function measure(store: 'file' | 's3') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-bench-recordings-'));
  const s3 = store === 's3' ? await startLoopbackS3() : undefined;
  let server: ChildProcess | undefined;
  try {
    const { token, botToken } = await seed(dataDir);
    server = await startBenchServer(PORT, {
      DATA_DIR: dataDir,
      RECORDING_MAX_BYTES: String(64 * 1024 * 1024),
      ...(s3 ? { ...s3.env, STORAGE: 'file', RECORDINGS_STORAGE: 's3' } : {}),
    } as Record<string, string>);
    const posted = await fetch(`${base}/api/v2/bot/calls`, {
      method: 'POST',
      headers: { authorization: `Bearer ${botToken}`, 'content-type': 'application/json', 'idempotency-key': 'rec-1' },
      body: JSON.stringify({ caller_number: '+4930123', response: [] }),
    });
    const callId = ((await posted.json()) as { data: { id: string } }).data.id;
    const audio = wavFile((Number(values.mb) * 1024 * 1024 - 44) / 16_000);
    const put = await fetch(`${base}/api/v2/bot/calls/${callId}/recording`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${botToken}`, 'content-type': 'audio/wav' },
      body: audio,
    });
    if (put.status !== 200) throw new Error(`upload: ${put.status} ${await put.text()}`);
    const url = `${base}/api/v2/calls/${callId}/recording`;
    await listen(url, token, audio.length); // warm: the route, the store's client, the file's pages
    const before = usage(server.pid!);
    let peak = before.rssMb;
    const sampler = setInterval(() => (peak = Math.max(peak, usage(server!.pid!).rssMb)), 50);
    const started = performance.now();
    const bytes = (await Promise.all(Array.from({ length: listeners }, () => listen(url, token, audio.length)))).reduce(
      (a, b) => a + b,
      0,
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = usage(server.pid!);
    const mb = bytes / 1024 / 1024;
    return {
      store,
      listeners,
      recording_mb: Number((audio.length / 1024 / 1024).toFixed(1)),
      ranges: listeners * Math.ceil(audio.length / chunk),
      served_mb: Math.round(mb),
      seconds: Number(seconds.toFixed(2)),
      mb_per_s: Math.round(mb / seconds),
      cpu_ms_per_mb: Number((((after.cpuS - before.cpuS) * 1000) / mb).toFixed(2)),
      rss_before_mb: Math.round(before.rssMb),
      rss_peak_mb: Math.round(peak),
      rss_after_mb: Math.round(after.rssMb),
    };
  } finally {
    if (server) await stopBenchServer(server);
    await s3?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows = [];
for (const store of values.stores.split(',') as ('file' | 's3')[]) rows.push(await measure(store));
console.table(rows);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/recordings.json'), `${JSON.stringify(rows, null, 2)}\n`);
