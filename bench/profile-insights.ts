/**
 * Where the time of `GET /analytics/calls` goes: seeds 1M calls of the measured company (and as many for the others)
 * on SQLite as `npm run bench` does, then answers the Insights requests in-process and times each database query
 * and the whole answer (median and p99 of 50 answers each).
 *   node --import tsx bench/profile-insights.ts [size]   (PROFILE_DATA_DIR=<dir> reuses a seeded database)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { createDb, migrateToLatest } from '../apps/api/src/db/client';
import type { Database } from '../apps/api/src/db/schema';
import { callStats } from '../apps/api/src/modules/insights/insights.service';
import { createCompanies, growCalls } from './generate';

const size = Number(process.argv[2] ?? 1_000_000);
const dataDir = process.env.PROFILE_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-prof-insights-'));
const file = path.join(dataDir, 'phonebot.sqlite');
if (!fs.existsSync(file)) {
  const seeded = createDb({ dataDir });
  await migrateToLatest(seeded.db);
  await createCompanies(seeded.db);
  await growCalls(seeded.db, 'sqlite', 0, size);
  await seeded.close();
  console.log(`seeded ${size} calls in ${dataDir}`);
}

const timings = new Map<string, number[]>();
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: new SQLite(file, { readonly: true }) }),
  log(event) {
    const name = event.query.sql.replace(/\s+/g, ' ').slice(0, 90);
    timings.set(name, [...(timings.get(name) ?? []), event.queryDurationMillis]);
  },
});
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86400_000).toISOString().slice(0, 10);
for (const [name, query] of [
  ['30 days by priority', { split: 'priority', tz: 'Europe/Berlin' }],
  ['90 days by phonebot', { split: 'phonebot', from: day(89), tz: 'Europe/Berlin' }],
] as const) {
  timings.clear();
  const whole: number[] = [];
  for (let i = 0; i < 50; i++) {
    const start = performance.now();
    await callStats(db, 1, query);
    whole.push(performance.now() - start);
  }
  console.log(
    `\n${name}: whole answer median ${quantile(whole, 0.5).toFixed(1)} ms, p99 ${quantile(whole, 0.99).toFixed(1)} ms`,
  );
  for (const [sql, values] of timings)
    console.log(`  ${quantile(values, 0.5).toFixed(1)} / ${quantile(values, 0.99).toFixed(1)} ms  ${sql}`);
}
await db.destroy();
