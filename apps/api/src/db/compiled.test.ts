import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/app';
import { compiledQuery } from './compiled';

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
});
