import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

/** Stands for a parameter while a query is compiled; no real id or key takes this value. */
const SLOT = -7_305_196_283;

/**
 * A hot query built and compiled once per database, then run with new parameters: building and compiling a Kysely
 * query costs more than an indexed read of one row, and some queries run on every request. `build` receives the
 * database and a slot marker for each parameter; the compiled parameters equal to a slot are replaced in order of
 * the slots.
 */
export function compiledQuery<Row, Args extends unknown[]>(
  build: (db: Kysely<Database>, ...slots: number[]) => Compilable<Row>,
  arity: Args['length'],
) {
  const compiled = new WeakMap<Kysely<Database>, { query: CompiledQuery<Row>; positions: number[][] }>();
  return async (db: Kysely<Database>, ...args: Args): Promise<Row[]> => {
    let entry = compiled.get(db);
    if (!entry) {
      const slots = Array.from({ length: arity }, (_, i) => SLOT - i);
      const query = build(db, ...slots).compile();
      const positions = slots.map((slot) =>
        query.parameters.flatMap((value, index) => (value === slot ? [index] : [])),
      );
      if (positions.some((list) => list.length === 0)) throw new Error('compiledQuery: a slot was not used');
      entry = { query, positions };
      compiled.set(db, entry);
    }
    const parameters = [...entry.query.parameters];
    entry.positions.forEach((list, slot) => {
      for (const index of list) parameters[index] = args[slot];
    });
    return (await db.executeQuery<Row>({ ...entry.query, parameters })).rows;
  };
}
