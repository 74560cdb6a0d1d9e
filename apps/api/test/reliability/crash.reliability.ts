import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFigures } from '../security/figures';
import { type ServerProcess, freePort, spawnServer } from '../process';
import { prepareCompany, startSenders } from './setup';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 20);
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('crash safety on SQLite', () => {
  it(`keeps every acknowledged call exactly once through ${ROUNDS} SIGKILLs`, async () => {
    const { app, prepared } = await prepareCompany({ DATABASE_URL: '' });
    await app.close();
    cleanups.push(app.stop);
    const port = await freePort();
    const env = {
      DATA_DIR: prepared.dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SUPER_ADMIN_EMAIL: 'super@example.com',
      SUPER_ADMIN_PASSWORD: 'super-secret-password',
    };
    let server: ServerProcess = await spawnServer(env, port);
    cleanups.push(() => server.stop('SIGKILL').then(() => undefined));
    const senders = startSenders(() => server.base, prepared.botToken, 4);

    for (let round = 0; round < ROUNDS; round++) {
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 600));
      await server.stop('SIGKILL');
      server = await spawnServer(env, port);
    }
    await new Promise((r) => setTimeout(r, 500));
    await senders.stop();
    await server.stop('SIGTERM');

    const db = new Database(path.join(prepared.dataDir, 'phonebot.sqlite'));
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const calls = db.prepare('select id, response from calls').all() as { id: number; response: string }[];
      const byKey = new Map<string, number>();
      for (const call of calls) {
        const key = /call ([\w-]+)/.exec(call.response)?.[1];
        if (key) byKey.set(key, (byKey.get(key) ?? 0) + 1);
      }
      const missing = [...senders.acknowledged.keys()].filter((key) => byKey.get(key) !== 1);
      expect(missing).toEqual([]);
      // Nothing stored that was not acknowledged in the end, and no call twice.
      expect(calls.length).toBe(senders.acknowledged.size);
      const counted = db.prepare('select sum(count) as n from monthly_call_counts').get() as { n: number };
      expect(counted.n).toBe(calls.length);
      writeFigures(
        'crash',
        {
          rounds: ROUNDS,
          acknowledged: senders.acknowledged.size,
          found: calls.length,
          attempts: senders.attempts,
          integrity: 'ok',
        },
        'sqlite',
      );
    } finally {
      db.close();
    }
  }, 600_000);
});
