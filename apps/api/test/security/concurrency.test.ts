import { JSONAPI_MEDIA_TYPE } from '@phonebot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPaddleBody } from '../../src/modules/billing';
import { PASSWORD, type SignedIn, type TestApp, createTestApp } from '../app';
import { writeFigures } from './figures';

/**
 * Concurrent attacks on the rules that say "at most" or "only if": each is sent as parallel requests (on PostgreSQL
 * they run in parallel transactions of the pool), many rounds over, and the invariant is checked after every round.
 */

const PADDLE_SECRET = 'pdl_ntfset_concurrency';
const PRICE = 'pri_concurrency';
const SMS_DAILY_CAP = 5;
const ROUNDS = Number(process.env.CONCURRENCY_ROUNDS ?? 20);

let app: TestApp;
const figures: Record<string, unknown> = {};

beforeAll(async () => {
  app = await createTestApp(
    {},
    {
      PADDLE_CLIENT_TOKEN: 'test_client_token',
      PADDLE_PRICE_ID: PRICE,
      PADDLE_WEBHOOK_SECRET: PADDLE_SECRET,
      SMS_DAILY_CAP: String(SMS_DAILY_CAP),
      SMS_RATE_PER_MINUTE: '1000',
    },
  );
});
afterAll(async () => {
  writeFigures('concurrency', { rounds: ROUNDS, ...figures });
  await app?.stop();
});

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {});

async function send(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown; ip?: string; headers?: Record<string, string>; raw?: string } = {},
) {
  const headers: Record<string, string> = { accept: JSONAPI_MEDIA_TYPE, ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (payload !== undefined) headers['content-type'] ??= JSONAPI_MEDIA_TYPE;
  const res = await app.app.inject({ method, url: `/api/v2${url}`, headers, payload, remoteAddress: options.ip });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes
  return { status: res.statusCode, json: (res.body ? JSON.parse(res.body) : undefined) as any };
}

async function phonebotOf(owner: SignedIn, attributes: Record<string, unknown> = {}) {
  const created = await send('POST', '/vbot', {
    token: owner.token,
    body: { data: { type: 'vbots', attributes: { bezeichnung: 'Race Bot', ...attributes } } },
  });
  return { licenseKey: created.json.meta.license_Key as string, botToken: created.json.meta.bot_token as string };
}

describe('concurrent attacks', () => {
  it('parallel logins: of 100 wrong passwords and the right one at once, at most 10 are checked', async () => {
    let checked = 0;
    let refused = 0;
    let wrongAccepted = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const user = await app.signIn('user');
      const ip = `10.1.${round}.1`;
      const bodies = [
        ...Array.from({ length: 100 }, () => ({ email: user.email, password: 'guessed-password' })),
        { email: user.email, password: PASSWORD },
      ].sort(() => Math.random() - 0.5);
      const answers = await Promise.all(bodies.map((body) => send('POST', '/login', { body, ip })));
      const statuses = answers.map((a) => a.status);
      const counts = tally(statuses);
      checked += (counts[401] ?? 0) + (counts[200] ?? 0);
      refused += counts[429] ?? 0;
      expect((counts[401] ?? 0) + (counts[200] ?? 0), `round ${round}: ${JSON.stringify(counts)}`).toBeLessThanOrEqual(
        10,
      );
      // A wrong password never signs in, and after the burst the right one is refused from this client too.
      wrongAccepted += answers.filter((a, i) => a.status === 200 && bodies[i]!.password !== PASSWORD).length;
      if (!counts[200]) expect((await send('POST', '/login', { body: bodies.at(-1), ip })).status).toBe(429);
    }
    expect(wrongAccepted).toBe(0);
    figures.logins = { attempts: ROUNDS * 101, checked, refused429: refused, maxCheckedPerRound: 10 };
  }, 120_000);

  it('parallel demotions: two admins demoting (or deleting) each other leave the company one admin', async () => {
    let bothSucceeded = 0;
    let listed = 0;
    const sup = await app.signIn('super');
    for (let round = 0; round < ROUNDS; round++) {
      const a = await app.signIn('admin');
      const b = await app.signIn('admin', { customerId: a.customerId! });
      const byRole = round % 2 === 0;
      const answers = await Promise.all(
        [
          [a, b],
          [b, a],
        ].map(([actor, target]) =>
          byRole
            ? send('PATCH', `/user/${target!.userId}`, {
                token: actor!.token,
                body: { data: { type: 'users', attributes: { role: 'user' } } },
              })
            : send('DELETE', `/user/${target!.userId}`, { token: actor!.token }),
        ),
      );
      const ok = answers.filter((r) => r.status === 200 || r.status === 204).length;
      if (ok === 2) bothSucceeded++;
      // One succeeds. The other is refused: by the rule (409), or, when the first committed before the second
      // signed in, because its admin is no admin any more (403) or no user any more (401).
      expect(ok, `round ${round}: ${answers.map((r) => r.status).join(', ')}`).toBe(1);
      expect(answers.every((r) => [200, 204, 401, 403, 409].includes(r.status))).toBe(true);
      const admins = await app.db.db
        .selectFrom('users')
        .select('id')
        .where('customer_id', '=', a.customerId!)
        .where('role', '=', 'admin')
        .execute();
      expect(admins).toHaveLength(1);
      const company = await app.db.db
        .selectFrom('customers')
        .select('company_name')
        .where('id', '=', a.customerId!)
        .executeTakeFirstOrThrow();
      const customers = await send(
        'GET',
        `/customers?per_page=all&search=${encodeURIComponent(company.company_name!)}`,
        {
          token: sup.token,
        },
      );
      if (
        customers.json.data.some(
          (c: { attributes: { customer_number: number } }) => c.attributes.customer_number === a.customerId,
        )
      )
        listed++;
    }
    expect(bothSucceeded).toBe(0);
    expect(listed).toBe(ROUNDS);
    figures.demotions = { rounds: ROUNDS, bothSucceeded, customerStillListed: listed };
  }, 120_000);

  it('a customer without any admin still lists, and the super can edit and delete it', async () => {
    const owner = await app.signIn('admin');
    const colleague = await app.signIn('adminuser', { customerId: owner.customerId! });
    // The state the race used to leave behind.
    await app.db.db.updateTable('users').set({ role: 'adminuser' }).where('id', '=', owner.userId).execute();
    const sup = await app.signIn('super');
    const list = await send('GET', `/customers?per_page=all&search=${encodeURIComponent(owner.email)}`, {
      token: sup.token,
    });
    expect(list.json.data).toHaveLength(1);
    const id = list.json.data[0].id as string;
    expect(Number(id)).toBe(Math.min(owner.userId, colleague.userId));
    const edited = await send('PATCH', `/customer/${id}`, {
      token: sup.token,
      body: { data: { type: 'customers', attributes: { city: 'Köln' } } },
    });
    expect(edited.status).toBe(200);
    expect(edited.json.data.attributes.city).toBe('Köln');
    expect((await send('DELETE', `/customer/${id}`, { token: sup.token })).status).toBe(204);
    const gone = await app.db.db.selectFrom('customers').select('id').where('id', '=', owner.customerId!).execute();
    expect(gone).toHaveLength(0);
  });

  it('parallel Paddle events: an older active never overwrites a newer cancel', async () => {
    let wrong = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const owner = await app.signIn('admin');
      const { licenseKey } = await phonebotOf(owner);
      const custom = (await send('POST', `/phonebots/${licenseKey}/checkout`, { token: owner.token })).json.meta
        .custom_data;
      const base = Date.now() - 60_000;
      const event = (status: string, offsetMs: number, n: number) => ({
        event_id: `evt_race_${round}_${n}`,
        event_type: status === 'canceled' ? 'subscription.canceled' : 'subscription.updated',
        occurred_at: new Date(base + offsetMs).toISOString(),
        data: { id: `sub_race_${round}`, status, custom_data: custom, items: [{ price: { id: PRICE } }] },
      });
      const events = [
        ...Array.from({ length: 6 }, (_, n) => event('active', n, n)),
        event('canceled', 100, 99),
        // The same moment as the cancel: the tie goes to the more restrictive state.
        event('active', 100, 100),
      ].sort(() => Math.random() - 0.5);
      const answers = await Promise.all(
        events.map((e) => {
          const raw = JSON.stringify(e);
          return send('POST', '/billing/paddle-webhook', {
            raw,
            headers: { 'content-type': 'application/json', 'paddle-signature': signPaddleBody(raw, PADDLE_SECRET) },
          });
        }),
      );
      expect(answers.every((r) => r.status === 200)).toBe(true);
      const row = await app.db.db
        .selectFrom('phonebots')
        .select('payment_status')
        .where('license_key', '=', licenseKey)
        .executeTakeFirstOrThrow();
      if (row.payment_status !== 4) wrong++;
    }
    expect(wrong).toBe(0);
    figures.paddle = { rounds: ROUNDS, eventsPerRound: 8, olderStateWon: wrong };
  }, 120_000);

  it('parallel settings saves: a guest and an admin saving at once both keep their change', async () => {
    let lost = 0;
    const owner = await app.signIn('admin');
    const guest = await app.signIn('guest', { customerId: owner.customerId! });
    const { licenseKey } = await phonebotOf(owner);
    for (let round = 0; round < ROUNDS; round++) {
      const prompt = `Prompt of round ${round}`;
      const greeting = `Greeting of round ${round}`;
      const model = round % 2 ? 'gpt-4o' : 'gpt-4o-mini';
      const answers = await Promise.all([
        send('PATCH', `/vbotbyguest/${licenseKey}`, {
          token: guest.token,
          body: { data: { type: 'vbots', attributes: { prompt } } },
        }),
        send('PATCH', `/vbot/${licenseKey}`, {
          token: owner.token,
          body: { data: { type: 'vbots', attributes: { chatmodel: model } } },
        }),
        send('PATCH', `/vbotbyguest/${licenseKey}`, {
          token: guest.token,
          body: { data: { type: 'vbots', attributes: { ansagetext: greeting } } },
        }),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
      const stored = (await send('GET', `/vbot/${licenseKey}`, { token: owner.token })).json.data.attributes;
      if (stored.prompt !== prompt || stored.chatmodel !== model || stored.ansagetext !== greeting) lost++;
    }
    expect(lost).toBe(0);
    figures.settings = { rounds: ROUNDS, savesPerRound: 3, lostChanges: lost };
  }, 120_000);

  it('parallel SMS at the daily cap: never more than the cap', async () => {
    const owner = await app.signIn('admin');
    const { botToken } = await phonebotOf(owner);
    const call = await send('POST', '/bot/calls', {
      token: botToken,
      headers: { 'idempotency-key': 'concurrency-sms' },
      body: { caller_number: '+4930123456', response: [] },
    });
    const callId = Number(call.json.data.id);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        send('POST', '/sendSms', {
          token: owner.token,
          body: { call_id: callId, to: '+4930123456', message: 'Wir rufen zurück.' },
        }),
      ),
    );
    const counts = tally(answers.map((r) => r.status));
    expect(counts).toEqual({ 201: SMS_DAILY_CAP, 429: 40 - SMS_DAILY_CAP });
    const recorded = await app.db.db.selectFrom('sms_messages').select('id').where('call_id', '=', callId).execute();
    expect(recorded).toHaveLength(SMS_DAILY_CAP);
    figures.sms = { parallel: 40, cap: SMS_DAILY_CAP, sent: counts[201], refused429: counts[429] };
  });
});
