// What `npm run backup` and `npm run restore` share (docs/operations.md, "Backups and restore"). Plain JavaScript on
// the server's own dependencies, so both work on a deployment installed without the development packages.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';

/** The SQLite file of the server inside DATA_DIR (apps/api/src/db/client.ts). */
const SQLITE_FILE = 'phonebot.sqlite';
/** What else in DATA_DIR a backup must keep: the generated secrets key, avatars, call recordings. */
const DATA_DIR_CONTENTS = ['secrets.key', 'uploads', 'recordings'];

/** Settings read as the server reads them (apps/api/src/config.ts): DATA_DIR relative to the working directory. */
export function settings() {
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  return {
    dataDir,
    sqliteFile: path.join(dataDir, SQLITE_FILE),
    databaseUrl: process.env.DATABASE_URL || undefined,
  };
}

/**
 * `FILE [--force]`. FILE is taken relative to the directory the command was typed in (npm runs scripts from the
 * project's root and names that directory in INIT_CWD). Usage errors end the process with code 2.
 */
export function parseCommand(name, usage) {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
      allowPositionals: true,
    });
  } catch (error) {
    fail(`${error instanceof Error ? error.message : error}\n\n${usage}`, 2);
  }
  if (parsed.values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (parsed.positionals.length !== 1) fail(`npm run ${name} needs exactly one FILE.\n\n${usage}`, 2);
  const file = path.resolve(process.env.INIT_CWD || process.cwd(), parsed.positionals[0]);
  return { file, force: parsed.values.force };
}

/** Ends the command with the message on stderr. */
export function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}

/** The entries of DATA_DIR besides the database that a backup must keep and that exist here. */
export function otherContents(dataDir) {
  return DATA_DIR_CONTENTS.filter((name) => {
    if (name === 'secrets.key' && process.env.SECRETS_KEY) return false;
    return fs.existsSync(path.join(dataDir, name));
  }).map((name) => (name === 'secrets.key' ? name : `${name}/`));
}

/** A file's kind by its first bytes. */
export function fileKind(file) {
  const head = Buffer.alloc(16);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, head.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head.toString('latin1') === 'SQLite format 3\0') return 'sqlite';
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'pg_dump';
  return 'other';
}

/** A SQLite database file together with the journal files SQLite may keep beside it. */
export function removeSqliteFiles(file) {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${file}${suffix}`, { force: true });
}

/**
 * Whether another process (a running server) holds the database open. In WAL mode every connection keeps a shared
 * lock on the file for as long as it is open, so an exclusive lock is refused exactly while one is.
 */
export function heldByAnotherProcess(file) {
  if (!fs.existsSync(file)) return false;
  const db = new Database(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return false;
  } catch (error) {
    if (/^SQLITE_(BUSY|LOCKED)/.test(String(error?.code))) return true;
    throw error;
  } finally {
    db.close();
  }
}

/**
 * What is wrong with a file meant as a backup of the server's SQLite database (an empty list: nothing), and what it
 * holds: integrity_check over the whole file, and the tables of the server's schema.
 */
export function checkSqliteBackup(file) {
  let db;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return { problems: [String(error?.message ?? error)] };
  }
  try {
    const problems = db
      .pragma('integrity_check(20)', { simple: false })
      .map((row) => String(Object.values(row)[0]))
      .filter((line) => line !== 'ok');
    if (problems.length) return { problems };
    const tables = new Set(
      db
        .prepare("select name from sqlite_schema where type = 'table'")
        .pluck()
        .all()
        .map((name) => String(name)),
    );
    const missing = ['kysely_migration', 'users', 'calls'].filter((table) => !tables.has(table));
    if (missing.length) return { problems: [`not a Phonebot Portal database: no table ${missing.join(', ')}`] };
    return {
      problems: [],
      migrations: Number(db.prepare('select count(*) from kysely_migration').pluck().get()),
      calls: Number(db.prepare('select count(*) from calls').pluck().get()),
      users: Number(db.prepare('select count(*) from users').pluck().get()),
    };
  } catch (error) {
    return { problems: [String(error?.message ?? error)] };
  } finally {
    db.close();
  }
}

/**
 * Copies the whole database `source` into the file `destination` with SQLite's online backup API, all pages in one
 * step: one read transaction on the source, so the copy is one consistent moment of it while other processes keep
 * writing, and one write transaction on the destination, so a destination that exists is replaced at once or not at
 * all. A destination another connection is writing to at that moment is tried again.
 */
export async function copyDatabase(source, destination) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const result = await source.backup(destination, { progress: () => 0x7fffffff });
    // better-sqlite3 reports success without a page copied when the first step found the destination busy.
    if (result.totalPages > 0 && result.remainingPages === 0) return result;
    if (Date.now() > deadline) throw new Error(`${destination} stayed locked by another process for 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The connection of DATABASE_URL for pg_dump and pg_restore: the password goes in the environment, not argv. */
export function postgresConnection(databaseUrl) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    dbname: url.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/**
 * Runs a PostgreSQL client program; its messages go to the operator's terminal (or are kept with `capture`). A
 * missing program ends the command with what to install.
 */
export function runClient(program, args, env, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', options.capture ? 'pipe' : 'inherit'] });
    let stderr = '';
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    child.once('error', (error) => {
      if (error.code !== 'ENOENT') fail(`${program} could not be started: ${error.message}`);
      fail(
        `${program} was not found. Install PostgreSQL's client programs of the server's major version or newer ` +
          `(Debian and Ubuntu: apt-get install -y postgresql-client), then run this again.\n` +
          `Without this command:  ${options.manual}`,
      );
    });
    child.once('close', (code) => resolve({ code, stderr }));
  });
}
