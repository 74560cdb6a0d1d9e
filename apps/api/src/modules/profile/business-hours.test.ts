import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessHoursSchema } from '@phonebot/shared/customers';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';
import { addBusinessMinutes } from '../calls';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const MINUTE = 60_000;
const OFFICE = {
  time_zone: 'Europe/Berlin',
  week: {
    mon: [['08:00', '17:00']],
    tue: [['08:00', '17:00']],
    wed: [['08:00', '17:00']],
    thu: [['08:00', '17:00']],
    fri: [
      ['08:00', '12:00'],
      ['13:00', '15:00'],
    ],
  },
  holidays: ['2026-12-24', '2026-12-25'],
};
const office = businessHoursSchema.parse(OFFICE);

const patchProfile = (who: { token: string }, attributes: Record<string, unknown>) =>
  app.request({
    method: 'PATCH',
    url: '/api/v2/profile',
    token: who.token,
    body: { data: { type: 'profile', attributes } },
  });
const profile = async (who: SignedIn) =>
  (await app.request({ method: 'GET', url: '/api/v2/profile', token: who.token })).json.data.attributes;

async function company() {
  const admin = await app.signIn('admin');
  const customerId = admin.customerId!;
  const created = await app.request({
    method: 'POST',
    url: '/api/v2/vbot',
    token: admin.token,
    body: { data: { type: 'vbots', attributes: { bezeichnung: 'Empfang' } } },
  });
  const meta = created.json.meta as { license_Key: string; bot_token: string };
  const enter = async (priority = 'Normal Callback') => {
    const res = await app.request({
      method: 'POST',
      url: '/api/v2/calls',
      token: admin.token,
      body: {
        data: { type: 'calls', attributes: { phonebot: meta.license_Key, caller_number: '+4930123', priority } },
      },
    });
    expect(res.status, res.body).toBe(201);
    return {
      id: Number(res.json.data.id),
      ...(res.json.data.attributes as { created_at: string; callback_due_at: string }),
    };
  };
  const call = async (id: number) =>
    (await app.request({ method: 'GET', url: `/api/v2/calls/${id}`, token: admin.token })).json.data.attributes;
  return { admin, customerId, meta, enter, call };
}

async function apiKey(admin: SignedIn): Promise<string> {
  const res = await app.request({
    method: 'POST',
    url: '/api/v2/api-keys',
    token: admin.token,
    body: {
      data: {
        type: 'api-keys',
        attributes: { name: 'All scopes', scopes: ['calls:read', 'calls:write', 'phonebots:read', 'users:read'] },
      },
    },
  });
  expect(res.status, res.body).toBe(201);
  return res.json.data.attributes.token as string;
}

describe('business hours and the default country on the company profile', () => {
  it('are unset to begin with, and set, read back and cleared by the company’s admins', async () => {
    const c = await company();
    expect(await profile(c.admin)).toMatchObject({ business_hours: null, default_country: 'DE' });

    let res = await patchProfile(c.admin, { business_hours: { ...OFFICE, time_zone: 'europe/berlin' } });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.attributes.business_hours).toEqual({
      ...OFFICE,
      week: { ...OFFICE.week, sat: [], sun: [] },
    });
    const adminuser = await app.signIn('adminuser', { customerId: c.customerId });
    res = await patchProfile(adminuser, { default_country: 'at' });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.attributes).toMatchObject({
      default_country: 'AT',
      business_hours: { time_zone: 'Europe/Berlin' },
    });

    res = await patchProfile(c.admin, { business_hours: null });
    expect(res.json.data.attributes.business_hours).toBeNull();
  });

  it('refuse bad input with 422 and change nothing', async () => {
    const c = await company();
    await patchProfile(c.admin, { business_hours: OFFICE });
    const bad: [Record<string, unknown>, string][] = [
      [{ business_hours: { ...OFFICE, time_zone: 'Europe/Atlantis' } }, 'businessHoursTimeZoneInvalid'],
      [{ business_hours: { ...OFFICE, week: { mon: [['17:00', '08:00']] } } }, 'businessHoursIntervalsInvalid'],
      [
        {
          business_hours: {
            ...OFFICE,
            week: {
              mon: [
                ['08:00', '13:00'],
                ['12:00', '17:00'],
              ],
            },
          },
        },
        'businessHoursIntervalsInvalid',
      ],
      [{ business_hours: { ...OFFICE, week: {} } }, 'businessHoursEmpty'],
      [{ business_hours: { ...OFFICE, holidays: ['2026-02-29'] } }, 'businessHoursHolidaysInvalid'],
      [{ business_hours: 'always' }, 'businessHoursIntervalsInvalid'],
      [{ default_country: 'Germany' }, 'defaultCountryInvalid'],
      [{ default_country: 'XX' }, 'defaultCountryInvalid'],
    ];
    for (const [attributes, code] of bad) {
      const res = await patchProfile(c.admin, attributes);
      expect(res.status, JSON.stringify(attributes)).toBe(422);
      expect(res.json.errors[0].code).toBe(code);
      expect(res.json.errors[0].source.pointer).toMatch(/^\/data\/attributes\/(business_hours|default_country)/);
    }
    expect(await profile(c.admin)).toMatchObject({
      default_country: 'DE',
      business_hours: { holidays: OFFICE.holidays },
    });
  });

  it('are not the operators’, guests’ or API keys’ to read or change', async () => {
    const c = await company();
    const operator = await app.signIn('user', { customerId: c.customerId });
    const guest = await app.signIn('guest', { customerId: c.customerId });
    for (const who of [operator, guest, { token: await apiKey(c.admin) }]) {
      expect((await app.request({ method: 'GET', url: '/api/v2/profile', token: who.token })).status).toBe(403);
      expect((await patchProfile(who, { business_hours: OFFICE })).status).toBe(403);
    }
    expect(await profile(c.admin)).toMatchObject({ business_hours: null });
  });
});

describe('callback deadlines in business hours', () => {
  it('count business minutes for calls entered by hand and posted by the runtime, one by one and in groups', async () => {
    const c = await company();
    await patchProfile(c.admin, { business_hours: OFFICE });
    const entered = await c.enter('Important Callback');
    expect(entered.callback_due_at).toBe(addBusinessMinutes(entered.created_at, 60, office));

    await app.db.db
      .updateTable('phonebots')
      .set({ payment_status: 1 })
      .where('license_key', '=', c.meta.license_Key)
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        app.request({
          method: 'POST',
          url: '/api/v2/bot/calls',
          token: c.meta.bot_token,
          headers: { 'idempotency-key': `hours-${n}` },
          body: { caller_number: `+4930555${n}`, response: [], priority: 'Send Email' },
        }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status, answer.body).toBe(201);
      const stored = await c.call(Number(answer.json.data.id));
      expect(stored.callback_due_at).toBe(addBusinessMinutes(stored.created_at, 240, office));
    }
  });

  it('move with new hours for open calls whose deadline was not set by hand, in the same change', async () => {
    const c = await company();
    const [first, second, third] = [(await c.enter()).id, (await c.enter()).id, (await c.enter()).id] as const;
    const manual = '2030-01-02T03:04:05.000Z';
    await app.request({
      method: 'PATCH',
      url: `/api/v2/calls/${second}`,
      token: c.admin.token,
      body: { data: { type: 'calls', id: String(second), attributes: { callback_due_at: manual } } },
    });
    await app.request({ method: 'PATCH', url: `/api/v2/updateCallStatusCompleted/${third}`, token: c.admin.token });
    const before = await c.call(third);

    const res = await patchProfile(c.admin, { business_hours: OFFICE });
    expect(res.status, res.body).toBe(200);
    const moved = await c.call(first);
    expect(moved.callback_due_at).toBe(addBusinessMinutes(moved.created_at, 1440, office));
    expect((await c.call(second)).callback_due_at).toBe(manual);
    expect((await c.call(third)).callback_due_at).toBe(before.callback_due_at);

    // Back to around the clock: the open call is due a day after it arrived again.
    await patchProfile(c.admin, { business_hours: null });
    const back = await c.call(first);
    expect(Date.parse(back.callback_due_at) - Date.parse(back.created_at)).toBe(1440 * MINUTE);
  });
});

describe('business hours and the default country on the customers resource (super)', () => {
  it('are answered and changed by the super for any customer; others get 403, unknown customers 404', async () => {
    const c = await company();
    const root = await app.signIn('super');
    const ownerId = c.admin.userId;
    let res = await app.request({ method: 'GET', url: `/api/v2/customers/${ownerId}`, token: root.token });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.attributes).toMatchObject({ business_hours: null, default_country: 'DE' });

    const patch = (url: string, token: string, attributes: Record<string, unknown>) =>
      app.request({
        method: 'PATCH',
        url,
        token,
        body: { data: { type: 'customers', id: url.split('/').pop(), attributes } },
      });
    res = await patch(`/api/v2/customers/${ownerId}`, root.token, { business_hours: OFFICE, default_country: 'ch' });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.attributes).toMatchObject({
      default_country: 'CH',
      business_hours: { time_zone: 'Europe/Berlin' },
    });
    expect(await profile(c.admin)).toMatchObject({
      default_country: 'CH',
      business_hours: { holidays: OFFICE.holidays },
    });
    // The open calls follow the super's change too.
    const entered = await c.enter();
    expect(entered.callback_due_at).toBe(addBusinessMinutes(entered.created_at, 1440, office));

    res = await patch(`/api/v2/customer/${ownerId}`, root.token, { business_hours: null });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.attributes.business_hours).toBeNull();

    const list = await app.request({ method: 'GET', url: '/api/v2/customers?page[size]=100', token: root.token });
    expect(list.json.data.find((row: { id: string }) => row.id === String(ownerId)).attributes).toMatchObject({
      business_hours: null,
      default_country: 'CH',
    });

    const bad = await patch(`/api/v2/customers/${ownerId}`, root.token, { business_hours: { ...OFFICE, week: {} } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0].code).toBe('businessHoursEmpty');
    const unknown = await patch('/api/v2/customers/999999', root.token, { business_hours: OFFICE });
    expect(unknown.status, unknown.body).toBe(404);
    for (const who of [c.admin, await app.signIn('admin')]) {
      expect((await patch(`/api/v2/customers/${ownerId}`, who.token, { business_hours: OFFICE })).status).toBe(403);
    }
    expect(await profile(c.admin)).toMatchObject({ business_hours: null });
  });
});
