import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../db';
import { type ServerProcess, spawnServer } from '../process';
import { writeFigures } from '../security/figures';
import { prepareCompany, startSenders } from './setup';
import { postgresCluster, reachable, requireService } from './services';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

describe('PostgreSQL restart under load', () => {
  it('answers 503 while the database is gone, recovers by itself, and loses and duplicates nothing', async () => {
    const cluster = postgresCluster();
    if (!requireService((await reachable(5432)) && cluster !== undefined, 'A local PostgreSQL cluster (pg_ctlcluster)'))
      return;
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    const { app, prepared } = await prepareCompany({ DATABASE_URL: database.url });
    await app.close();
    const server: ServerProcess = await spawnServer({
      DATA_DIR: prepared.dataDir,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
    });
    cleanups.push(() => server.stop('SIGKILL'));
    const senders = startSenders(() => server.base, prepared.botToken, 4);

    await new Promise((r) => setTimeout(r, 1500));
    const readyDuring: number[] = [];
    cluster!.stop();
    try {
      await new Promise((r) => setTimeout(r, 1000));
      for (let i = 0; i < 5; i++) {
        readyDuring.push((await fetch(`${server.base}/readyz`)).status);
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      cluster!.start();
    }
    const recovered = await waitFor(async () => (await fetch(`${server.base}/readyz`)).status === 200, 30_000);
    await new Promise((r) => setTimeout(r, 1500));
    await senders.stop();

    expect(readyDuring.every((s) => s === 503)).toBe(true);
    expect(senders.refused).toContain(503);
    expect(senders.refused.filter((s) => s !== 503 && s !== 429)).toEqual([]);
    expect(recovered).toBe(true);
    expect(server.child.exitCode).toBeNull();

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ response: string }>('select response from calls');
      const byKey = new Map<string, number>();
      for (const row of rows) {
        const key = /call ([\w-]+)/.exec(row.response)?.[1];
        if (key) byKey.set(key, (byKey.get(key) ?? 0) + 1);
      }
      expect([...senders.acknowledged.keys()].filter((key) => byKey.get(key) !== 1)).toEqual([]);
      expect(rows.length).toBe(senders.acknowledged.size);
      writeFigures(
        'postgres-restart',
        {
          acknowledged: senders.acknowledged.size,
          found: rows.length,
          refused503: senders.refused.filter((s) => s === 503).length,
          readyzWhileDown: readyDuring,
        },
        'postgres',
      );
    } finally {
      await client.end();
    }
  }, 300_000);
});
