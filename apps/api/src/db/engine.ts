import { type Kysely, PostgresAdapter } from 'kysely';

/** Whether a database (or a transaction of it) runs on PostgreSQL; SQLite otherwise. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works for any schema, transactions included
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Locks the selected rows until the transaction ends (`for update`) on PostgreSQL. SQLite has no row locks and
 * needs none: a write transaction holds the whole database, and this process runs one transaction at a time.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works for any schema, transactions included
export function rowLock(db: Kysely<any>) {
  const lock = isPostgres(db);
  return <Q extends { forUpdate: () => Q }>(query: Q): Q => (lock ? query.forUpdate() : query);
}
