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
    // The users Users lists: the three customer users; super administrators are not counted.
    expect(all.json.meta).toEqual({ user_count: 3, phonebot_count: 3 });
  });

  it('counts what Users lists: guests are not counted', async () => {
    const admin = await app.signIn('admin');
    await app.signIn('adminuser', { customerId: admin.customerId! });
    await app.signIn('guest', { customerId: admin.customerId! });
    await app.signIn('guest', { customerId: admin.customerId! });
    const counts = await app.request({ method: 'GET', url: '/api/v2/dashboard', token: admin.token });
    const listed = await app.request({ method: 'GET', url: '/api/v2/user', token: admin.token });
    expect(counts.json.meta.user_count).toBe(2);
    expect(counts.json.meta.user_count).toBe(listed.json.data.length);
  });
});

describe('first steps checklist', () => {
  const steps = async (token: string) => {
    const res = await app.request({ method: 'GET', url: '/api/v2/dashboard/checklist', token });
    expect(res.status).toBe(200);
    return Object.fromEntries(
      (res.json.meta.steps as { step: string; done: boolean }[]).map(({ step, done }) => [step, done]),
    ) as Record<string, boolean>;
  };

  it('ticks each step from the company’s own data, and no other company’s', async () => {
    const admin = await app.signIn('admin');
    const other = await app.signIn('admin');
    const none = { phonebot: false, runtime: false, call: false, colleague: false, billing: false };
    expect(await steps(admin.token)).toEqual(none);
    const first = await app.request({ method: 'GET', url: '/api/v2/dashboard/checklist', token: admin.token });
    expect(first.json.meta.steps.map((s: { step: string }) => s.step)).toEqual([
      'phonebot',
      'runtime',
      'call',
      'colleague',
      'billing',
    ]);
    expect(first.json.meta.complete).toBe(false);

    const created = await app.request({
      method: 'POST',
      url: '/api/v2/vbot',
      token: admin.token,
      body: { data: { type: 'vbots', attributes: { bezeichnung: 'Front desk' } } },
    });
    const botToken = created.json.meta.bot_token as string;
    expect(await steps(admin.token)).toEqual({ ...none, phonebot: true });

    await app.request({ method: 'POST', url: '/api/v2/bot/heartbeat', token: botToken });
    expect(await steps(admin.token)).toMatchObject({ runtime: true, call: false });

    const call = await app.request({
      method: 'POST',
      url: '/api/v2/bot/calls',
      token: botToken,
      headers: { 'idempotency-key': 'first-call' },
      body: { caller_number: '+4930123456', response: [] },
    });
    expect(call.status).toBe(201);
    expect(await steps(admin.token)).toMatchObject({ call: true, colleague: false });

    // A guest is no colleague of the Users screen; an operator is.
    await app.signIn('guest', { customerId: admin.customerId! });
    expect(await steps(admin.token)).toMatchObject({ colleague: false });
    const adminuser = await app.signIn('adminuser', { customerId: admin.customerId! });
    expect(await steps(admin.token)).toMatchObject({ colleague: true, billing: false });

    const sup = await app.signIn('super');
    const paid = await app.request({
      method: 'PATCH',
      url: `/api/v2/phonebot/${created.json.meta.license_Key}`,
      token: sup.token,
      body: { data: { type: 'vbots', attributes: { payment_status: 1 } } },
    });
    expect(paid.status).toBe(200);
    const done = await app.request({ method: 'GET', url: '/api/v2/dashboard/checklist', token: adminuser.token });
    expect(done.json.meta.complete).toBe(true);
    expect(done.json.meta.steps.every((s: { done: boolean }) => s.done)).toBe(true);

    // None of it is the other company's.
    expect(await steps(other.token)).toEqual(none);
  });

  it('is for the company’s admins: users, guests and the super are refused', async () => {
    const admin = await app.signIn('admin');
    for (const role of ['user', 'guest'] as const) {
      const { token } = await app.signIn(role, { customerId: admin.customerId! });
      expect((await app.request({ method: 'GET', url: '/api/v2/dashboard/checklist', token })).status, role).toBe(403);
    }
    const sup = await app.signIn('super');
    expect((await app.request({ method: 'GET', url: '/api/v2/dashboard/checklist', token: sup.token })).status).toBe(
      403,
    );
    expect((await app.request({ method: 'GET', url: '/api/v2/dashboard/checklist' })).status).toBe(401);
  });
});
