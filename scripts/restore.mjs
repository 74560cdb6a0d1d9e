// `npm run restore -- FILE [--force]`: puts a backup made by `npm run backup` back. SQLite: into
// DATA_DIR/phonebot.sqlite, refusing a database a running server holds and a file that is not a sound backup.
// PostgreSQL (DATABASE_URL): pg_restore into the database, refusing one that has tables or other connections. See
// docs/operations.md, "Backups and restore".
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  checkSqliteBackup,
  copyDatabase,
  fail,
  fileKind,
  heldByAnotherProcess,
  otherContents,
  parseCommand,
  postgresConnection,
  runClient,
  settings,
} from './db-backup.mjs';

const USAGE = `Usage: npm run restore -- FILE [--force]

Restores a backup made by npm run backup.
  SQLite (DATABASE_URL unset): FILE replaces DATA_DIR/phonebot.sqlite. Stop the server first.
  PostgreSQL (DATABASE_URL set): pg_restore of FILE into that database, which must be empty.
FILE must pass SQLite's integrity_check (SQLite) or be readable by pg_restore (PostgreSQL).
--force  restore although a running server holds the database (SQLite), or although the PostgreSQL database
         has tables or other connections; restart every server on it afterwards.`;

const { file, force } = parseCommand('restore', USAGE);
const { dataDir, sqliteFile, databaseUrl } = settings();
const started = Date.now();

if (!fs.existsSync(file) || !fs.statSync(file).isFile()) fail(`There is no backup file ${file}.`);
const kind = fileKind(file);

if (databaseUrl) {
  if (kind === 'sqlite') fail(`${file} is a SQLite backup: unset DATABASE_URL to restore it into DATA_DIR.`);
  await restorePostgres(databaseUrl);
  process.exit(0);
}

if (kind === 'pg_dump') fail(`${file} is a PostgreSQL dump: set DATABASE_URL to the database to restore it into.`);
if (kind !== 'sqlite') fail(`Refused: ${file} is not a SQLite database, so not a backup of this server.`);
if (path.resolve(file) === sqliteFile) fail(`${file} is the server's database itself.`);
const checked = checkSqliteBackup(file);
if (checked.problems.length)
  fail(`Refused: ${file} is not a valid backup:\n  ${checked.problems.slice(0, 10).join('\n  ')}`);

fs.mkdirSync(dataDir, { recursive: true });
let held = false;
try {
  held = heldByAnotherProcess(sqliteFile);
} catch (error) {
  fail(
    `${sqliteFile} cannot be opened (${error instanceof Error ? error.message : error}): move it away, then restore.`,
  );
}
if (held) {
  if (!force)
    fail(
      `Refused: ${sqliteFile} is in use by a running server (it holds the database open). Stop the server, then ` +
        `run the restore again. --force restores into the running database anyway; restart the server right after.`,
    );
  console.warn(`--force: restoring into ${sqliteFile} while a server holds it; restart that server now.`);
}

try {
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    await copyDatabase(source, sqliteFile);
  } finally {
    source.close();
  }
  const restored = new Database(sqliteFile, { fileMustExist: true, timeout: 5_000 });
  try {
    const quick = restored.pragma('quick_check', { simple: true });
    const calls = Number(restored.prepare('select count(*) from calls').pluck().get());
    if (quick !== 'ok' || calls !== checked.calls)
      throw new Error(`the restored database does not match the backup (quick_check: ${quick}, calls: ${calls})`);
  } finally {
    restored.close();
  }
} catch (error) {
  fail(`The restore failed: ${error instanceof Error ? error.message : error}`);
}
console.log(
  `Restored ${file} into ${sqliteFile} (${checked.calls} calls, ${checked.users} users) in ${Date.now() - started} ms.`,
);
remindOfDataDir();

function remindOfDataDir() {
  const present = otherContents(dataDir);
  console.log(
    `Restore DATA_DIR's other contents from the same backup too (secrets.key unless SECRETS_KEY is set, uploads/, ` +
      `recordings/)${present.length ? `; ${dataDir} now has: ${present.join(', ')}` : `; ${dataDir} has none of them`}.`,
  );
  if (!process.env.SECRETS_KEY && !fs.existsSync(path.join(dataDir, 'secrets.key')))
    console.warn(
      `No secrets key: put the backed-up secrets.key into ${dataDir} (or set SECRETS_KEY) before starting the ` +
        `server, or the phonebots' stored passwords and keys cannot be read.`,
    );
}

async function restorePostgres(url) {
  const { dbname, env } = postgresConnection(url);
  const manual = `pg_restore --no-owner --no-privileges --single-transaction --exit-on-error --dbname '${dbname}' '${file}'`;
  const listed = await runClient('pg_restore', ['--list', file], env, { manual, capture: true });
  if (listed.code !== 0)
    fail(`Refused: ${file} is not a pg_dump archive pg_restore can read:\n${listed.stderr.trim()}`);

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let tables;
  let others;
  try {
    tables = Number(
      (
        await client.query(
          "select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
        )
      ).rows[0].n,
    );
    others = Number(
      (
        await client.query(
          'select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
      ).rows[0].n,
    );
  } finally {
    await client.end();
  }
  if ((tables > 0 || others > 0) && !force)
    fail(
      `Refused: the database of DATABASE_URL ${[
        tables > 0 ? `has ${tables} tables` : '',
        others > 0 ? `has ${others} other connections (a running server?)` : '',
      ]
        .filter(Boolean)
        .join(' and ')}. Restore into a new, empty database (createdb) and point DATABASE_URL at it; ` +
        `--force drops and replaces the backed-up tables in this one (stop the servers first).`,
    );
  const args = ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error'];
  if (tables > 0) args.push('--clean', '--if-exists');
  const restored = await runClient('pg_restore', [...args, '--dbname', dbname, file], env, { manual });
  if (restored.code !== 0) fail(`pg_restore failed (exit code ${restored.code}); the database is unchanged.`);
  console.log(`Restored ${file} into PostgreSQL in ${Date.now() - started} ms.`);
  remindOfDataDir();
}
