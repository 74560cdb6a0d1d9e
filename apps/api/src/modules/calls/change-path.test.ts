import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '@phonebot/shared/webhooks';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';
import { CHANGE_SUBSCRIBERS } from '../../change-subscribers';
import { type ChangeSubscriber, publishChanges, registerChangeSubscribers } from '../../lib/changes';
import { type CallTarget, insertCallRow, publishNewCalls } from '.';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  registerChangeSubscribers(app.db.db, CHANGE_SUBSCRIBERS);
  await app?.stop();
});

type Company = { admin: SignedIn; customerId: number; bots: number[] };

/** A company with two phonebots and a paused webhook endpoint for every event (paused: its deliveries wait). */
async function company(): Promise<Company> {
  const admin = await app.signIn('admin');
  const bots = [];
  for (const name of ['Empfang', 'Notdienst']) {
    const created = await app.request({
      method: 'POST',
      url: '/api/v2/vbot',
      token: admin.token,
      body: { data: { type: 'vbots', attributes: { bezeichnung: name, category_terms: ['Sales', 'Support'] } } },
    });
    expect(created.status, created.body).toBe(201);
    const row = await app.db.db
      .selectFrom('phonebots')
      .select('id')
      .where('license_key', '=', created.json.meta.license_Key as string)
      .executeTakeFirstOrThrow();
    bots.push(row.id);
  }
  const now = new Date().toISOString();
  await app.db.db
    .insertInto('webhooks')
    .values({
      customer_id: admin.customerId!,
      url: 'https://crm.example/hook',
      events: JSON.stringify(WEBHOOK_EVENTS),
      enabled: 0,
      secret: 'unused',
      failing_since: null,
      paused_reason: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { admin, customerId: admin.customerId!, bots };
}

// Two companies' calls, as a group of the Bot API brings them: [company, phonebot, at, caller, category, priority].
// Older than the repeat-caller window, so a call's webhook body does not depend on its neighbours being stored.
const GROUP = [
  [0, 0, '2026-03-03T09:10:00.000Z', '+4930901', 'Sales', 'Normal Callback'],
  [0, 1, '2026-03-03T09:20:00.000Z', '+4930901', null, 'Important Callback'],
  [1, 0, '2026-03-03T09:30:00.000Z', '+4930901', 'Support', 'Normal Callback'],
  [0, 0, '2026-03-03T10:05:00.000Z', '+4930902', 'Sales', 'Normal Callback'],
  [0, 0, '2026-03-31T23:59:00.000Z', '+4930902', 'Support', 'Important Callback'],
  [1, 0, '2026-04-01T00:01:00.000Z', 'anonymous', null, 'Normal Callback'],
  [0, 1, '2026-04-01T00:02:00.000Z', '+4930901', 'Sales', 'Normal Callback'],
] as const;

/** Stores the group for two companies: in one transaction and one publish, or each call in its own. */
async function storeGroup(pair: [Company, Company], together: boolean): Promise<number[]> {
  const ids: number[] = [];
  const calls = GROUP.map(([c, bot, at, caller, category, priority]) => {
    const target: CallTarget = {
      phonebotId: pair[c].bots[bot]!,
      customerId: pair[c].customerId,
      phonebotName: bot === 0 ? 'Empfang' : 'Notdienst',
      customerName: 'Firma',
      categoryTerms: ['Sales', 'Support'],
    };
    return { target, at, call: { caller_number: caller, response: [], selected_category: category, priority } };
  });
  if (together) {
    await app.db.db.transaction().execute(async (trx) => {
      const stored = [];
      for (const { target, at, call } of calls) {
        stored.push({ target, id: (await insertCallRow(trx, target, call, at)).id, at });
      }
      await publishNewCalls(trx, stored);
      ids.push(...stored.map((call) => call.id));
    });
  } else {
    for (const { target, at, call } of calls) {
      await app.db.db.transaction().execute(async (trx) => {
        const id = (await insertCallRow(trx, target, call, at)).id;
        await publishNewCalls(trx, [{ target, id, at }]);
        ids.push(id);
      });
    }
  }
  return ids;
}

/** What the change path wrote for a company, with its call and phonebot ids replaced by their place in the group. */
async function written(c: Company, callIds: number[]) {
  const call = (id: number | string | null) => (id === null ? null : callIds.indexOf(Number(id)));
  const bot = (id: number) => c.bots.indexOf(id);
  const db = app.db.db;
  const [version, head, events, rollups, hours, callers, months, deliveries] = await Promise.all([
    db.selectFrom('calls_version').select('version').where('customer_id', '=', c.customerId).executeTakeFirst(),
    db.selectFrom('call_event_heads').select('last_id').where('customer_id', '=', c.customerId).executeTakeFirst(),
    db
      .selectFrom('call_events')
      .select(['id', 'call_id', 'kind'])
      .where('customer_id', '=', c.customerId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('call_rollups')
      .select(['dim', 'hour', 'phonebot_id', 'value', 'calls'])
      .where('customer_id', '=', c.customerId)
      .orderBy('dim')
      .orderBy('hour')
      .orderBy('phonebot_id')
      .orderBy('value')
      .execute(),
    db
      .selectFrom('call_caller_hours')
      .select(['hour', 'phonebot_id', 'caller_number', 'calls'])
      .where('customer_id', '=', c.customerId)
      .orderBy('hour')
      .orderBy('phonebot_id')
      .orderBy('caller_number')
      .execute(),
    db
      .selectFrom('call_callers')
      .select(['caller_number', 'calls'])
      .where('customer_id', '=', c.customerId)
      .orderBy('caller_number')
      .execute(),
    db
      .selectFrom('monthly_call_counts')
      .select(['month', 'phonebot_id', 'customer_name', 'phonebot_name', 'count'])
      .where('customer_id', '=', c.customerId)
      .orderBy('month')
      .orderBy('phonebot_id')
      .execute(),
    db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
      .select(['d.event', 'd.call_id', 'd.payload', 'd.status'])
      .where('w.customer_id', '=', c.customerId)
      .orderBy('d.id')
      .execute(),
  ]);
  return {
    version: Number(version?.version ?? 0),
    head: Number(head?.last_id ?? 0),
    events: events.map((e) => [Number(e.id), call(e.call_id), e.kind]),
    rollups: rollups.map((r) => [r.dim, r.hour, bot(r.phonebot_id), r.value, Number(r.calls)]),
    hours: hours.map((h) => [h.hour, bot(h.phonebot_id), h.caller_number, Number(h.calls)]),
    callers: callers.map((r) => [r.caller_number, Number(r.calls)]),
    months: months.map((m) => [m.month, bot(m.phonebot_id), m.customer_name, m.phonebot_name, Number(m.count)]),
    deliveries: deliveries.map((d) => {
      const { data } = JSON.parse(d.payload) as { data: { id: string; attributes: Record<string, unknown> } };
      const { license_Key: _key, ...attributes } = data.attributes;
      return [d.event, d.status, call(d.call_id), call(data.id), attributes];
    }),
  };
}

/** The subscribers as registered, each noting when it takes a publish itself (not through the one statement). */
function noted(taken: string[], subscribers: readonly ChangeSubscriber[]): ChangeSubscriber[] {
  return subscribers.map((subscriber) => ({
    ...subscriber,
    take: (trx, changes) => {
      taken.push(subscriber.name);
      return subscriber.take(trx, changes);
    },
  }));
}

describe('the path of a change', () => {
  it('writes a group of new calls the same in one statement, in statements per subscriber, and call by call', async () => {
    const pairs = [
      [await company(), await company()],
      [await company(), await company()],
      [await company(), await company()],
    ] as [Company, Company][];
    const taken: string[] = [];
    // The group as the Bot API publishes it: on PostgreSQL one statement, which no subscriber takes by itself.
    registerChangeSubscribers(app.db.db, noted(taken, CHANGE_SUBSCRIBERS));
    const oneStatement = await storeGroup(pairs[0]!, true);
    expect(taken).toEqual(app.db.engine === 'postgres' ? [] : CHANGE_SUBSCRIBERS.map((s) => s.name));
    // The same group with every subscriber writing its own rows (SQLite, and PostgreSQL for some groups).
    taken.length = 0;
    const separate = CHANGE_SUBSCRIBERS.map(({ createdInOneStatement: _part, ...subscriber }) => subscriber);
    registerChangeSubscribers(app.db.db, noted(taken, separate));
    const inTurn = await storeGroup(pairs[1]!, true);
    expect(taken).toEqual(CHANGE_SUBSCRIBERS.map((s) => s.name));
    registerChangeSubscribers(app.db.db, CHANGE_SUBSCRIBERS);
    // And each call on its own, as a call entered by hand is stored.
    const oneByOne = await storeGroup(pairs[2]!, false);

    for (const side of [0, 1] as const) {
      const first = await written(pairs[0]![side], oneStatement);
      expect(first.events.length).toBe(GROUP.filter(([c]) => c === side).length);
      // call.created for each call to the company's endpoint.
      expect(first.deliveries.map(([event]) => event)).toEqual(first.events.map(() => 'call.created'));
      expect(first.rollups.length).toBeGreaterThan(0);
      expect(await written(pairs[1]![side], inTurn)).toEqual(first);
      // Call by call, each call moves the version and takes the next event id: the rows are the same otherwise.
      const single = await written(pairs[2]![side], oneByOne);
      expect(single.version).toBe(first.events.length);
      expect({ ...single, version: 1 }).toEqual(first);
    }
  });

  it('leaves no trace of a change whose transaction rolls back', async () => {
    const c = await company();
    const target: CallTarget = {
      phonebotId: c.bots[0]!,
      customerId: c.customerId,
      phonebotName: 'Empfang',
      customerName: 'Firma',
      categoryTerms: ['Sales', 'Support'],
    };
    const [kept] = await storeGroup([c, await company()], true);
    const before = await written(c, [kept!]);
    const refused = app.db.db.transaction().execute(async (trx) => {
      const at = new Date().toISOString();
      const { id } = await insertCallRow(trx, target, { caller_number: '+4930555', response: [] }, at);
      await publishNewCalls(trx, [{ target, id, at }]);
      await publishChanges(trx, [{ kind: 'updated', customerId: c.customerId, callIds: [kept!, id] }]);
      throw new Error('refused after the changes');
    });
    await expect(refused).rejects.toThrow('refused after the changes');
    expect(await written(c, [kept!])).toEqual(before);
  });
});
