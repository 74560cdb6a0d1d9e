import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/app';
import { compiledQuery, rowsQuery } from './compiled';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

describe('compiled queries', () => {
  it('run once compiled with each call’s parameters, in the order of their slots', async () => {
    const one = await app.signIn('admin');
    const two = await app.signIn('user', { customerId: one.customerId! });
    const byCompanyAndRole = compiledQuery<{ id: number }, [number, string]>(
      (db, customerId, role) =>
        db
          .selectFrom('users')
          .select('id')
          .where('customer_id', '=', customerId!)
          .where('role', '=', role as unknown as 'admin')
          .orderBy('id'),
      2,
    );
    expect(await byCompanyAndRole(app.db.db, one.customerId!, 'admin')).toEqual([{ id: one.userId }]);
    expect(await byCompanyAndRole(app.db.db, one.customerId!, 'user')).toEqual([{ id: two.userId }]);
    expect(await byCompanyAndRole(app.db.db, -1, 'user')).toEqual([]);
  });

  it('refuse a query that does not use every slot', async () => {
    const unused = compiledQuery<{ id: number }, [number]>((db) => db.selectFrom('users').select('id'), 1);
    await expect(unused(app.db.db, 1)).rejects.toThrow('a slot was not used');
  });

  it('run inside a transaction of the database they were compiled for', async () => {
    const one = await app.signIn('admin');
    const byId = compiledQuery<{ id: number }, [number]>(
      (db, id) => db.selectFrom('users').select('id').where('id', '=', id!),
      1,
    );
    expect(await byId(app.db.db, one.userId)).toEqual([{ id: one.userId }]);
    const inTransaction = await app.db.db.transaction().execute((trx) => byId(trx, one.userId));
    expect(inTransaction).toEqual([{ id: one.userId }]);
  });

  it('write many rows with one statement and return them', async () => {
    const rows = await app.db.db.transaction().execute(async (trx) => {
      const inserted = await trx.executeQuery(
        rowsQuery<{ name: string }>(
          trx,
          'insert into job_runs (name, last_run_at, outcome) values',
          ['Alpha', 'Beta', 'Gamma'].map((name) => [name, new Date().toISOString(), null]),
          'returning name',
        ),
      );
      return inserted.rows.map((row) => row.name).sort();
    });
    expect(rows).toEqual(['Alpha', 'Beta', 'Gamma']);
  });
});
