import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/app';
import { verifyPaddleSignature, signPaddleBody } from './paddle-signature';

const SECRET = 'pdl_ntfset_test_secret';
const PRICE = 'pri_phonebot_monthly';
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp(
    {},
    { PADDLE_CLIENT_TOKEN: 'test_client_token', PADDLE_PRICE_ID: PRICE, PADDLE_WEBHOOK_SECRET: SECRET },
  );
});
afterAll(async () => {
  await app?.stop();
});

describe('Paddle-Signature', () => {
  const body = '{"event_id":"evt_1"}';
  const now = 1_800_000_000;
  it('accepts a valid signature and any of several h1 values', () => {
    const header = signPaddleBody(body, SECRET, now);
    expect(verifyPaddleSignature(header, body, SECRET, 5, now)).toEqual({ ok: true });
    const h1 = header.split('h1=')[1];
    expect(verifyPaddleSignature(`ts=${now};h1=${'0'.repeat(64)};h1=${h1}`, body, SECRET, 5, now)).toEqual({
      ok: true,
    });
  });
  it('refuses a tampered body, a wrong secret, a missing or malformed header, stale and future timestamps', () => {
    const header = signPaddleBody(body, SECRET, now);
    expect(verifyPaddleSignature(header, `${body} `, SECRET, 5, now).ok).toBe(false);
    expect(verifyPaddleSignature(header, body, 'other-secret', 5, now).ok).toBe(false);
    expect(verifyPaddleSignature(undefined, body, SECRET, 5, now).ok).toBe(false);
    expect(verifyPaddleSignature('garbage', body, SECRET, 5, now).ok).toBe(false);
    expect(verifyPaddleSignature(`ts=${now};h1=zz`, body, SECRET, 5, now).ok).toBe(false);
    // Paddle's tolerance is 5 seconds; a replay a minute later is refused.
    expect(verifyPaddleSignature(header, body, SECRET, 5, now + 5).ok).toBe(true);
    expect(verifyPaddleSignature(header, body, SECRET, 5, now + 6)).toEqual({
      ok: false,
      reason: 'timestamp outside the tolerance',
    });
    expect(verifyPaddleSignature(header, body, SECRET, 5, now - 6).ok).toBe(false);
    expect(verifyPaddleSignature(header, body, SECRET, undefined, now + 60).ok).toBe(false);
    expect(verifyPaddleSignature(header, body, SECRET, 300, now + 60).ok).toBe(true);
  });
});

async function phonebot() {
  const admin = await app.signIn('admin');
  const created = await app.request({
    method: 'POST',
    url: '/api/v2/vbot',
    token: admin.token,
    body: { data: { type: 'vbots', attributes: { bezeichnung: 'Paid Bot' } } },
  });
  return {
    admin,
    licenseKey: created.json.meta.license_Key as string,
    botToken: created.json.meta.bot_token as string,
  };
}

let counter = 0;
function event(
  type: string,
  status: string,
  customData: unknown,
  options: { subscription?: string; price?: string; occurred?: Date; id?: string } = {},
) {
  return {
    event_id: options.id ?? `evt_${++counter}_${Date.now()}`,
    event_type: type,
    occurred_at: (options.occurred ?? new Date()).toISOString(),
    data: {
      id: options.subscription ?? 'sub_1',
      status,
      custom_data: customData,
      items: [{ price: { id: options.price ?? PRICE }, quantity: 1 }],
    },
  };
}

async function deliver(payload: unknown, header?: string) {
  const raw = JSON.stringify(payload);
  return app.request({
    method: 'POST',
    url: '/api/v2/billing/paddle-webhook',
    headers: { 'content-type': 'application/json', 'paddle-signature': header ?? signPaddleBody(raw, SECRET) },
    rawBody: raw,
  });
}

async function paymentStatus(licenseKey: string): Promise<number> {
  const row = await app.db.db
    .selectFrom('phonebots')
    .select('payment_status')
    .where('license_key', '=', licenseKey)
    .executeTakeFirstOrThrow();
  return row.payment_status;
}

describe('checkout and webhooks', () => {
  it('offers the checkout at payment_status 0 with signed customData, and the public config and CSP name Paddle', async () => {
    const { admin, licenseKey } = await phonebot();
    const config = await app.request({ method: 'GET', url: '/api/v2/public-config' });
    expect(config.json.meta.paddle).toEqual({
      environment: 'sandbox',
      client_token: 'test_client_token',
      price_id: PRICE,
    });
    const checkout = await app.request({
      method: 'POST',
      url: `/api/v2/phonebots/${licenseKey}/checkout`,
      token: admin.token,
    });
    expect(checkout.status).toBe(200);
    expect(checkout.json.meta).toMatchObject({
      price_id: PRICE,
      quantity: 1,
      custom_data: { license_key: licenseKey },
    });
    expect(checkout.json.meta.custom_data.signature).toMatch(/^[0-9a-f]{64}$/);
    const csp = String(config.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://cdn.paddle.com");
    expect(csp).toContain('https://sandbox-buy.paddle.com');
    const stranger = await app.signIn('admin');
    expect(
      (await app.request({ method: 'POST', url: `/api/v2/phonebots/${licenseKey}/checkout`, token: stranger.token }))
        .status,
    ).toBe(404);
    // The super starts it for any customer's phonebot; a guest or a user cannot.
    const superUser = await app.signIn('super');
    const bySuper = await app.request({
      method: 'POST',
      url: `/api/v2/phonebots/${licenseKey}/checkout`,
      token: superUser.token,
    });
    expect(bySuper.status).toBe(200);
    expect(bySuper.json.meta.custom_data.license_key).toBe(licenseKey);
    const user = await app.signIn('user', { customerId: admin.customerId ?? undefined });
    expect(
      (await app.request({ method: 'POST', url: `/api/v2/phonebots/${licenseKey}/checkout`, token: user.token }))
        .status,
    ).toBe(403);
  });

  it('activates a phonebot from a signed subscription event, serves its config, and ignores replays', async () => {
    const { admin, licenseKey, botToken } = await phonebot();
    expect((await app.request({ method: 'GET', url: '/api/v2/bot/config', token: botToken })).status).toBe(403);
    const custom = (
      await app.request({ method: 'POST', url: `/api/v2/phonebots/${licenseKey}/checkout`, token: admin.token })
    ).json.meta.custom_data;
    const created = event('subscription.created', 'active', custom, { subscription: 'sub_activate' });
    const first = await deliver(created);
    expect(first.status).toBe(200);
    expect(first.json.meta.outcome).toBe('applied: payment_status 1');
    expect(await paymentStatus(licenseKey)).toBe(1);
    expect((await app.request({ method: 'GET', url: '/api/v2/bot/config', token: botToken })).status).toBe(200);
    const replay = await deliver(created);
    expect(replay.json.meta.outcome).toBe('duplicate');
    expect(
      (await app.request({ method: 'POST', url: `/api/v2/phonebots/${licenseKey}/checkout`, token: admin.token }))
        .status,
    ).toBe(409);

    // Later events find the phonebot by its subscription, without customData.
    const paused = await deliver(event('subscription.paused', 'paused', null, { subscription: 'sub_activate' }));
    expect(paused.json.meta.outcome).toBe('applied: payment_status 2');
    expect((await app.request({ method: 'GET', url: '/api/v2/bot/config', token: botToken })).status).toBe(403);
    const events = await app.db.db
      .selectFrom('billing_events')
      .select(['event_type', 'outcome'])
      .where('event_type', 'like', 'subscription.%')
      .execute();
    expect(events.length).toBeGreaterThanOrEqual(2);
  });

  it('never lets an older event overwrite a newer state', async () => {
    const { admin, licenseKey } = await phonebot();
    const custom = (
      await app.request({ method: 'POST', url: `/api/v2/phonebots/${licenseKey}/checkout`, token: admin.token })
    ).json.meta.custom_data;
    const t0 = new Date(Date.now() - 60_000);
    const t1 = new Date(Date.now() - 30_000);
    await deliver(event('subscription.canceled', 'canceled', custom, { subscription: 'sub_order', occurred: t1 }));
    expect(await paymentStatus(licenseKey)).toBe(4);
    const late = await deliver(
      event('subscription.activated', 'active', custom, { subscription: 'sub_order', occurred: t0 }),
    );
    expect(late.json.meta.outcome).toBe('ignored: older than the current state');
    expect(await paymentStatus(licenseKey)).toBe(4);
  });

  it('breaks a tie of equal timestamps towards the more restrictive state, in either order of arrival', async () => {
    for (const order of [
      ['active', 'canceled'],
      ['canceled', 'active'],
    ] as const) {
      const { admin, licenseKey } = await phonebot();
      const custom = (
        await app.request({ method: 'POST', url: `/api/v2/phonebots/${licenseKey}/checkout`, token: admin.token })
      ).json.meta.custom_data;
      const at = new Date(Date.now() - 10_000);
      const subscription = `sub_tie_${order[0]}`;
      for (const status of order)
        await deliver(event(`subscription.${status}`, status, custom, { subscription, occurred: at }));
      expect(await paymentStatus(licenseKey), order.join(' then ')).toBe(4);
    }
  });

  it('applies concurrent deliveries in order of occurrence: the newest state wins every round', async () => {
    const rounds = 10;
    for (let round = 0; round < rounds; round++) {
      const { admin, licenseKey } = await phonebot();
      const custom = (
        await app.request({ method: 'POST', url: `/api/v2/phonebots/${licenseKey}/checkout`, token: admin.token })
      ).json.meta.custom_data;
      const subscription = `sub_race_${round}`;
      const base = Date.now() - 60_000;
      // Older actives and one newest cancel, all at once in a shuffled order.
      const events = [
        ...Array.from({ length: 5 }, (_, i) =>
          event('subscription.updated', 'active', custom, { subscription, occurred: new Date(base + i) }),
        ),
        event('subscription.canceled', 'canceled', custom, { subscription, occurred: new Date(base + 10) }),
      ].sort(() => Math.random() - 0.5);
      const answers = await Promise.all(events.map((e) => deliver(e)));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect(await paymentStatus(licenseKey), `round ${round}`).toBe(4);
    }
  });

  it('ignores forged or foreign customData and unknown prices, acknowledging them with 2xx', async () => {
    const { admin, licenseKey } = await phonebot();
    const custom = (
      await app.request({ method: 'POST', url: `/api/v2/phonebots/${licenseKey}/checkout`, token: admin.token })
    ).json.meta.custom_data;
    const forged = await deliver(
      event(
        'subscription.created',
        'active',
        { ...custom, license_key: 'PB-someone-else' },
        { subscription: 'sub_forged' },
      ),
    );
    expect(forged.json.meta.outcome).toBe('ignored: unverifiable custom data');
    const unsigned = await deliver(
      event('subscription.created', 'active', { license_key: licenseKey }, { subscription: 'sub_unsigned' }),
    );
    expect(unsigned.json.meta.outcome).toBe('ignored: unverifiable custom data');
    const expired = await deliver(
      event('subscription.created', 'active', custom, {
        subscription: 'sub_late',
        occurred: new Date(Date.now() + 2 * 86400000),
      }),
    );
    expect(expired.status).toBe(200);
    expect(expired.json.meta.outcome).toBe('ignored: unverifiable custom data');
    const price = await deliver(
      event('subscription.created', 'active', custom, { subscription: 'sub_price', price: 'pri_other' }),
    );
    expect(price.json.meta.outcome).toBe('ignored: unknown price');
    const transaction = await deliver({
      event_id: 'evt_txn',
      event_type: 'transaction.completed',
      occurred_at: new Date().toISOString(),
      data: {},
    });
    expect(transaction.json.meta.outcome).toBe('ignored: not a subscription event');
    expect(await paymentStatus(licenseKey)).toBe(0);
  });

  it('answers 401 to a wrong signature and 400 to a malformed event, changing nothing', async () => {
    const { licenseKey } = await phonebot();
    const payload = event('subscription.created', 'active', null);
    expect((await deliver(payload, signPaddleBody(JSON.stringify(payload), 'wrong'))).status).toBe(401);
    expect((await deliver(payload, 'ts=1;h1=00')).status).toBe(401);
    const raw = 'not json';
    const bad = await app.request({
      method: 'POST',
      url: '/api/v2/billing/paddle-webhook',
      headers: { 'content-type': 'application/json', 'paddle-signature': signPaddleBody(raw, SECRET) },
      rawBody: raw,
    });
    expect(bad.status).toBe(400);
    const noId = await deliver({ event_type: 'subscription.created' });
    expect(noId.status).toBe(400);
    expect((await deliver({ ...payload, event_id: 'evt_\u0000' })).status).toBe(400);
    expect(await paymentStatus(licenseKey)).toBe(0);
  });

  it('lets the super set payment_status by hand, newer than earlier events', async () => {
    const { licenseKey, botToken } = await phonebot();
    const sup = await app.signIn('super');
    await app.request({
      method: 'PATCH',
      url: `/api/v2/phonebot/${licenseKey}`,
      token: sup.token,
      body: { data: { type: 'vbots', attributes: { payment_status: 1 } } },
    });
    expect((await app.request({ method: 'GET', url: '/api/v2/bot/config', token: botToken })).status).toBe(200);
  });
});

describe('without Paddle configuration', () => {
  it('explains that billing is not set up instead of failing', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.request({ method: 'GET', url: '/api/v2/public-config' })).json.meta.paddle).toBe(null);
      const admin = await plain.signIn('admin');
      const created = await plain.request({
        method: 'POST',
        url: '/api/v2/vbot',
        token: admin.token,
        body: { data: { type: 'vbots', attributes: { bezeichnung: 'B' } } },
      });
      const checkout = await plain.request({
        method: 'POST',
        url: `/api/v2/phonebots/${created.json.meta.license_Key}/checkout`,
        token: admin.token,
      });
      expect(checkout.status).toBe(409);
      expect(checkout.json.errors[0].code).toBe('billingNotConfigured');
      const hook = await plain.request({
        method: 'POST',
        url: '/api/v2/billing/paddle-webhook',
        headers: { 'content-type': 'application/json' },
        rawBody: '{}',
      });
      expect(hook.status).toBe(503);
      expect(
        String((await plain.request({ method: 'GET', url: '/healthz' })).headers['content-security-policy']),
      ).not.toContain('paddle');
    } finally {
      await plain.stop();
    }
  });
});
