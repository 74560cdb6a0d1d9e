import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/client';
import { isDatabaseUnavailable } from '../src/db/errors';
import { createLogger } from '../src/logger';
import { TEST_ENGINE } from './db';
import { createTestApp } from './app';
import { paidPhonebot } from './fixtures';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe.skipIf(TEST_ENGINE !== 'sqlite')('SQLite with a full disk', () => {
  it('fails the transaction with SQLITE_FULL itself (not a rollback error) and logs the cause', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-full-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const lines: string[] = [];
    const db = createDb({ dataDir, log: createLogger('info', { write: (line: string) => void lines.push(line) }) });
    cleanups.push(() => db.close());
    await db.migrate();
    await sql`create table filler (x blob)`.execute(db.db);
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db.db);
    await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(db.db);

    const error = await db.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into filler values (randomblob(100000))`.execute(trx);
        await sql`insert into filler values (randomblob(100000))`.execute(trx);
      })
      .then(
        () => undefined,
        (e: unknown) => e as { code?: string; message?: string },
      );
    expect(error?.code, error?.message).toBe('SQLITE_FULL');
    expect(isDatabaseUnavailable(error)).toBe(true);
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; code?: string });
    expect(logged.some((line) => line.code === 'SQLITE_FULL' && /disk is full/.test(line.msg))).toBe(true);
    // Nothing of the transaction stayed, and the database answers again once there is room.
    expect((await sql<{ n: number }>`select count(*) as n from filler`.execute(db.db)).rows[0]!.n).toBe(0);
    await sql.raw('pragma max_page_count = 1073741823').execute(db.db);
    await sql`insert into filler values (randomblob(100000))`.execute(db.db);
  });

  it('answers a write 503 while the disk is full, and the same call is stored once there is room', async () => {
    const lines: string[] = [];
    const app = await createTestApp({}, {}, { logLines: lines });
    cleanups.push(() => app.stop());
    const { botToken } = await paidPhonebot(app, 'Full');
    await sql`create table filler (x blob)`.execute(app.db.db);
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(app.db.db);
    await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(app.db.db);
    // Whatever room is left in the file's pages is filled up, down to the smallest row.
    for (let size = 4096; size >= 1; size = Math.floor(size / 2)) {
      while (
        await sql`insert into filler values (randomblob(${size}))`.execute(app.db.db).then(
          () => true,
          () => false,
        )
      );
    }
    // A call's conversation larger than a page needs new pages.
    const post = () =>
      app.request({
        method: 'POST',
        url: '/api/v2/bot/calls',
        headers: { authorization: `Bearer ${botToken}`, 'idempotency-key': 'full-1' },
        body: {
          caller_number: '+4930123456',
          response: Array.from({ length: 20 }, () => ({ action: 'UserRecognizedText', text: 'z'.repeat(1000) })),
        },
      });
    const refused = await post();
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(lines.some((line) => line.includes('SQLITE_FULL') && line.includes('disk is full'))).toBe(true);
    await sql`drop table filler`.execute(app.db.db);
    await sql.raw('pragma max_page_count = 1073741823').execute(app.db.db);
    expect((await post()).status).toBe(201);
    expect((await sql<{ n: number }>`select count(*) as n from calls`.execute(app.db.db)).rows[0]!.n).toBe(1);
  });
});
