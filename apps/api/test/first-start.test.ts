import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { type Runtime, createRuntime } from '../src/runtime';
import { TEST_ENGINE, createPostgresDatabase } from './db';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/**
 * Two processes started together on one empty PostgreSQL database (a deployment that starts its replicas at once):
 * both migrate and both find no super administrator. Each round is a fresh database; two runtimes in one process
 * race exactly like two processes, since each has its own pool.
 */
describe.skipIf(TEST_ENGINE !== 'postgres')('two first starts at once on one empty database', () => {
  it('both start, the schema is migrated once and one super administrator is created', async () => {
    const rounds = 4;
    for (let round = 0; round < rounds; round++) {
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      const lines: string[] = [];
      const start = () => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-first-'));
        cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
        const config = loadConfig({
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          LOG_LEVEL: 'info',
          SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
        });
        return createRuntime(config, createLogger('info', { write: (line: string) => void lines.push(line) }));
      };
      const started = await Promise.allSettled([start(), start()]);
      const runtimes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      cleanups.push(async () => Promise.all(runtimes.map((runtime: Runtime) => runtime.close())));
      expect(
        started.filter((s) => s.status === 'rejected').map((s) => String((s as PromiseRejectedResult).reason)),
      ).toEqual([]);

      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const supers = await client.query<{ email: string }>("select email from users where role = 'super'");
        expect(supers.rows.map((row) => row.email)).toEqual(['admin@example.com']);
        const migrations = await client.query<{ name: string; n: number }>(
          'select name, count(*)::int as n from kysely_migration group by name having count(*) > 1',
        );
        expect(migrations.rows).toEqual([]);
      } finally {
        await client.end();
      }
      // The generated password is printed by the process that created the account, and only by it.
      expect(lines.filter((line) => line.includes('generated password')).length).toBe(1);
      for (const runtime of runtimes) expect((await runtime.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    }
  }, 120_000);
});
