import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { DAY, HOUR } from '../src/db/time';
import { claimRun } from '../src/lib/jobs';
import { deleteOldCalls } from '../src/modules/calls';
import { pruneExpiredRows } from '../src/modules/system';
import { DEFAULT_WEBHOOK_TIMING, WEBHOOK_DELIVERY_KEEP_DAYS } from '../src/modules/webhooks';
import { type TestApp, createTestApp } from './app';
import { paidPhonebot } from './fixtures';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.stop();
});

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const hash = () => crypto.randomBytes(32).toString('hex');

async function companyWithPhonebot(app: TestApp) {
  const { admin, botToken, licenseKey } = await paidPhonebot(app, 'Prune');
  const post = (key: string) =>
    app.request({
      method: 'POST',
      url: '/api/v2/bot/calls',
      headers: { authorization: `Bearer ${botToken}`, 'idempotency-key': key },
      body: { caller_number: '+4930123456', response: [{ action: 'UserRecognizedText', text: key }] },
    });
  const phonebot = await app.db.db
    .selectFrom('phonebots')
    .select('id')
    .where('license_key', '=', licenseKey)
    .executeTakeFirstOrThrow();
  return { admin, post, phonebotId: Number(phonebot.id) };
}

describe('pruning what nothing reads any more', () => {
  it('deletes idempotency keys after their day, expired sessions and used or expired one-time tokens', async () => {
    const app = await createTestApp();
    apps.push(app);
    const db = app.db.db;
    const { admin, post, phonebotId } = await companyWithPhonebot(app);

    expect((await post('old-call')).status).toBe(201);
    expect((await post('fresh-call')).status).toBe(201);
    await db
      .updateTable('idempotency_keys')
      .set({ created_at: ago(DAY + HOUR) })
      .where('idem_key', '=', 'old-call')
      .execute();
    // More old keys than a batch holds (batches of 100 below).
    await db
      .insertInto('idempotency_keys')
      .values(
        Array.from({ length: 250 }, (_, i) => ({
          phonebot_id: phonebotId,
          idem_key: `bulk-${i}`,
          request_hash: hash(),
          status_code: 201,
          response: '{}',
          created_at: ago(2 * DAY),
        })),
      )
      .execute();

    const session = (expiresAt: string) =>
      db
        .insertInto('access_tokens')
        .values({
          user_id: admin.userId,
          token_hash: hash(),
          created_at: ago(40 * DAY),
          last_used_at: ago(31 * DAY),
          expires_at: expiresAt,
          revoked_reason: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const expiredSession = await session(ago(HOUR));
    const oneTime = (values: { expires_at: string; used_at: string | null }) =>
      db
        .insertInto('user_tokens')
        .values({
          user_id: admin.userId,
          kind: 'reset',
          token_hash: hash(),
          new_email: null,
          created_at: ago(HOUR),
          ...values,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const used = await oneTime({ expires_at: ago(-HOUR), used_at: ago(60_000) });
    const expired = await oneTime({ expires_at: ago(60_000), used_at: null });
    const live = await oneTime({ expires_at: ago(-HOUR), used_at: null });
    // A sign-in's second step, taken and waiting.
    const challenge = (usedAt: string | null) =>
      db
        .insertInto('two_factor_challenges')
        .values({
          user_id: admin.userId,
          kind: 'code',
          token_hash: hash(),
          expires_at: ago(-HOUR),
          used_at: usedAt,
          created_at: ago(HOUR),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const taken = await challenge(ago(60_000));
    const waiting = await challenge(null);

    const pruned = await pruneExpiredRows(db, { batch: 100 });
    expect(pruned).toEqual({
      idempotencyKeys: 251,
      sessions: 1,
      oneTimeTokens: 3,
      webhookDeliveries: 0,
      connectorClaims: 0,
    });

    const keys = await db.selectFrom('idempotency_keys').select('idem_key').execute();
    expect(keys.map((k) => k.idem_key)).toEqual(['fresh-call']);
    // The key within its day still answers a retry with the first answer.
    const replay = await post('fresh-call');
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // The live session works; the expired one is gone.
    expect((await app.request({ method: 'GET', url: '/api/v2/me', token: admin.token })).status).toBe(200);
    const sessions = await db.selectFrom('access_tokens').select('id').where('user_id', '=', admin.userId).execute();
    expect(sessions.map((s) => s.id)).not.toContain(expiredSession.id);
    expect(sessions.length).toBeGreaterThan(0);
    const tokens = (await db.selectFrom('user_tokens').select('id').execute()).map((t) => t.id);
    expect(tokens).toContain(live.id);
    expect(tokens).not.toContain(used.id);
    expect(tokens).not.toContain(expired.id);
    const challenges = (await db.selectFrom('two_factor_challenges').select('id').execute()).map((c) => c.id);
    expect(challenges).toEqual([waiting.id]);
    expect(challenges).not.toContain(taken.id);

    // A second run finds nothing.
    expect(await pruneExpiredRows(db, { batch: 100 })).toEqual({
      idempotencyKeys: 0,
      sessions: 0,
      oneTimeTokens: 0,
      webhookDeliveries: 0,
      connectorClaims: 0,
    });
  });

  it(`deletes finished webhook deliveries ${WEBHOOK_DELIVERY_KEEP_DAYS} days after their event, in batches`, async () => {
    // The sender polls once an hour here: it would drop the old pending delivery below before the pruning looks.
    const app = await createTestApp({ webhookTiming: { ...DEFAULT_WEBHOOK_TIMING, pollMs: HOUR } });
    apps.push(app);
    const db = app.db.db;
    const admin = await app.signIn('admin');
    const now = new Date().toISOString();
    const hook = await db
      .insertInto('webhooks')
      .values({
        customer_id: admin.customerId!,
        url: 'https://hooks.example.com/in',
        events: JSON.stringify(['call.created']),
        description: '',
        enabled: 0,
        secret: 'not-used',
        failing_since: null,
        paused_reason: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const delivery = (status: 'pending' | 'succeeded' | 'failed', created: string, tag: string) => ({
      webhook_id: hook.id,
      event: 'call.created',
      message_id: `msg_${tag}`,
      payload: '{}',
      status,
      attempts: status === 'pending' ? 0 : 3,
      next_attempt_at: status === 'pending' ? now : null,
      claimed_until: null,
      last_attempt_at: status === 'pending' ? null : created,
      response_status: status === 'succeeded' ? 200 : status === 'failed' ? 500 : null,
      response_body: null,
      duration_ms: null,
      last_error: status === 'failed' ? 'answered 500' : null,
      created_at: created,
    });
    const keep = WEBHOOK_DELIVERY_KEEP_DAYS * DAY;
    // 250 finished deliveries past their time (more than two batches of 100), succeeded and failed alike.
    await db
      .insertInto('webhook_deliveries')
      .values(
        Array.from({ length: 250 }, (_, i) =>
          delivery(i % 2 ? 'succeeded' : 'failed', ago(keep + HOUR + i * 60_000), `old-${i}`),
        ),
      )
      .execute();
    await db
      .insertInto('webhook_deliveries')
      .values([
        delivery('succeeded', ago(keep - HOUR), 'recent-succeeded'),
        delivery('failed', ago(keep - HOUR), 'recent-failed'),
        // Pending ones are the sender's to send or to drop (and count) after WEBHOOK_MAX_AGE_DAYS, never pruned.
        delivery('pending', ago(keep + DAY), 'old-pending'),
      ])
      .execute();

    const pruned = await pruneExpiredRows(db, { batch: 100 });
    expect(pruned.webhookDeliveries).toBe(250);
    const left = await db.selectFrom('webhook_deliveries').select('message_id').orderBy('message_id').execute();
    expect(left.map((row) => row.message_id)).toEqual(['msg_old-pending', 'msg_recent-failed', 'msg_recent-succeeded']);
    // The endpoint's own log (the API's delivery list) shows what is left.
    const listed = await app.request({
      method: 'GET',
      url: `/api/v2/webhooks/${hook.id}/deliveries`,
      token: admin.token,
    });
    expect(listed.status).toBe(200);
    expect(listed.json.data).toHaveLength(3);
    expect((await pruneExpiredRows(db, { batch: 100 })).webhookDeliveries).toBe(0);
  });

  it('runs once per period across processes', async () => {
    const app = await createTestApp();
    apps.push(app);
    const name = `prune-${crypto.randomUUID()}`;
    const claims = await Promise.all([claimRun(app.db.db, name, HOUR), claimRun(app.db.db, name, HOUR)]);
    expect(claims.filter(Boolean).length).toBe(1);
    expect(await claimRun(app.db.db, name, HOUR)).toBe(false);
  });

  it('deletes old calls in batches, all of them', async () => {
    const app = await createTestApp();
    apps.push(app);
    const db = app.db.db;
    const { post } = await companyWithPhonebot(app);
    for (let i = 0; i < 7; i++) expect((await post(`call-${i}`)).status).toBe(201);
    await db
      .updateTable('calls')
      .set({ created_at: ago(100 * DAY) })
      .where('response', 'not like', '%call-6%')
      .execute();
    expect(await deleteOldCalls(db, 30, 2)).toBe(6);
    expect((await db.selectFrom('calls').select('response').execute()).length).toBe(1);
  });
});
