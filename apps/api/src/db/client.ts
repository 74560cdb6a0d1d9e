import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type DatabaseConnection,
  type Driver,
  Kysely,
  type Migration,
  Migrator,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  SqliteDialect,
  SqliteDriver,
  sql,
} from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from './schema';
import { migrations } from './migrations/index';
import { renameLegacyMigrations } from './migrations/legacy-names';
import { SESSION_ROWS, WriteWatch } from './write-watch';

export type DbEngine = 'sqlite' | 'postgres';

export type Db = {
  db: Kysely<Database>;
  engine: DbEngine;
  /** Resolves when the database answers a trivial query within `timeoutMs`. */
  ping: (timeoutMs?: number) => Promise<void>;
  /** Applies every pending migration (without the statement timeout: a migration may take long). */
  migrate: () => Promise<string[]>;
  close: () => Promise<void>;
  /** Writes of this process to the rows a session's check reads (see SESSION_ROWS). */
  sessionWrites: WriteWatch;
  /** Connections of the pool: open, idle, and requests waiting for one (SQLite: one connection, never waiting). */
  poolStats: () => { total: number; idle: number; waiting: number };
};

export type DbOptions = {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir. */
  sqliteFile?: string;
  poolSize?: number;
  /** The longest a statement may run on PostgreSQL (statement_timeout; the client gives up a second later). */
  statementTimeoutMs?: number;
  /** The longest a query waits for a connection (PostgreSQL) or for the write lock (SQLite busy_timeout). */
  acquireTimeoutMs?: number;
  /** Connection losses and disk-full errors are logged here; without it they are only answered to the caller. */
  log?: Pick<Logger, 'warn' | 'error'>;
};

export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
export const DEFAULT_ACQUIRE_TIMEOUT_MS = 5_000;
/** How long the client waits for an answer beyond statement_timeout before it gives the connection up. */
const READ_TIMEOUT_SLACK_MS = 1_000;

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

/** Rejects when `promise` has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number | undefined, what: string): Promise<T> {
  if (ms === undefined) return promise;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`${what} timed out after ${ms} ms`), { code: 'ETIMEDOUT' })),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A pool whose clients are given up when their connection failed: a query that lost its socket, or got no answer
 * within the read timeout (a stalled network), marks its client broken. Further queries on it fail at once (the
 * rollback Kysely sends after the failure succeeds without the network, since the server rolls back an abandoned
 * connection by itself), and releasing it removes it from the pool and destroys its socket instead of handing a
 * confused connection to the next request.
 */
function guardedPool(pool: pg.Pool): PostgresPool {
  const guards = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const guard = (client: pg.PoolClient): PostgresPoolClient => {
    let broken: Error | undefined;
    const guarded = {
      async query(text: string, parameters: readonly unknown[]) {
        if (broken) {
          if (/^\s*rollback\b/i.test(text)) return { command: 'ROLLBACK', rowCount: null, rows: [] };
          throw broken;
        }
        try {
          return await client.query(text, parameters as unknown[]);
        } catch (error) {
          // Errors the server reported leave the connection usable; anything else (socket, read timeout) not.
          if (!(error instanceof pg.DatabaseError)) broken = error instanceof Error ? error : new Error(String(error));
          throw error;
        }
      },
      release() {
        client.release(broken);
        if (broken)
          (client as unknown as { connection?: { stream?: { destroy?: () => void } } }).connection?.stream?.destroy?.();
      },
    };
    return guarded as unknown as PostgresPoolClient;
  };
  return {
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      let guarded = guards.get(client);
      if (!guarded) guards.set(client, (guarded = guard(client)));
      return guarded;
    },
  };
}

function postgresPool(options: DbOptions & { databaseUrl: string }, statementTimeoutMs: number | undefined) {
  const acquireTimeoutMs = options.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    types: postgresTypes(),
    // Waiting for a free connection and opening one both end after this; the request answers 503.
    connectionTimeoutMillis: acquireTimeoutMs,
    keepAlive: true,
    ...(statementTimeoutMs
      ? {
          statement_timeout: statementTimeoutMs,
          // The server cancels a statement at statement_timeout; when its answer does not arrive shortly after, the
          // network is stalled and the client gives up on its own.
          query_timeout: statementTimeoutMs + READ_TIMEOUT_SLACK_MS,
          // A transaction left open (a request stuck between its statements) does not hold its locks for long.
          idle_in_transaction_session_timeout: Math.max(2 * statementTimeoutMs, 10_000),
        }
      : {}),
  });
  // A connection's socket failing must never take the process down: Node.js throws an 'error' event nobody listens
  // to. The pool listens while a client is idle; each client also gets its own listener for while it is checked out
  // (the query it runs fails too, and its request answers 503).
  pool.on('error', (error) => options.log?.warn({ err: error }, 'idle database connection lost'));
  pool.on('connect', (client) => {
    client.on('error', (error) => options.log?.warn({ err: error }, 'database connection lost'));
  });
  return pool;
}

export function createDb(options: DbOptions): Db {
  const acquireTimeoutMs = options.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS;
  if (options.databaseUrl) {
    const databaseUrl = options.databaseUrl;
    const pool = postgresPool({ ...options, databaseUrl }, options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS);
    const sessionWrites = new WriteWatch(SESSION_ROWS);
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: guardedPool(pool) }),
      plugins: [sessionWrites],
    });
    return {
      db,
      engine: 'postgres',
      ping: async (timeoutMs) => {
        await within(sql`select 1`.execute(db), timeoutMs, 'database ping');
      },
      migrate: async () => {
        // Its own single connection without statement_timeout: a migration over a large table, or waiting for
        // another process's migrations (Kysely's advisory lock), may take longer than any request should.
        const migrationPool = postgresPool({ ...options, databaseUrl, poolSize: 1 }, undefined);
        const migrationDb = new Kysely<Database>({
          dialect: new PostgresDialect({ pool: guardedPool(migrationPool) }),
        });
        try {
          return await migrateToLatest(migrationDb);
        } finally {
          await migrationDb.destroy();
        }
      },
      close: () => db.destroy(),
      sessionWrites,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, options.sqliteFile ?? 'phonebot.sqlite');
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  // How long a write waits for another process's write lock before SQLITE_BUSY (answered 503).
  database.pragma(`busy_timeout = ${Math.max(0, Math.floor(acquireTimeoutMs))}`);
  // Deleted rows are overwritten, so an erased caller's data does not linger in free pages of the file.
  database.pragma('secure_delete = ON');
  const sessionWrites = new WriteWatch(SESSION_ROWS);
  const db = new Kysely<Database>({
    dialect: new GuardedSqliteDialect(database, options.log),
    plugins: [sessionWrites],
  });
  return {
    db,
    engine: 'sqlite',
    ping: async (timeoutMs) => {
      await within(sql`select 1`.execute(db), timeoutMs, 'database ping');
    },
    migrate: () => migrateToLatest(db),
    close: () => db.destroy(),
    sessionWrites,
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
  };
}

/** SQLite errors that mean the file cannot be written (disk full, I/O), logged by name wherever they happen. */
function isStorageError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_(FULL|IOERR|CORRUPT|CANTOPEN|READONLY)/.test(code);
}

/**
 * SQLite with two guards: a storage error is logged with its cause where it happens, and the rollback after a
 * failed statement runs only while a transaction is still open. SQLite rolls a transaction back by itself on some
 * errors (SQLITE_FULL among them); Kysely's own rollback would then fail with "no transaction is active", and that
 * error would replace the cause in the caller's hands and the log.
 */
class GuardedSqliteDialect extends SqliteDialect {
  readonly #database: SQLite.Database;
  readonly #cached: ReturnType<typeof withStatementCache>;
  readonly #log: DbOptions['log'];

  constructor(database: SQLite.Database, log: DbOptions['log']) {
    const cached = withStatementCache(database);
    super({ database: cached });
    this.#database = database;
    this.#cached = cached;
    this.#log = log;
  }

  override createDriver(): Driver {
    const database = this.#database;
    const log = this.#log;
    const report = (error: unknown) => {
      if (!isStorageError(error)) return;
      const code = (error as { code: string }).code;
      log?.error(
        { err: error, code },
        code === 'SQLITE_FULL'
          ? 'database or disk is full (SQLITE_FULL): writes fail until space is freed'
          : `database file error (${code})`,
      );
    };
    return new (class extends SqliteDriver {
      override async acquireConnection(): Promise<DatabaseConnection> {
        const connection = await super.acquireConnection();
        return {
          executeQuery: async (query) => {
            try {
              return await connection.executeQuery(query);
            } catch (error) {
              report(error);
              throw error;
            }
          },
          streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
        };
      }

      override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
        if (!database.inTransaction) return;
        await super.rollbackTransaction(connection);
      }
    })({ database: this.#cached });
  }
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

/**
 * Applies every pending migration, strictly in the order of their names (a database that has a later migration than
 * a pending one is refused); throws when one fails so the process does not start on a half schema. A database
 * migrated under the names used until 2026-12-06 has its records renamed first.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  provided: Record<string, Migration> = migrations,
): Promise<string[]> {
  await renameLegacyMigrations(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => provided },
    allowUnorderedMigrations: false,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
