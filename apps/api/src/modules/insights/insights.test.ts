import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';
import * as rollupMigration from '../../db/migrations/20261124120055-call-rollups';
import { publishChanges } from '../../lib/changes';
import { deleteOldCalls, insertCallRow, publishNewCalls, storeCall } from '../calls';
import { monthOf } from '../calls-history';
import { completionBucket, forgetCaller } from './rollups';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, body?: unknown) =>
  app.request({ method, url: `/api/v2${url}`, token, body });

type Company = { admin: SignedIn; customerId: number; bots: { id: number; name: string }[] };

async function company(names = ['Empfang', 'Notdienst']): Promise<Company> {
  const admin = await app.signIn('admin');
  const bots = [];
  for (const name of names) {
    const created = await api('POST', '/vbot', admin.token, {
      data: { type: 'vbots', attributes: { bezeichnung: name, category_terms: ['Sales', 'Support'] } },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const row = await app.db.db
      .selectFrom('phonebots')
      .select('id')
      .where('license_key', '=', created.json.meta.license_Key as string)
      .executeTakeFirstOrThrow();
    bots.push({ id: row.id, name });
  }
  return { admin, customerId: admin.customerId!, bots };
}

/** Stores a call as ingest does, received at a given moment. */
async function call(
  c: Company,
  at: string,
  fields: {
    bot?: number;
    caller?: string;
    priority?: 'Normal Callback' | 'Important Callback';
    category?: string;
  } = {},
  status: 'New' | 'In Progress' | 'Completed' = 'New',
) {
  const bot = c.bots[fields.bot ?? 0]!;
  const stored = await app.db.db.transaction().execute((trx) =>
    storeCall(
      trx,
      {
        phonebotId: bot.id,
        customerId: c.customerId,
        phonebotName: bot.name,
        customerName: 'Firma',
        categoryTerms: ['Sales', 'Support'],
      },
      {
        caller_number: fields.caller ?? '+4930111',
        response: [],
        priority: fields.priority ?? 'Normal Callback',
        selected_category: fields.category ?? null,
        status,
      },
      at,
    ),
  );
  return stored.id;
}

async function stats(token: string, query: string) {
  const res = await api('GET', `/analytics/calls?${query}`, token);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as {
    data: { id: string; type: string; attributes: { day: string; total: number; split: Record<string, number> } }[];
    meta: Record<string, unknown> & {
      total: number;
      overdue_now: number;
      median_seconds_to_complete: number | null;
      top_callers: { number: string; calls: number }[];
      weekday_hours: number[][];
    };
  };
}

const dayMap = (doc: Awaited<ReturnType<typeof stats>>) =>
  Object.fromEntries(doc.data.map((item) => [item.id, item.attributes.total]));

describe('call statistics', () => {
  it('count a known set of calls per day, split as asked, in the time zone asked', async () => {
    const c = await company();
    // 23:30 and 00:30 in Berlin (UTC+1 in March) around the night from the 10th to the 11th.
    await call(c, '2026-03-10T22:30:00.000Z', { caller: '+4930222', category: 'Sales' });
    await call(c, '2026-03-10T23:30:00.000Z', { caller: '+4930222', priority: 'Important Callback', bot: 1 });
    await call(c, '2026-03-11T12:00:00.000Z', { caller: '+4930222', category: 'Support' }, 'Completed');
    await call(c, '2026-03-12T08:00:00.000Z', { caller: '+4930333' });
    await call(c, '2026-03-12T09:00:00.000Z', { caller: '+4930333' }, 'In Progress');
    await call(c, '2026-03-13T10:00:00.000Z', { caller: '+4930444' });

    const utc = await stats(c.admin.token, 'from=2026-03-10&to=2026-03-12&tz=UTC');
    expect(dayMap(utc)).toEqual({ '2026-03-10': 2, '2026-03-11': 1, '2026-03-12': 2 });
    expect(utc.data[0]).toMatchObject({ type: 'call-stats', id: '2026-03-10', attributes: { day: '2026-03-10' } });
    expect(utc.data[0]!.attributes.split).toEqual({ New: 2 });
    expect(utc.meta).toMatchObject({ total: 5, from: '2026-03-10', to: '2026-03-12', tz: 'UTC', split: 'status' });
    expect(utc.meta.top_callers).toEqual([
      { number: '+4930222', calls: 3 },
      { number: '+4930333', calls: 2 },
    ]);
    // Tuesday 10 March, 22:00 and 23:00 UTC.
    expect(utc.meta.weekday_hours[1]![22]).toBe(1);
    expect(utc.meta.weekday_hours[1]![23]).toBe(1);

    const berlin = await stats(c.admin.token, 'from=2026-03-10&to=2026-03-12&tz=Europe/Berlin&split=priority');
    expect(dayMap(berlin)).toEqual({ '2026-03-10': 1, '2026-03-11': 2, '2026-03-12': 2 });
    expect(berlin.data[1]!.attributes.split).toEqual({ 'Important Callback': 1, 'Normal Callback': 1 });
    expect(berlin.meta.weekday_hours[1]![23]).toBe(1);
    expect(berlin.meta.weekday_hours[2]![0]).toBe(1);

    const categories = await stats(c.admin.token, 'from=2026-03-10&to=2026-03-11&tz=UTC&split=category');
    expect(categories.data.map((d) => d.attributes.split)).toEqual([{ Sales: 1, Uncategorized: 1 }, { Support: 1 }]);
    const phonebots = await stats(c.admin.token, 'from=2026-03-10&to=2026-03-10&tz=UTC&split=phonebot');
    expect(phonebots.data[0]!.attributes.split).toEqual({ Empfang: 1, Notdienst: 1 });

    // Asia/Tokyo (UTC+9): both late calls of the 10th (UTC) and the noon call of the 11th are on the 11th there.
    const tokyo = await stats(c.admin.token, 'from=2026-03-11&to=2026-03-11&tz=Asia/Tokyo');
    expect(dayMap(tokyo)).toEqual({ '2026-03-11': 3 });

    // Open calls older than a day, whatever the range.
    expect(utc.meta.overdue_now).toBe(5);
  });

  it('move a call to its new status on the day it arrived when the status changes days later', async () => {
    const c = await company();
    const id = await call(c, '2026-04-01T10:00:00.000Z');
    const before = await stats(c.admin.token, 'from=2026-04-01&to=2026-04-01&tz=UTC');
    expect(before.data[0]!.attributes.split).toEqual({ New: 1 });
    expect(before.meta.overdue_now).toBe(1);

    expect((await api('PATCH', `/updateCallStatus/${id}`, c.admin.token, { status: 'Completed' })).status).toBe(200);
    const after = await stats(c.admin.token, 'from=2026-04-01&to=2026-04-01&tz=UTC');
    expect(after.data[0]!.attributes).toMatchObject({ total: 1, split: { Completed: 1 } });
    expect(after.meta.overdue_now).toBe(0);

    // Completed today: the time to complete counts on today's date.
    const today = new Date().toISOString().slice(0, 10);
    const now = await stats(c.admin.token, `from=${today}&to=${today}&tz=UTC`);
    const seconds = (Date.now() - Date.parse('2026-04-01T10:00:00.000Z')) / 1000;
    expect(now.meta.median_seconds_to_complete).toBe(completionBucket(seconds));
    expect(now.data[0]!.attributes).toMatchObject({ total: 0, completed: 1 });

    // Reopened: no longer completed; completed again: counted once.
    await api('PATCH', `/updateCallStatus/${id}`, c.admin.token, { status: 'In Progress' });
    expect((await stats(c.admin.token, `from=${today}&to=${today}&tz=UTC`)).meta.median_seconds_to_complete).toBe(null);
    await api('PATCH', `/calls/${id}`, c.admin.token, {
      data: { type: 'calls', id: String(id), attributes: { status: 'Completed', priority: 'Important Callback' } },
    });
    const again = await stats(c.admin.token, `from=${today}&to=${today}&tz=UTC`);
    expect(again.meta).toMatchObject({ completed: 1 });
    const byPriority = await stats(c.admin.token, 'from=2026-04-01&to=2026-04-01&tz=UTC&split=priority');
    expect(byPriority.data[0]!.attributes.split).toEqual({ 'Important Callback': 1 });

    // A call deleted from the call screens leaves the counts.
    expect((await api('DELETE', `/calls/${id}`, c.admin.token)).status).toBe(204);
    const gone = await stats(c.admin.token, 'from=2026-04-01&to=2026-04-01&tz=UTC');
    expect(gone.meta.total).toBe(0);
    expect((await stats(c.admin.token, `from=${today}&to=${today}&tz=UTC`)).meta.completed).toBe(0);
  });

  it('measure the median time to complete from calls completed by the screens', async () => {
    const c = await company();
    const times = [2, 4, 30].map((hours) => new Date(Date.now() - hours * 3600_000).toISOString());
    const ids = [];
    for (const at of times) ids.push(await call(c, at));
    const bulk = await api('PATCH', '/updateBulkStatus', c.admin.token, {
      calls: ids.map((id) => ({ id, status: 'Completed' })),
    });
    expect(bulk.status, JSON.stringify(bulk.json)).toBeLessThan(300);
    const today = new Date().toISOString().slice(0, 10);
    const doc = await stats(c.admin.token, `from=${today}&to=${today}&tz=UTC`);
    expect(doc.meta.completed).toBe(3);
    expect(doc.meta.median_seconds_to_complete).toBe(4 * 3600);
  });

  it('agree with the call list of a day in the server’s time zone', async () => {
    const c = await company();
    const day = new Date(Date.now() - 5 * 86400_000);
    const noon = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 12).toISOString();
    const late = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 23, 59).toISOString();
    const next = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1, 0, 1).toISOString();
    for (const at of [noon, late, next]) await call(c, at);
    const local = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    const doc = await stats(c.admin.token, `from=${local}&to=${local}`);
    const list = await api('GET', `/calls?date=${local}`, c.admin.token);
    expect(doc.meta.total).toBe(2);
    expect(list.json.meta.total).toBe(doc.meta.total);
  });

  it('show each company its own calls only, to its users and guests, and nothing to the super', async () => {
    const mine = await company(['A']);
    const other = await company(['B']);
    await call(mine, '2026-05-05T10:00:00.000Z', { caller: '+4930999' });
    await call(mine, '2026-05-05T11:00:00.000Z', { caller: '+4930999' });
    await call(other, '2026-05-05T10:00:00.000Z', { caller: '+4930999' });
    const query = 'from=2026-05-05&to=2026-05-05&tz=UTC';
    const guest = await app.signIn('guest', { customerId: mine.customerId });
    const operator = await app.signIn('user', { customerId: mine.customerId });
    for (const token of [mine.admin.token, guest.token, operator.token]) {
      const doc = await stats(token, query);
      expect(doc.meta.total).toBe(2);
      expect(doc.meta.top_callers).toEqual([{ number: '+4930999', calls: 2 }]);
    }
    const theirs = await stats(other.admin.token, query);
    expect(theirs.meta.total).toBe(1);
    expect(theirs.meta.top_callers).toEqual([]);
    const sup = await app.signIn('super');
    expect((await api('GET', `/analytics/calls?${query}`, sup.token)).status).toBe(403);
    expect((await app.request({ method: 'GET', url: `/api/v2/analytics/calls?${query}` })).status).toBe(401);
  });

  it('refuse bad ranges, splits and time zones with 400', async () => {
    const c = await company(['A']);
    for (const query of [
      'from=2026-03-12&to=2026-03-10',
      'from=2025-01-01&to=2026-03-10',
      'from=2026-02-30',
      'split=weekday',
      'tz=Mars/Olympus',
    ]) {
      const res = await api('GET', `/analytics/calls?${query}`, c.admin.token);
      expect(res.status, query).toBe(400);
    }
    const defaults = await stats(c.admin.token, '');
    expect(defaults.data).toHaveLength(30);
    expect(defaults.meta.split).toBe('status');
  });

  it('are filled from the existing calls by the migration', async () => {
    const c = await company();
    await call(c, '2026-06-01T10:00:00.000Z', { caller: '+4930555', category: 'Sales' });
    await call(c, '2026-06-01T23:00:00.000Z', { caller: '+4930555', bot: 1 }, 'Completed');
    const query = 'from=2026-06-01&to=2026-06-02&tz=Europe/Berlin&split=category';
    const kept = await stats(c.admin.token, query);
    const tables = ['call_rollups', 'call_caller_hours', 'call_completions', 'call_completion_rollups'] as const;
    const counts = async () =>
      Promise.all(
        tables.map((t) =>
          app.db.db
            .selectFrom(t)
            .select((eb) => eb.fn.countAll().as('n'))
            .execute(),
        ),
      );
    await rollupMigration.down(app.db.db);
    await rollupMigration.up(app.db.db);
    const rebuilt = await stats(c.admin.token, query);
    expect(rebuilt.data.map((d) => d.attributes)).toEqual(kept.data.map((d) => d.attributes));
    expect(rebuilt.meta.top_callers).toEqual(kept.meta.top_callers);
    expect((await counts()).every((rows) => Number(rows[0]!.n) > 0)).toBe(true);
  });

  it('count a group of two companies’ calls in one go as the migration counts them from the calls', async () => {
    const a = await company();
    const b = await company(['Zentrale']);
    const customers = [a.customerId, b.customerId];
    const group = [
      [a, 0, '2026-08-03T09:10:00.000Z', '+4930901', 'Sales', 'Normal Callback'],
      [a, 1, '2026-08-03T09:20:00.000Z', '+4930901', null, 'Important Callback'],
      [b, 0, '2026-08-03T09:30:00.000Z', '+4930901', 'Support', 'Normal Callback'],
      [a, 0, '2026-08-03T10:05:00.000Z', '+4930902', 'Sales', 'Normal Callback'],
      [a, 0, '2026-08-31T23:59:00.000Z', '+4930902', 'Support', 'Important Callback'],
      [b, 0, '2026-09-01T00:01:00.000Z', '+4930903', null, 'Normal Callback'],
      [a, 1, '2026-09-01T00:02:00.000Z', '+4930901', 'Sales', 'Normal Callback'],
    ] as const;
    const versions = async () =>
      app.db.db.selectFrom('calls_version').select(['customer_id', 'version']).where('customer_id', 'in', customers);
    const before = new Map((await (await versions()).execute()).map((row) => [row.customer_id, row.version]));
    const ids = await app.db.db.transaction().execute(async (trx) => {
      const stored = [];
      for (const [c, bot, at, caller, category, priority] of group) {
        const target = {
          phonebotId: c.bots[bot]!.id,
          customerId: c.customerId,
          phonebotName: c.bots[bot]!.name,
          customerName: 'Firma',
          categoryTerms: ['Sales', 'Support'],
        };
        const call = { caller_number: caller, response: [], selected_category: category, priority };
        stored.push({ target, id: (await insertCallRow(trx, target, call, at)).id, at });
      }
      await publishNewCalls(trx, stored);
      return stored.map((call) => call.id);
    });
    const rows = async () => ({
      rollups: await app.db.db
        .selectFrom('call_rollups')
        .select(['customer_id', 'dim', 'hour', 'phonebot_id', 'value', 'calls'])
        .where('customer_id', 'in', customers)
        .orderBy('customer_id')
        .orderBy('dim')
        .orderBy('hour')
        .orderBy('phonebot_id')
        .orderBy('value')
        .execute(),
      hours: await app.db.db
        .selectFrom('call_caller_hours')
        .select(['customer_id', 'hour', 'phonebot_id', 'caller_number', 'calls'])
        .where('customer_id', 'in', customers)
        .orderBy('customer_id')
        .orderBy('hour')
        .orderBy('phonebot_id')
        .orderBy('caller_number')
        .execute(),
      callers: await app.db.db
        .selectFrom('call_callers')
        .select(['customer_id', 'caller_number', 'calls'])
        .where('customer_id', 'in', customers)
        .orderBy('customer_id')
        .orderBy('caller_number')
        .execute(),
    });
    const counted = await rows();
    expect(counted.callers.map((row) => [row.customer_id, row.caller_number, row.calls])).toEqual([
      [a.customerId, '+4930901', 3],
      [a.customerId, '+4930902', 2],
      [b.customerId, '+4930901', 1],
      [b.customerId, '+4930903', 1],
    ]);
    expect(counted.rollups.filter((row) => row.dim === 'status').reduce((n, row) => n + row.calls, 0)).toBe(7);
    await rollupMigration.down(app.db.db);
    await rollupMigration.up(app.db.db);
    expect(await rows()).toEqual(counted);

    const months = await app.db.db
      .selectFrom('monthly_call_counts')
      .select(['customer_id', 'phonebot_id', 'month', 'count'])
      .where('customer_id', 'in', customers)
      .execute();
    const monthCount = (c: Company, bot: number, at: string) =>
      months.find((row) => row.phonebot_id === c.bots[bot]!.id && row.month === monthOf(at))?.count;
    expect(months.reduce((n, row) => n + row.count, 0)).toBe(7);
    expect(monthCount(a, 0, '2026-08-03T09:10:00.000Z')).toBe(
      group.filter(([c, bot, at]) => c === a && bot === 0 && monthOf(at) === monthOf('2026-08-03T09:10:00.000Z'))
        .length,
    );
    for (const row of await (await versions()).execute()) {
      expect(row.version).toBe((before.get(row.customer_id) ?? 0) + 1);
    }
    for (const c of [a, b]) {
      const own = ids.filter((_, i) => group[i]![0] === c);
      const events = await app.db.db
        .selectFrom('call_events')
        .select(['id', 'call_id', 'kind'])
        .where('customer_id', '=', c.customerId)
        .orderBy('id')
        .execute();
      expect(events.map((event) => [Number(event.id), Number(event.call_id), event.kind])).toEqual(
        own.map((id, i) => [i + 1, id, 'created']),
      );
    }
  });

  it('stay right under parallel status changes of one call', async () => {
    const c = await company(['A']);
    const id = await call(c, '2026-07-01T10:00:00.000Z');
    const statuses = ['Completed', 'In Progress', 'New', 'Completed', 'In Progress', 'Completed'] as const;
    for (let round = 0; round < 5; round++) {
      await Promise.all(statuses.map((status) => api('PATCH', `/updateCallStatus/${id}`, c.admin.token, { status })));
      const doc = await stats(c.admin.token, 'from=2026-07-01&to=2026-07-01&tz=UTC');
      const row = await app.db.db.selectFrom('calls').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      expect(doc.data[0]!.attributes.split).toEqual({ [row.status]: 1 });
      const completions = await app.db.db
        .selectFrom('call_completions')
        .select('call_id')
        .where('call_id', '=', id)
        .execute();
      expect(completions.length).toBe(row.status === 'Completed' ? 1 : 0);
    }
  });

  it('keep counting calls that expired, and forget an erased caller’s number but not the calls', async () => {
    const c = await company(['A']);
    const old = new Date(Date.now() - 4000 * 86400_000);
    // Both calls on one day, whatever the time of day of the run (the second is an hour later).
    old.setUTCHours(10, 0, 0, 0);
    const day = old.toISOString().slice(0, 10);
    await call(c, old.toISOString(), { caller: '+4930777' });
    await call(c, new Date(old.getTime() + 3600_000).toISOString(), { caller: '+4930777' });
    const query = `from=${day}&to=${day}&tz=UTC`;
    expect((await stats(c.admin.token, query)).meta.top_callers).toEqual([{ number: '+4930777', calls: 2 }]);
    expect(await deleteOldCalls(app.db.db, 3000)).toBeGreaterThanOrEqual(2);
    const kept = await stats(c.admin.token, query);
    expect(kept.meta.total).toBe(2);
    // As an erasure does (its calls' events move the company's calls version, which the kept answers go by).
    await app.db.db.transaction().execute(async (trx) => {
      await forgetCaller(trx, c.customerId, '+4930777');
      await publishChanges(trx, [{ kind: 'deleted', customerId: c.customerId, callIds: [] }]);
    });
    app.events.callsVersions.invalidate(c.customerId);
    const forgotten = await stats(c.admin.token, query);
    expect(forgotten.meta.total).toBe(2);
    expect(forgotten.meta.top_callers).toEqual([]);
  });

  it('keep each company’s answer per calls version: a new call or a change shows at once, never to another company', async () => {
    const a = await company(['A']);
    const b = await company(['B']);
    const now = new Date().toISOString();
    const query = `from=${now.slice(0, 10)}&to=${now.slice(0, 10)}&tz=UTC`;
    await call(a, now);
    expect((await stats(a.admin.token, query)).meta.total).toBe(1);
    expect((await stats(b.admin.token, query)).meta.total).toBe(0);
    const id = await call(a, now);
    expect((await stats(a.admin.token, query)).meta.total).toBe(2);
    expect((await api('PATCH', `/updateCallStatus/${id}`, a.admin.token, { status: 'Completed' })).status).toBe(200);
    expect((await stats(a.admin.token, query)).meta.completed).toBe(1);
    expect((await stats(b.admin.token, query)).meta).toMatchObject({ total: 0, completed: 0 });
  });

  it('count calls the phonebot runtime posts in parallel', async () => {
    const admin = await app.signIn('admin');
    const created = await api('POST', '/vbot', admin.token, {
      data: { type: 'vbots', attributes: { bezeichnung: 'Runtime', category_terms: ['Sales'] } },
    });
    const botToken = created.json.meta.bot_token as string;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        app.request({
          method: 'POST',
          url: '/api/v2/bot/calls',
          token: botToken,
          headers: { 'idempotency-key': `insights-${i}` },
          body: { caller_number: i % 3 === 0 ? '+4930100' : `+49301${i}`, response: [] },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    const today = new Date().toISOString().slice(0, 10);
    const doc = await stats(admin.token, `from=${today}&to=${today}&tz=UTC`);
    expect(doc.meta.total).toBe(12);
    expect(doc.meta.top_callers).toEqual([{ number: '+4930100', calls: 4 }]);
  });
});

/** A day of the server's time zone as YYYY-MM-DD. */
const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

async function listTotal(token: string, query: string) {
  const res = await api('GET', `/calls?per_page=1&${query}`, token);
  expect(res.status, `${query}: ${JSON.stringify(res.json)}`).toBe(200);
  return res.json.meta.total as number;
}

describe('the call list behind each figure', () => {
  it('counts exactly the calls of every bar, heatmap cell and repeat caller', async () => {
    const c = await company(['Empfang', 'Notdienst', 'Notdienst']);
    const priorities = ['Normal Callback', 'Important Callback'] as const;
    const categories = [undefined, 'Sales', 'Support'] as const;
    const statuses = ['New', 'In Progress', 'Completed'] as const;
    // 40 calls, one every 5 hours and 17 minutes back from now: over eight days, every weekday and many hours.
    for (let i = 0; i < 40; i++) {
      await call(
        c,
        new Date(Date.now() - i * (5 * 3600_000 + 17 * 60_000)).toISOString(),
        {
          bot: i % 3,
          caller: `+49301${i % 4 === 0 ? '00' : String(i).padStart(2, '0')}`,
          priority: priorities[i % 2],
          category: categories[i % 3],
        },
        statuses[i % 3],
      );
    }
    const to = localDay(new Date());
    const from = localDay(new Date(Date.now() - 9 * 86400_000));
    const range = `from=${from}&to=${to}`;
    const filterOf: Record<string, (name: string, keys: Record<string, string>) => string> = {
      status: (name) => `status=${encodeURIComponent(name)}`,
      priority: (name) => `priority=${encodeURIComponent(name)}`,
      category: (name) => `category=${encodeURIComponent(name)}`,
      phonebot: (name, keys) => `phonebot=${encodeURIComponent(keys[name]!)}`,
    };
    for (const split of ['status', 'priority', 'category', 'phonebot'] as const) {
      const doc = await stats(c.admin.token, `${range}&split=${split}`);
      expect(doc.meta.total).toBe(40);
      const keys = doc.meta.phonebot_keys as Record<string, string>;
      let seen = 0;
      for (const item of doc.data) {
        for (const [name, count] of Object.entries(item.attributes.split)) {
          const query = `view=all&date=${item.id}&${filterOf[split]!(name, keys)}`;
          expect(await listTotal(c.admin.token, query), query).toBe(count);
          seen += count;
        }
      }
      expect(seen).toBe(40);
      if (split === 'phonebot') {
        // Two phonebots of one name are two bars, each with its own calls.
        expect(Object.keys(keys)).toHaveLength(3);
        expect(Object.keys(keys).filter((name) => name.startsWith('Notdienst ('))).toHaveLength(2);
      }
    }

    const doc = await stats(c.admin.token, range);
    let cells = 0;
    for (const [weekday, hours] of doc.meta.weekday_hours.entries()) {
      for (const [hour, count] of hours.entries()) {
        // Every cell with calls, and some empty ones.
        if (count === 0 && (weekday + hour) % 9 !== 0) continue;
        const query = `view=all&${range}&weekday=${weekday}&hour=${hour}`;
        expect(await listTotal(c.admin.token, query), query).toBe(count);
        cells += count;
      }
    }
    expect(cells).toBe(40);
    // A whole weekday, and a range of days alone.
    const monday = doc.meta.weekday_hours[0]!.reduce((a, b) => a + b, 0);
    expect(await listTotal(c.admin.token, `${range}&weekday=0`)).toBe(monday);
    expect(await listTotal(c.admin.token, range)).toBe(40);

    expect(doc.meta.top_callers[0]).toEqual({ number: '+4930100', calls: 10 });
    for (const caller of doc.meta.top_callers) {
      const query = `view=all&${range}&caller=${encodeURIComponent(caller.number)}`;
      expect(await listTotal(c.admin.token, query), query).toBe(caller.calls);
    }
  });

  it('gives each filter its own ETag', async () => {
    const c = await company();
    await call(c, new Date().toISOString());
    const day = localDay(new Date());
    const tags = new Set<string>();
    for (const query of [
      'status=New',
      'status=Completed',
      'priority=Normal%20Callback',
      'category=Sales',
      `from=${day}&to=${day}`,
      `from=${day}&to=${day}&weekday=1&hour=2`,
      `from=${day}&to=${day}&weekday=1&hour=3`,
    ]) {
      const res = await api('GET', `/calls?${query}`, c.admin.token);
      expect(res.status).toBe(200);
      tags.add(res.headers.etag as string);
    }
    expect(tags.size).toBe(7);
  });

  it('refuses bad filters with 400', async () => {
    const c = await company();
    for (const [query, parameter] of [
      ['status=Open', 'status'],
      ['priority=Urgent', 'priority'],
      ['category=', 'category'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=2026-03-02&to=2026-03-01', 'from'],
      ['from=2025-01-01&to=2026-03-01', 'to'],
      ['weekday=1&hour=2', 'from'],
      ['from=2026-03-01&to=2026-03-02&weekday=7', 'weekday'],
      ['from=2026-03-01&to=2026-03-02&hour=24', 'hour'],
      ['from=2026-03-01&to=2026-03-02&hour=1.5', 'hour'],
    ] as const) {
      const res = await api('GET', `/calls?${query}`, c.admin.token);
      expect(res.status, query).toBe(400);
      expect(res.json.errors[0].source.parameter, query).toBe(parameter);
    }
  });
});
