import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import { isPostgres } from './engine';
import type { Database } from './schema';

/** Stands for a parameter while a query is compiled; no real id or key takes this value. */
const SLOT = -7_305_196_283;

/**
 * A hot query built and compiled once per database, then run with new parameters: building and compiling a Kysely
 * query costs more than an indexed read of one row, and some queries run on every request. `build` receives the
 * database and a slot marker for each parameter; the compiled parameters equal to a slot are replaced in order of
 * the slots. A transaction of the database runs the same compiled query: the compiled form is kept per adapter,
 * which a database shares with its transactions and no other database has. The database's plugins see the query
 * once, when it is compiled: use it for reads and for writes no plugin must see (the session write watch looks for
 * updates and deletes of session rows).
 */
export function compiledQuery<Row, Args extends unknown[]>(
  build: (db: Kysely<Database>, ...slots: number[]) => Compilable<Row>,
  arity: Args['length'],
) {
  const compiled = new WeakMap<object, { query: CompiledQuery<Row>; positions: number[][] }>();
  return async (db: Kysely<Database>, ...args: Args): Promise<Row[]> => {
    const key = db.getExecutor().adapter;
    let entry = compiled.get(key);
    if (!entry) {
      const slots = Array.from({ length: arity }, (_, i) => SLOT - i);
      const query = build(db, ...slots).compile();
      const positions = slots.map((slot) =>
        query.parameters.flatMap((value, index) => (value === slot ? [index] : [])),
      );
      if (positions.some((list) => list.length === 0)) throw new Error('compiledQuery: a slot was not used');
      entry = { query, positions };
      compiled.set(key, entry);
    }
    const parameters = [...entry.query.parameters];
    entry.positions.forEach((list, slot) => {
      for (const index of list) parameters[index] = args[slot];
    });
    return (await db.executeQuery<Row>({ ...entry.query, parameters })).rows;
  };
}

const rowsSql = new Map<string, string>();

/**
 * One statement for many rows, its text written by hand and kept per row count: `head` names the table and columns
 * (`insert into t (a, b) values`), each row is a list of parameters, `tail` follows the rows (`on conflict ...
 * returning ...`). `head` and `tail` must be constant text, never values. No plugin sees the statement: not for
 * writes to the rows the session write watch looks for.
 */
export function rowsQuery<Row>(
  db: Kysely<Database>,
  head: string,
  rows: readonly (readonly unknown[])[],
  tail = '',
): CompiledQuery<Row> {
  const width = rows[0]?.length ?? 0;
  const postgres = isPostgres(db);
  const key = `${postgres ? 'pg' : 'sqlite'}|${rows.length}|${width}|${head}|${tail}`;
  let text = rowsSql.get(key);
  if (text === undefined) {
    const slot = placeholders(db);
    const values = rows.map(() => `(${Array.from({ length: width }, slot).join(', ')})`).join(', ');
    text = `${head} ${values} ${tail}`.trim();
    if (rowsSql.size >= 2_000) rowsSql.clear();
    rowsSql.set(key, text);
  }
  return CompiledQuery.raw(text, rows.flat()) as CompiledQuery<Row>;
}

/** Hands out the next parameter's placeholder of the database's SQL: `$1`, `$2`, ... or `?`. */
export function placeholders(db: Kysely<Database>): () => string {
  if (!isPostgres(db)) return () => '?';
  let n = 0;
  return () => `$${++n}`;
}
