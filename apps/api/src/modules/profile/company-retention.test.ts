import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';
import { deleteOldCalls, storeCall } from '../calls';

const DAY = 86_400_000;

/** A company with a phonebot, and a way to store its calls received some days ago. */
async function company(app: TestApp) {
  const admin = await app.signIn('admin');
  const created = await app.request({
    method: 'POST',
    url: '/api/v2/vbot',
    token: admin.token,
    body: { data: { type: 'vbots', attributes: { bezeichnung: 'Empfang', category_terms: ['Sales'] } } },
  });
  const bot = await app.db.db
    .selectFrom('phonebots')
    .select('id')
    .where('license_key', '=', created.json.meta.license_Key as string)
    .executeTakeFirstOrThrow();
  const customerId = admin.customerId!;
  const callAgo = (days: number) =>
    app.db.db
      .transaction()
      .execute((trx) =>
        storeCall(
          trx,
          { phonebotId: bot.id, customerId, phonebotName: 'Empfang', customerName: 'Firma', categoryTerms: [] },
          { caller_number: '+4930123', response: [] },
          new Date(Date.now() - days * DAY).toISOString(),
        ),
      );
  const ages = async () => {
    const rows = await app.db.db
      .selectFrom('calls')
      .select('created_at')
      .where('customer_id', '=', customerId)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((row) => Math.round((Date.now() - Date.parse(row.created_at)) / DAY));
  };
  const monthly = async () => {
    const rows = await app.db.db
      .selectFrom('monthly_call_counts')
      .select('count')
      .where('customer_id', '=', customerId)
      .execute();
    return rows.reduce((n, row) => n + Number(row.count), 0);
  };
  return { admin, customerId, callAgo, ages, monthly };
}

const setRetention = (app: TestApp, who: SignedIn, days: unknown) =>
  app.request({
    method: 'PATCH',
    url: '/api/v2/profile',
    token: who.token,
    body: { data: { type: 'profile', attributes: { retention_days: days } } },
  });

describe('company call retention under a deployment maximum', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({}, { CALL_RETENTION_DAYS: '90' });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('is set by company admins up to the maximum; above it answers 422 and changes nothing', async () => {
    const c = await company(app);
    const read = await app.request({ method: 'GET', url: '/api/v2/profile', token: c.admin.token });
    expect(read.json.data.attributes).toMatchObject({ retention_days: null, retention_max_days: 90 });

    const above = await setRetention(app, c.admin, 91);
    expect(above.status).toBe(422);
    expect(above.json.errors[0]).toMatchObject({
      code: 'retentionDaysInvalid',
      source: { pointer: '/data/attributes/retention_days' },
    });
    expect(above.json.errors[0].detail).toContain('90');
    for (const bad of [0, -1, 1.5, '30']) expect((await setRetention(app, c.admin, bad)).status).toBe(422);
    const unchanged = await app.request({ method: 'GET', url: '/api/v2/profile', token: c.admin.token });
    expect(unchanged.json.data.attributes.retention_days).toBeNull();

    const adminuser = await app.signIn('adminuser', { customerId: c.customerId });
    const user = await app.signIn('user', { customerId: c.customerId });
    expect((await setRetention(app, user, 30)).status).toBe(403);
    // How long calls are kept is the owner's to say (with step-up), not an adminuser's.
    const refused = await setRetention(app, adminuser, 90);
    expect(refused.status).toBe(403);
    expect(refused.json.errors[0].code).toBe('ownerOnlySetting');
    const saved = await setRetention(app, c.admin, 90);
    expect(saved.status).toBe(200);
    expect(saved.json.data.attributes).toMatchObject({ retention_days: 90, retention_max_days: 90 });
    expect((await setRetention(app, c.admin, 30)).json.data.attributes.retention_days).toBe(30);
    const entry = await app.db.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'company.update')
      .where('customer_id', '=', c.customerId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.detail!)).toEqual({ retention_days: 30 });
    // Another company's setting is its own.
    const other = await company(app);
    const theirs = await app.request({ method: 'GET', url: '/api/v2/profile', token: other.admin.token });
    expect(theirs.json.data.attributes.retention_days).toBeNull();
  });

  it('the daily job keeps each company’s calls for its own days, never longer than the deployment’s', async () => {
    const short = await company(app);
    const plain = await company(app);
    expect((await setRetention(app, short.admin, 30)).status).toBe(200);
    for (const c of [short, plain]) for (const days of [10, 40, 100]) await c.callAgo(days);

    expect(await deleteOldCalls(app.db.db, app.config.callRetentionDays)).toBeGreaterThanOrEqual(3);
    expect(await short.ages()).toEqual([10]);
    expect(await plain.ages()).toEqual([10, 40]);
    // Monthly counts keep every call.
    expect(await short.monthly()).toBe(3);
    expect(await plain.monthly()).toBe(3);
  });
});

describe('company call retention without a deployment maximum', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('deletes only the calls of companies that set a retention; null keeps them again', async () => {
    const short = await company(app);
    const plain = await company(app);
    const read = await app.request({ method: 'GET', url: '/api/v2/profile', token: short.admin.token });
    expect(read.json.data.attributes.retention_max_days).toBeNull();
    expect((await setRetention(app, short.admin, 5000)).status).toBe(200);
    expect((await setRetention(app, short.admin, 36501)).status).toBe(422);
    expect((await setRetention(app, short.admin, 30)).status).toBe(200);
    for (const c of [short, plain]) for (const days of [10, 400]) await c.callAgo(days);

    expect(await deleteOldCalls(app.db.db, undefined)).toBe(1);
    expect(await short.ages()).toEqual([10]);
    expect(await plain.ages()).toEqual([10, 400]);

    expect((await setRetention(app, short.admin, null)).json.data.attributes.retention_days).toBeNull();
    await short.callAgo(400);
    expect(await deleteOldCalls(app.db.db, undefined)).toBe(0);
    expect(await short.ages()).toEqual([10, 400]);
  });
});

describe('retention preview', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({}, { CALL_RETENTION_DAYS: '400' });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const preview = (who: { token: string }, query = '') =>
    app.request({ method: 'GET', url: `/api/v2/profile/retention-preview${query}`, token: who.token });

  it('counts the company’s calls the next night would delete with a new retention, within the service’s own', async () => {
    const c = await company(app);
    for (const days of [1, 10, 45, 100, 500]) await c.callAgo(days);
    const other = await company(app);
    await other.callAgo(500);

    const res = await preview(c.admin, '?retention_days=30');
    expect(res.status, res.body).toBe(200);
    expect(res.json.meta).toEqual({ retention_days: 30, calls: 3 });
    expect((await preview(c.admin, '?retention_days=5')).json.meta.calls).toBe(4);
    expect((await preview(c.admin, '?retention_days=1000')).json.meta.calls).toBe(1);
    // Without a retention of its own, the service's (400 days) still deletes the oldest.
    expect((await preview(c.admin)).json.meta).toEqual({ retention_days: null, calls: 1 });
    const adminuser = await app.signIn('adminuser', { customerId: c.customerId });
    expect((await preview(adminuser, '?retention_days=30')).json.meta.calls).toBe(3);
    // Counting deletes nothing.
    expect(await c.ages()).toHaveLength(5);
  });

  it('refuses a bad number with 400, and other roles and API keys with 403', async () => {
    const c = await company(app);
    for (const query of ['?retention_days=0', '?retention_days=abc', '?retention_days=1.5', '?retention_days=99999']) {
      const res = await preview(c.admin, query);
      expect(res.status, query).toBe(400);
      expect(res.json.errors[0].source).toEqual({ parameter: 'retention_days' });
    }
    const key = await app.request({
      method: 'POST',
      url: '/api/v2/api-keys',
      token: c.admin.token,
      body: { data: { type: 'api-keys', attributes: { name: 'Reader', scopes: ['calls:read'] } } },
    });
    const callers = [
      await app.signIn('user', { customerId: c.customerId }),
      await app.signIn('guest', { customerId: c.customerId }),
      await app.signIn('super'),
      { token: key.json.data.attributes.token as string },
    ];
    for (const who of callers) expect((await preview(who, '?retention_days=30')).status).toBe(403);
  });
});
