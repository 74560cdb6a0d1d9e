import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';
import { storeCall } from '../calls';
import { monthOf } from '../calls-history';
import { trendMonths } from './usage.service';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | undefined, body?: unknown) =>
  app.request({ method, url: `/api/v2${url}`, token, body });

type Bot = { id: number; name: string; licenseKey: string };
type Company = { admin: SignedIn; customerId: number; name: string; bots: Bot[] };

async function company(name: string, botNames: string[]): Promise<Company> {
  const admin = await app.signIn('admin');
  await app.db.db.updateTable('customers').set({ company_name: name }).where('id', '=', admin.customerId!).execute();
  const bots: Bot[] = [];
  for (const botName of botNames) {
    const created = await api('POST', '/vbot', admin.token, {
      data: { type: 'vbots', attributes: { bezeichnung: botName } },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const licenseKey = created.json.meta.license_Key as string;
    const row = await app.db.db
      .selectFrom('phonebots')
      .select('id')
      .where('license_key', '=', licenseKey)
      .executeTakeFirstOrThrow();
    bots.push({ id: row.id, name: botName, licenseKey });
  }
  return { admin, customerId: admin.customerId!, name, bots };
}

/** Stores `count` calls of a phonebot as ingest does, received at a moment. */
async function calls(c: Company, bot: Bot, at: string, count: number) {
  for (let i = 0; i < count; i++) {
    await app.db.db.transaction().execute((trx) =>
      storeCall(
        trx,
        {
          phonebotId: bot.id,
          customerId: c.customerId,
          phonebotName: bot.name,
          customerName: c.name,
          categoryTerms: [],
        },
        { caller_number: '+4930111', response: [] },
        at,
      ),
    );
  }
}

type UsageRow = {
  customer_id: number;
  customer_name: string;
  phonebot_id: number;
  phonebot: string;
  license_key: string | null;
  payment_status: number | null;
  subscription_id: string | null;
  calls: number;
  trend: number[];
};

async function usage(token: string, month: string) {
  const res = await api('GET', `/usage?month=${month}`, token);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as {
    data: { type: string; id: string; attributes: UsageRow }[];
    meta: { month: string; months: string[]; total: number };
  };
}

/** The middle of a month's 15th day in the server's time zone, as an ISO moment. */
const midMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(y, m - 1, 15, 12).toISOString();
};

describe('trendMonths', () => {
  it('counts twelve months back across a year', () => {
    expect(trendMonths('2026-03')).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
  });
});

describe('GET /usage', () => {
  it('lists each phonebot with its calls per month, payment state and subscription, as Calls History counts them', async () => {
    const sup = await app.signIn('super');
    const month = '2026-03';
    const c = await company(`Usage ${Math.random().toString(36).slice(2, 8)}`, ['Empfang', 'Notdienst', 'Leer']);
    const [empfang, notdienst, leer] = c.bots as [Bot, Bot, Bot];
    await calls(c, empfang, midMonth('2026-03'), 3);
    await calls(c, empfang, midMonth('2026-01'), 2);
    await calls(c, empfang, midMonth('2025-04'), 1);
    await calls(c, empfang, midMonth('2025-03'), 4); // before the twelve months
    await calls(c, notdienst, midMonth('2025-12'), 5);
    await app.db.db
      .updateTable('phonebots')
      .set({ payment_status: 3, subscription_id: 'sub_01usage' })
      .where('id', '=', empfang.id)
      .execute();

    const doc = await usage(sup.token, month);
    expect(doc.meta.month).toBe(month);
    expect(doc.meta.months).toEqual(trendMonths(month));
    const mine = doc.data.filter((r) => r.attributes.customer_id === c.customerId);
    expect(mine.map((r) => r.attributes.phonebot)).toEqual(['Empfang', 'Leer', 'Notdienst']);
    const byName = Object.fromEntries(mine.map((r) => [r.attributes.phonebot, r]));
    expect(byName.Empfang!.type).toBe('usage');
    expect(byName.Empfang!.id).toBe(`${c.customerId}:${empfang.id}`);
    expect(byName.Empfang!.attributes).toEqual({
      customer_id: c.customerId,
      customer_name: c.name,
      phonebot_id: empfang.id,
      phonebot: 'Empfang',
      license_key: empfang.licenseKey,
      payment_status: 3,
      subscription_id: 'sub_01usage',
      calls: 3,
      trend: [1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 3],
    });
    expect(byName.Notdienst!.attributes).toMatchObject({
      payment_status: 0,
      subscription_id: null,
      calls: 0,
      trend: [0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0],
    });
    // A phonebot without any call is listed too: it may be paid for and not used.
    expect(byName.Leer!.attributes).toMatchObject({ phonebot_id: leer.id, calls: 0, trend: Array(12).fill(0) });
    expect(doc.meta.total).toBe(doc.data.reduce((sum, r) => sum + r.attributes.calls, 0));

    // Every month of the trend has the numbers Calls History shows for that month, phonebot by phonebot.
    for (const [i, m] of doc.meta.months.entries()) {
      const history = await api('GET', `/fetchCallsCount?month=${m}`, sup.token);
      expect(history.status).toBe(200);
      const counted = new Map<string, number>(
        history.json.data.map((r: { id: string; attributes: { number_of_calls: number } }) => [
          r.id.split(':').slice(1).join(':'),
          r.attributes.number_of_calls,
        ]),
      );
      for (const row of doc.data) {
        expect(row.attributes.trend[i], `${row.id} in ${m}`).toBe(counted.get(row.id) ?? 0);
        counted.delete(row.id);
      }
      // Nothing Calls History counts is missing here.
      expect([...counted.keys()], m).toEqual([]);
    }
  });

  it('keeps a deleted phonebot with its counts and without a payment state', async () => {
    const sup = await app.signIn('super');
    const c = await company(`Gone ${Math.random().toString(36).slice(2, 8)}`, ['Alt']);
    const month = monthOf(new Date().toISOString());
    await api('POST', '/vbot', c.admin.token, { data: { type: 'vbots', attributes: { bezeichnung: 'Neu' } } });
    const alt = c.bots[0]!;
    await calls(c, alt, new Date().toISOString(), 2);
    expect((await api('DELETE', `/vbot/${alt.licenseKey}`, c.admin.token)).status).toBe(204);
    const doc = await usage(sup.token, month);
    const row = doc.data.find((r) => r.attributes.phonebot_id === alt.id)!;
    expect(row.attributes).toMatchObject({
      customer_name: c.name,
      phonebot: 'Alt',
      license_key: null,
      payment_status: null,
      subscription_id: null,
      calls: 2,
    });
    expect(row.attributes.trend.at(-1)).toBe(2);
  });

  it('defaults to the current month', async () => {
    const sup = await app.signIn('super');
    const res = await api('GET', '/usage', sup.token);
    expect(res.status).toBe(200);
    expect(res.json.meta.month).toBe(monthOf(new Date().toISOString()));
    expect(res.json.meta.months).toHaveLength(12);
  });

  it('answers 400 for a month that is not YYYY-MM', async () => {
    const sup = await app.signIn('super');
    for (const month of ['garbage', '2026-13', '2026-1', '26-01']) {
      const res = await api('GET', `/usage?month=${month}`, sup.token);
      expect(res.status, month).toBe(400);
      expect(res.json.errors[0].source.parameter).toBe('month');
    }
  });

  it('is the super’s alone', async () => {
    expect((await api('GET', '/usage', undefined)).status).toBe(401);
    for (const role of ['admin', 'adminuser', 'user', 'guest'] as const) {
      const { token } = await app.signIn(role);
      expect((await api('GET', '/usage', token)).status, role).toBe(403);
    }
  });
});
