import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import { type Change, type ChangeSubscriber, publishChanges, registerChangeSubscribers } from './changes';

/** A database of its own, with a table the test subscribers write to. */
async function scratch(): Promise<Kysely<Database>> {
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }) });
  await sql`create table seen (subscriber text not null, kind text not null)`.execute(db);
  return db;
}

const seenRows = (db: Kysely<Database>) =>
  sql<{ subscriber: string; kind: string }>`select subscriber, kind from seen order by rowid`
    .execute(db)
    .then((result) => result.rows.map((row) => `${row.subscriber}:${row.kind}`));

/** A subscriber that notes what it took, and in which transaction, in memory and in the `seen` table. */
function noting(name: string, taken: { name: string; changes: readonly Change[]; inTransaction: boolean }[]) {
  const subscriber: ChangeSubscriber = {
    name,
    async take(trx, changes) {
      taken.push({ name, changes, inTransaction: trx.isTransaction });
      for (const change of changes) {
        await sql`insert into seen (subscriber, kind) values (${name}, ${change.kind})`.execute(trx);
      }
    },
  };
  return subscriber;
}

const updated = (callIds: number[]): Change => ({ kind: 'updated', customerId: 1, callIds });

let opened: Kysely<Database>[] = [];
afterEach(async () => {
  for (const db of opened) await db.destroy();
  opened = [];
});
async function database() {
  const db = await scratch();
  opened.push(db);
  return db;
}

describe('the path of a change', () => {
  it('hands a publish to every registered subscriber, in the order of the list, inside its transaction', async () => {
    const db = await database();
    const taken: { name: string; changes: readonly Change[]; inTransaction: boolean }[] = [];
    registerChangeSubscribers(db, [noting('counts', taken), noting('version', taken), noting('events', taken)]);
    const batch = [updated([1, 2]), { kind: 'deleted', customerId: 1, callIds: [3] } as const];
    await db.transaction().execute(async (trx) => {
      await publishChanges(trx, batch);
      // Written in the publisher's transaction: visible to it before the commit.
      expect(await seenRows(trx)).toEqual([
        'counts:updated',
        'counts:deleted',
        'version:updated',
        'version:deleted',
        'events:updated',
        'events:deleted',
      ]);
    });
    expect(taken.map((entry) => entry.name)).toEqual(['counts', 'version', 'events']);
    expect(taken.every((entry) => entry.inTransaction && entry.changes === batch)).toBe(true);
    expect(await seenRows(db)).toHaveLength(6);
  });

  it('leaves nothing of a change whose transaction rolls back', async () => {
    const db = await database();
    registerChangeSubscribers(db, [noting('counts', []), noting('events', [])]);
    const failed = db.transaction().execute(async (trx) => {
      await publishChanges(trx, [updated([1])]);
      throw new Error('refused after the change');
    });
    await expect(failed).rejects.toThrow('refused after the change');
    expect(await seenRows(db)).toEqual([]);
  });

  it('runs the changes a subscriber publishes in turn through the whole list', async () => {
    const db = await database();
    const taken: { name: string; changes: readonly Change[]; inTransaction: boolean }[] = [];
    const answering: ChangeSubscriber = {
      name: 'shown',
      async take(trx, changes) {
        for (const change of changes) {
          if (change.kind === 'assignee-renamed') await publishChanges(trx, [updated([7])]);
        }
      },
    };
    registerChangeSubscribers(db, [answering, noting('version', taken)]);
    await db
      .transaction()
      .execute((trx) => publishChanges(trx, [{ kind: 'assignee-renamed', customerId: 1, userId: 5 }]));
    expect(await seenRows(db)).toEqual(['version:updated', 'version:assignee-renamed']);
  });

  it('is only taken inside a transaction, and only where subscribers are registered', async () => {
    const db = await database();
    await expect(publishChanges(db, [updated([1])])).rejects.toThrow('inside the transaction');
    await expect(db.transaction().execute((trx) => publishChanges(trx, [updated([1])]))).rejects.toThrow(
      'No change subscribers are registered',
    );
    const unregister = registerChangeSubscribers(db, [noting('version', [])]);
    await db.transaction().execute((trx) => publishChanges(trx, [updated([1])]));
    unregister();
    await expect(db.transaction().execute((trx) => publishChanges(trx, [updated([2])]))).rejects.toThrow(
      'No change subscribers are registered',
    );
    expect(await seenRows(db)).toEqual(['version:updated']);
  });
});
