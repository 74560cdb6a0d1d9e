import { execFile, execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD, SUPER_EMAIL, SUPER_PASSWORD, createTestApp } from './app';
import { TEST_ENGINE, createPostgresDatabase } from './db';
import { ROOT, type ServerProcess, spawnServer } from './process';
import { requireService } from './reliability/services';
import { writeFigures } from './security/figures';
import { prepareCompany, startSenders } from './reliability/setup';

/**
 * `npm run backup` and `npm run restore` as an operator runs them (scripts/backup.mjs, scripts/restore.mjs): a backup
 * taken from a real server process while a runtime keeps posting calls holds every call acknowledged before it
 * began, and a server started on its restore finds them all.
 */

const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Run = { code: number; stdout: string; stderr: string };

function run(command: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [`scripts/${command}.mjs`, ...args],
      { cwd: ROOT, env: { ...process.env, SECRETS_KEY: '', ...env } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

function workDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-backup-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function until(condition: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const digest = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** The calls of a SQLite database by the Idempotency-Key the senders wrote into their text: key to ids. */
function callsByKey(file: string): Map<string, string[]> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const byKey = new Map<string, string[]>();
    for (const call of db.prepare('select id, response from calls').all() as { id: number; response: string }[]) {
      const key = /call ([\w-]+)/.exec(call.response)?.[1];
      if (key) byKey.set(key, [...(byKey.get(key) ?? []), String(call.id)]);
    }
    return byKey;
  } finally {
    db.close();
  }
}

describe.skipIf(TEST_ENGINE !== 'sqlite')('backup and restore on SQLite', () => {
  it('a backup taken under load holds every call acknowledged before it began; a restore serves them', async () => {
    const { app, prepared } = await prepareCompany({ DATABASE_URL: '' });
    await app.close();
    cleanups.push(app.stop);
    const work = workDir();
    const env = {
      DATA_DIR: prepared.dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SUPER_ADMIN_EMAIL: SUPER_EMAIL,
      SUPER_ADMIN_PASSWORD: SUPER_PASSWORD,
    };
    const server = await spawnServer(env);
    cleanups.push(() => server.stop('SIGKILL'));
    const senders = startSenders(() => server.base, prepared.botToken, 4);
    cleanups.push(() => senders.stop());
    await until(() => senders.acknowledged.size >= 100, 20_000, '100 acknowledged calls');

    // Every call answered 201 before the backup begins.
    const before = new Map(senders.acknowledged);
    const file = path.join(work, 'backup.sqlite');
    const backup = await run('backup', [file], env);
    const duringBackup = senders.acknowledged.size - before.size;
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/integrity_check ok/);
    expect(backup.stdout).toMatch(/secrets\.key/);
    // The server kept taking calls while the backup read the database.
    expect(duringBackup).toBeGreaterThan(0);

    // An existing FILE is never overwritten without --force.
    const written = digest(file);
    const again = await run('backup', [file], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/exists.*--force/);
    expect(digest(file)).toBe(written);

    // The running server holds its database: a restore into it is refused, and the server goes on.
    const acknowledgedNow = senders.acknowledged.size;
    const live = await run('restore', [file], env);
    expect(live.code).toBe(1);
    expect(live.stderr).toMatch(/in use by a running server.*--force/s);
    await until(() => senders.acknowledged.size > acknowledgedNow + 10, 10_000, 'calls after the refused restore');

    await senders.stop();
    expect(await server.stop('SIGTERM')).toBe(0);
    const final = new Map(senders.acknowledged);

    // Into a fresh data directory, with the secrets key as docs/operations.md says.
    const restoredDir = path.join(work, 'restored');
    fs.mkdirSync(restoredDir);
    fs.copyFileSync(path.join(prepared.dataDir, 'secrets.key'), path.join(restoredDir, 'secrets.key'));
    const restored = await run('restore', [file], { ...env, DATA_DIR: restoredDir });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stderr).not.toMatch(/No secrets key/);

    const second: ServerProcess = await spawnServer({ ...env, DATA_DIR: restoredDir });
    cleanups.push(() => second.stop('SIGKILL'));
    const login = await fetch(`${second.base}/api/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: prepared.adminEmail, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { meta: { access_token: string } }).meta.access_token;
    const listed = await fetch(`${second.base}/api/v2/calls?per_page=all`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(listed.status).toBe(200);
    const served = new Set(((await listed.json()) as { data: { id: string }[] }).data.map((call) => call.id));
    const notServed = [...before.values()].filter((id) => !served.has(id));
    expect(notServed).toEqual([]);
    expect(await second.stop('SIGTERM')).toBe(0);

    // Each of them exactly once under its own id, and nothing that was never acknowledged.
    const byKey = callsByKey(path.join(restoredDir, 'phonebot.sqlite'));
    const lost = [...before].filter(([key, id]) => byKey.get(key)?.join() !== id);
    expect(lost).toEqual([]);
    const unknown = [...byKey].filter(([key, ids]) => final.get(key) !== ids.join());
    expect(unknown).toEqual([]);
    writeFigures('backup-under-load', {
      acknowledgedBefore: before.size,
      acknowledgedWhileRunning: duringBackup,
      inBackup: byKey.size,
      foundAfterRestore: before.size - lost.length,
    });
  }, 90_000);

  it('refuses files that are not sound backups, and a held database without --force', async () => {
    const app = await createTestApp({}, { DATABASE_URL: '' });
    const admin = await app.signIn('admin');
    await app.close();
    cleanups.push(app.stop);
    const work = workDir();
    const env = { DATA_DIR: app.config.dataDir, DATABASE_URL: '' };
    const file = path.join(work, 'backup.sqlite');
    // A stopped server's database backs up the same way.
    expect((await run('backup', [file], env)).code).toBe(0);
    // The backup is one file: nothing beside it is needed.
    expect(fs.readdirSync(work)).toEqual(['backup.sqlite']);
    const target = { DATA_DIR: path.join(work, 'target'), DATABASE_URL: '' };

    const refusals: [string, Buffer, RegExp][] = [
      ['garbage.sqlite', crypto.randomBytes(8192), /not a SQLite database/],
      ['empty.sqlite', Buffer.alloc(0), /not a SQLite database/],
      ['pg.dump', Buffer.concat([Buffer.from('PGDMP'), crypto.randomBytes(100)]), /PostgreSQL dump.*DATABASE_URL/],
    ];
    const whole = fs.readFileSync(file);
    refusals.push(['truncated.sqlite', whole.subarray(0, Math.floor(whole.length / 2)), /not a valid backup/]);
    const torn = Buffer.from(whole);
    const pageSize = torn.readUInt16BE(16);
    crypto.randomBytes(pageSize).copy(torn, pageSize * 2);
    refusals.push(['torn.sqlite', torn, /not a valid backup/]);
    const other = new Database(path.join(work, 'other.sqlite'));
    other.exec('create table notes (id integer primary key, text text)');
    other.close();
    refusals.push(['other.sqlite', fs.readFileSync(path.join(work, 'other.sqlite')), /not a Phonebot Portal database/]);
    for (const [name, bytes, message] of refusals) {
      fs.writeFileSync(path.join(work, name), bytes);
      const refused = await run('restore', [path.join(work, name)], target);
      expect(refused.code, name).toBe(1);
      expect(refused.stderr, name).toMatch(message);
      expect(fs.existsSync(path.join(target.DATA_DIR, 'phonebot.sqlite')), name).toBe(false);
    }

    // A process holding the database open (as a server does) makes it live.
    expect((await run('restore', [file], target)).code).toBe(0);
    const database = path.join(target.DATA_DIR, 'phonebot.sqlite');
    const holder = new Database(database);
    try {
      holder.pragma('journal_mode = WAL');
      holder.exec('delete from users');
      const refused = await run('restore', [file], target);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/in use by a running server/);
      expect(holder.prepare('select count(*) from users').pluck().get()).toBe(0);
      // --force restores into it all the same, in one transaction the holder then reads.
      const forced = await run('restore', [file, '--force'], target);
      expect(forced.code, forced.stderr).toBe(0);
      expect(holder.prepare('select email from users where id = ?').pluck().get(admin.userId)).toBe(admin.email);
    } finally {
      holder.close();
    }
    // Without a secrets key the restore says what is missing.
    expect((await run('restore', [file], target)).stderr).toMatch(/No secrets key/);

    // --force overwrites an existing backup.
    const forcedBackup = await run('backup', [path.join(work, 'garbage.sqlite'), '--force'], env);
    expect(forcedBackup.code, forcedBackup.stderr).toBe(0);
    expect(digest(path.join(work, 'garbage.sqlite'))).not.toBe(digest(path.join(work, 'other.sqlite')));
    expect((await run('restore', [path.join(work, 'garbage.sqlite')], target)).code).toBe(0);
  }, 60_000);
});

function installed(program: string): boolean {
  try {
    execFileSync(program, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(TEST_ENGINE !== 'postgres')('backup and restore on PostgreSQL', () => {
  it('pg_dump while calls arrive, pg_restore into an empty database only', async () => {
    if (!requireService(installed('pg_dump') && installed('pg_restore'), 'pg_dump and pg_restore')) return;
    const { app, prepared } = await prepareCompany();
    cleanups.push(app.stop);
    const env = { DATA_DIR: prepared.dataDir, DATABASE_URL: prepared.databaseUrl! };
    const acknowledged = new Map<string, string>();
    let sending = true;
    const sender = (async () => {
      for (let n = 0; sending; n++) {
        const key = `pg-${n}-${crypto.randomUUID()}`;
        const res = await app.request({
          method: 'POST',
          url: '/api/v2/bot/calls',
          token: prepared.botToken,
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
          body: { caller_number: '+4930123456', response: [{ action: 'UserRecognizedText', text: `call ${key}` }] },
        });
        if (res.status === 201) acknowledged.set(key, String(res.json.data.id));
      }
    })();
    await until(() => acknowledged.size >= 20, 20_000, '20 acknowledged calls');
    const before = new Map(acknowledged);
    const work = workDir();
    const file = path.join(work, 'backup.dump');
    const backup = await run('backup', [file], env);
    sending = false;
    await sender;
    expect(backup.code, backup.stderr).toBe(0);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');
    const again = await run('backup', [file], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/exists.*--force/);

    // The database in use (tables, a server's connections) is refused; so is a file pg_restore cannot read.
    const inUse = await run('restore', [file], env);
    expect(inUse.code).toBe(1);
    expect(inUse.stderr).toMatch(/has \d+ tables.*other connections/s);
    const target = await createPostgresDatabase();
    cleanups.push(target.drop);
    const targetEnv = { ...env, DATABASE_URL: target.url };
    fs.writeFileSync(path.join(work, 'garbage.dump'), crypto.randomBytes(4096));
    const garbage = await run('restore', [path.join(work, 'garbage.dump')], targetEnv);
    expect(garbage.code).toBe(1);
    expect(garbage.stderr).toMatch(/not a pg_dump archive/);

    const restored = await run('restore', [file], targetEnv);
    expect(restored.code, restored.stderr).toBe(0);
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const rows = (await client.query<{ id: number; response: string }>('select id, response from calls')).rows;
      const byKey = new Map(rows.map((row) => [/call ([\w-]+)/.exec(row.response)?.[1], String(row.id)]));
      const lost = [...before].filter(([key, id]) => byKey.get(key) !== id);
      expect(lost).toEqual([]);
      expect(rows.length).toBeLessThanOrEqual(acknowledged.size);
    } finally {
      await client.end();
    }
    // A second restore into the now filled database is refused too.
    expect((await run('restore', [file], targetEnv)).stderr).toMatch(/has \d+ tables/);
  }, 60_000);
});
