/**
 * The ingest's store path alone, without HTTP: 100 (or N) callers in this process hand calls to the Bot API's
 * ingest queue (`createIngestQueue`, as `POST /bot/calls` does) and wait for each answer, for 8 s after a 2 s
 * warm-up, on a fresh database with the benchmark's companies. It shows what the group commit can store when the
 * request's own cost is out of the way.
 *   node --import tsx bench/ingest-store.ts [sqlite|postgres] [callers]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHANGE_SUBSCRIBERS } from '../apps/api/src/change-subscribers';
import { createDb, migrateToLatest } from '../apps/api/src/db/client';
import { registerChangeSubscribers } from '../apps/api/src/lib/changes';
import { createIngestQueue, principalFromBotToken } from '../apps/api/src/modules/bot';
import { createCompanies, scratchPostgres } from './generate';

const engine = process.argv[2] ?? 'postgres';
const callers = Number(process.argv[3] ?? 100);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-ingest-store-'));
const scratch = engine === 'postgres' ? await scratchPostgres(`pbp_ingest_store_${process.pid}`) : undefined;
const db = createDb({ dataDir, databaseUrl: scratch?.url });
try {
  await migrateToLatest(db.db);
  registerChangeSubscribers(db.db, CHANGE_SUBSCRIBERS);
  const fixture = await createCompanies(db.db);
  const bot = await principalFromBotToken(db.db, fixture.botToken);
  if (!bot) throw new Error('the benchmark phonebot was not found');
  const queue = createIngestQueue(db.db);
  const call = { caller_number: '+4930123', response: [{ action: 'UserRecognizedText', text: 'Bitte um Rückruf' }] };
  let stored = 0;
  let stop = false;
  const prefix = crypto.randomUUID();
  const caller = async (n: number) => {
    for (let i = 0; !stop; i++) {
      await queue.ingest(bot, `${prefix}-${n}-${i}`, call as Parameters<typeof queue.ingest>[2]);
      stored++;
      // As after a network round trip: the next call arrives in a later turn of the event loop (on SQLite every
      // step of a group finishes at once, and callers answered in microtasks would never let the timers run).
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const running = Array.from({ length: callers }, (_, n) => caller(n));
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  stored = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 8_000));
  const seconds = (performance.now() - started) / 1000;
  const calls = stored;
  const cpu = process.cpuUsage(cpuBefore);
  stop = true;
  await Promise.all(running);
  console.log(
    JSON.stringify({
      engine,
      callers,
      calls_per_s: Math.round(calls / seconds),
      process_cpu_ms_per_call: Number(((cpu.user + cpu.system) / 1000 / calls).toFixed(3)),
    }),
  );
} finally {
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
}
