/**
 * A CPU profile of call ingest under load: starts the server on a fresh SQLite (or PostgreSQL) database with --cpu-prof, posts calls
 * to `POST /bot/calls` for 8 s with 100 connections (each call with its own Idempotency-Key, after a warm-up), writes the profile to
 * bench/results/profiles/ when the server stops and prints the functions with the most self time.
 *   node --import tsx bench/profile-ingest.ts [seconds] [sqlite|postgres]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, migrateToLatest } from '../apps/api/src/db/client';
import { createCompanies, scratchPostgres } from './generate';
import { runIngest, startBenchServer, stopBenchServer } from './server-process';

type Profile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
};

const seconds = Number(process.argv[2] ?? 8);
const profileDir = path.resolve('bench/results/profiles');
fs.mkdirSync(profileDir, { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-prof-ingest-'));
const engine = process.argv[3] ?? 'sqlite';
const scratch = engine === 'postgres' ? await scratchPostgres(`pbp_prof_ingest_${process.pid}`) : undefined;
const databaseUrl = scratch?.url ?? '';
const db = createDb({ dataDir, databaseUrl: databaseUrl || undefined });
await migrateToLatest(db.db);
const fixture = await createCompanies(db.db);
await db.close();
const before = new Set(fs.readdirSync(profileDir));
const child = await startBenchServer(3919, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, [
  '--cpu-prof',
  `--cpu-prof-dir=${profileDir}`,
]);
const r = await runIngest('http://127.0.0.1:3919', fixture.botToken, { connections: 100, seconds });
console.log(r.calls_per_s, 'calls/s', r.non2xx, 'non2xx', `(${r.generator})`);
await stopBenchServer(child);
fs.rmSync(dataDir, { recursive: true, force: true });
await scratch?.drop();

// Self time per function (file:line), the top 30.
const written = fs.readdirSync(profileDir).filter((name) => !before.has(name) && name.endsWith('.cpuprofile'));
for (const name of written) {
  const profile = JSON.parse(fs.readFileSync(path.join(profileDir, name), 'utf8')) as Profile;
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  for (const id of profile.samples) {
    const frame = frames.get(id)!;
    const where = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '')}:${frame.lineNumber + 1}`;
    self.set(where, (self.get(where) ?? 0) + 1);
  }
  console.log(`\n${name}: self time, share of ${profile.samples.length} samples`);
  for (const [where, n] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    console.log(`${((100 * n) / profile.samples.length).toFixed(1).padStart(5)} %  ${where}`);
  }
}
