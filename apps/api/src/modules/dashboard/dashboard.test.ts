import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/app';
import { nowIso } from '../../db/time';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

async function addPhonebot(customerId: number, key: string) {
  const now = nowIso();
  await app.db.db
    .insertInto('phonebots')
    .values({ customer_id: customerId, license_key: key, bezeichnung: key, created_at: now, updated_at: now })
    .execute();
}

describe('dashboard counts', () => {
  it("counts the caller's customer only, and everything for the super", async () => {
    const admin = await app.signIn('admin');
    const operator = await app.signIn('user', { customerId: admin.customerId! });
    await addPhonebot(admin.customerId!, 'bot-a1');
    await addPhonebot(admin.customerId!, 'bot-a2');
    const other = await app.signIn('admin');
    await addPhonebot(other.customerId!, 'bot-b1');

    for (const token of [admin.token, operator.token]) {
      const res = await app.request({ method: 'GET', url: '/api/v2/dashboard', token });
      expect(res.json.meta).toEqual({ user_count: 2, phonebot_count: 2 });
    }
    const otherCounts = await app.request({ method: 'GET', url: '/api/v2/dashboard', token: other.token });
    expect(otherCounts.json.meta).toEqual({ user_count: 1, phonebot_count: 1 });

    const sup = await app.signIn('super');
    const all = await app.request({ method: 'GET', url: '/api/v2/dashboard', token: sup.token });
    // The super created at start, the one signed in here, and the three customer users.
    expect(all.json.meta).toEqual({ user_count: 5, phonebot_count: 3 });
  });
});
