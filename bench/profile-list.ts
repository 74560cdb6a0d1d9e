/**
 * A CPU profile of the call list under load: seeds 10,000 calls on SQLite, starts the server with --cpu-prof, loads
 * `GET /callsview` for 8 s with 10 connections (`304`: every poll revalidates with the list's ETag) and writes the
 * profile to bench/results/profiles/ when the server stops. Open it in Chrome's DevTools or summarise its self time.
 *   node --import tsx bench/profile-list.ts [list|304]
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { seedSqlite } from './generate';
import { startBenchServer, stopBenchServer } from './server-process';

const profileDir = path.resolve('bench/results/profiles');
fs.mkdirSync(profileDir, { recursive: true });
const { dataDir, fixture } = await seedSqlite('pbp-prof-', 10000);
const child = await startBenchServer(3918, { DATA_DIR: dataDir }, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
const auth = { authorization: `Bearer ${fixture.token}` };
const first = await fetch('http://127.0.0.1:3918/api/v2/callsview', { headers: auth });
const etag = first.headers.get('etag')!;
const mode = process.argv[2] ?? 'list';
const r = await autocannon({
  url: 'http://127.0.0.1:3918/api/v2/callsview',
  headers: mode === '304' ? { ...auth, 'if-none-match': etag } : auth,
  duration: 8,
  connections: 10,
});
console.log(mode, Math.round(r.requests.average), 'req/s', r.non2xx, 'non2xx');
await stopBenchServer(child);
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`Profile written to ${profileDir}.`);
