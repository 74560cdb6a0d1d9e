// `npm run backup -- FILE [--force]`: a consistent backup of the database while the server runs and takes calls.
// SQLite (DATA_DIR/phonebot.sqlite): SQLite's online backup API, read-only beside the running server, into one
// self-contained file. PostgreSQL (DATABASE_URL): pg_dump's custom format. See docs/operations.md, "Backups and
// restore".
import fs from 'node:fs';
import Database from 'better-sqlite3';
import {
  checkSqliteBackup,
  copyDatabase,
  fail,
  otherContents,
  parseCommand,
  postgresConnection,
  removeSqliteFiles,
  runClient,
  settings,
} from './db-backup.mjs';

const USAGE = `Usage: npm run backup -- FILE [--force]

Writes a consistent backup of the database to FILE while the server keeps running.
  SQLite (DATABASE_URL unset): a copy of DATA_DIR/phonebot.sqlite, itself a SQLite database.
  PostgreSQL (DATABASE_URL set): pg_dump's custom format (pg_dump -Fc), for pg_restore.
--force  overwrite FILE if it exists (without it an existing FILE is refused).
Also keep DATA_DIR's other contents (docs/operations.md, "Backups and restore").`;

const { file, force } = parseCommand('backup', USAGE);
const { dataDir, sqliteFile, databaseUrl } = settings();
const started = Date.now();

if (fs.existsSync(file) && !force) fail(`${file} exists: choose another FILE, or add --force to overwrite it.`);
if (fs.existsSync(file) && fs.statSync(file).isDirectory()) fail(`${file} is a directory: name a file.`);
// Written beside FILE and moved into place when complete, so FILE is never a partial backup.
const partial = `${file}.partial-${process.pid}`;

/** Moves the finished backup to FILE; without --force a FILE that appeared meanwhile is still not overwritten. */
function moveIntoPlace() {
  if (force) {
    removeSqliteFiles(file);
    fs.renameSync(partial, file);
    return;
  }
  try {
    fs.linkSync(partial, file);
    fs.rmSync(partial);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    if (error?.code === 'EEXIST') fail(`${file} exists: choose another FILE, or add --force to overwrite it.`);
    throw error;
  }
}

function remindOfDataDir() {
  const others = otherContents(dataDir);
  const files = others.filter((name) => name !== 'secrets.key');
  if (files.length)
    console.log(
      `Also back up from ${dataDir}: ${files.join(', ')} (tar -C ${dataDir} -czf files.tar.gz ${files.join(' ')})`,
    );
  if (others.includes('secrets.key'))
    console.log(
      `Keep a copy of ${dataDir}/secrets.key too, apart from the database backups: without it the phonebots' stored ` +
        `secrets cannot be read after a restore.`,
    );
}

if (databaseUrl) {
  const { dbname, env } = postgresConnection(databaseUrl);
  const manual = `pg_dump -Fc --dbname '${dbname}' --file '${file}'  (password: PGPASSWORD or ~/.pgpass)`;
  const dump = await runClient('pg_dump', ['--format=custom', '--file', partial, '--dbname', dbname], env, { manual });
  if (dump.code !== 0) {
    fs.rmSync(partial, { force: true });
    fail(`pg_dump failed (exit code ${dump.code}); nothing was written to ${file}.`);
  }
  moveIntoPlace();
  const size = fs.statSync(file).size;
  console.log(
    `Backed up PostgreSQL to ${file} (pg_dump custom format, ${megabytes(size)}) in ${Date.now() - started} ms.`,
  );
  remindOfDataDir();
  process.exit(0);
}

if (!fs.existsSync(sqliteFile))
  fail(`There is no database at ${sqliteFile}. Set DATA_DIR to the server's data directory (or DATABASE_URL).`);

removeSqliteFiles(partial);
try {
  const source = new Database(sqliteFile, { readonly: true, fileMustExist: true, timeout: 5_000 });
  let pages;
  try {
    pages = (await copyDatabase(source, partial)).totalPages;
  } finally {
    source.close();
  }
  // The copy carries the server's WAL mode; a backup is one file that needs nothing beside it.
  const copy = new Database(partial, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  const checked = checkSqliteBackup(partial);
  if (checked.problems.length) throw new Error(`the copy failed its integrity check: ${checked.problems.join('; ')}`);
  moveIntoPlace();
  console.log(
    `Backed up ${sqliteFile} to ${file} (${pages} pages, ${megabytes(fs.statSync(file).size)}: ${checked.calls} calls, ` +
      `${checked.users} users; integrity_check ok) in ${Date.now() - started} ms.`,
  );
  remindOfDataDir();
} catch (error) {
  removeSqliteFiles(partial);
  fail(`The backup failed: ${error instanceof Error ? error.message : error}`);
}

function megabytes(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
