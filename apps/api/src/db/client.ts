import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { migrations } from './migrations/index';
import { SESSION_ROWS, WriteWatch } from './write-watch';

export type DbEngine = 'sqlite' | 'postgres';

export type Db = {
  db: Kysely<Database>;
  engine: DbEngine;
  /** Resolves when the database answers a trivial query. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** Writes of this process to the rows a session's check reads (see SESSION_ROWS). */
  sessionWrites: WriteWatch;
};

export type DbOptions = {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir. */
  sqliteFile?: string;
  poolSize?: number;
  onPoolError?: (error: Error) => void;
};

/**
 * PostgreSQL answers timestamps as Date and bigint counts as strings; the application works with ISO strings and
 * numbers on both engines, so the pool parses those types here and nowhere else.
 */
function postgresTypes(): pg.CustomTypesConfig {
  const toIso = (value: string) => new Date(value).toISOString();
  const parsers: Record<number, (value: string) => unknown> = {
    20: (value) => Number(value), // int8: counts and sums; ids stay far below 2^53
    1114: (value) => new Date(`${value}Z`).toISOString(), // timestamp without time zone, stored as UTC
    1184: toIso, // timestamptz
  };
  return {
    getTypeParser: ((oid: number, format?: string) =>
      parsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
  };
}

export function createDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      types: postgresTypes(),
      connectionTimeoutMillis: 5000,
    });
    // An idle client losing its connection (database restart) must not crash the process.
    pool.on('error', (error) => options.onPoolError?.(error));
    const sessionWrites = new WriteWatch(SESSION_ROWS);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [sessionWrites] });
    return {
      db,
      engine: 'postgres',
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      close: () => db.destroy(),
      sessionWrites,
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, options.sqliteFile ?? 'phonebot.sqlite');
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // Deleted rows are overwritten, so an erased caller's data does not linger in free pages of the file.
  database.pragma('secure_delete = ON');
  const sessionWrites = new WriteWatch(SESSION_ROWS);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
    plugins: [sessionWrites],
  });
  return {
    db,
    engine: 'sqlite',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
    sessionWrites,
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it runs; preparing costs more than running a simple indexed query. The same SQL text
 * reuses its prepared statement instead, unless that statement is still busy (a list streamed in batches iterates
 * it meanwhile), in which case a fresh one is prepared for this use. Statements are re-prepared by SQLite itself
 * after a schema change.
 */
function withStatementCache(database: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(text: string): SQLite.Statement {
      const cached = cache.get(text);
      if (cached && !cached.busy) return cached;
      const statement = database.prepare(text);
      if (!cached) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

/** Applies every pending migration; throws when one fails so the process does not start on a half schema. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Migrations are independent of each other's order within a release; a database that already has a later one
    // still gets an earlier one that arrived with the same release.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
