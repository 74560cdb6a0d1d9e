import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';
import { TEST_ENGINE, createPostgresDatabase } from '../../../test/db';
import { startReceiver } from '../../../test/webhook-receiver';
import { createDb } from '../../db/client';
import { migrations } from '../../db/migrations';
import { deleteOldCalls } from '../calls';

const TIMING = { timeoutMs: 2_000, pollMs: 100, retryDelaysMs: [200] };
const CALLER = '+4917098765432';
/** A number of Company Profile's SMS list: an SMS to it does not name the caller. */
const OFFICE = '+4930555111';

let app: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  app = await createTestApp({ webhookTiming: TIMING }, { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  receiver = await startReceiver();
});
afterAll(async () => {
  await app?.stop();
  await receiver?.close();
});

type Company = { admin: SignedIn; botToken: string; hook: string; secret: string; name: string };

let seq = 0;
async function company(): Promise<Company> {
  const admin = await app.signIn('admin');
  await app.db.db
    .updateTable('customers')
    .set({ sms_allowed_numbers: JSON.stringify([OFFICE]) })
    .where('id', '=', admin.customerId!)
    .execute();
  const bot = await app.request({
    method: 'POST',
    url: '/api/v2/vbot',
    token: admin.token,
    body: { data: { type: 'vbots', attributes: { bezeichnung: 'Deletion bot' } } },
  });
  expect(bot.status, bot.body).toBe(201);
  const name = `deleted-${++seq}`;
  const hook = await app.request({
    method: 'POST',
    url: '/api/v2/webhooks',
    token: admin.token,
    body: {
      data: {
        type: 'webhooks',
        attributes: {
          url: `${receiver.url}?${name}`,
          events: ['call.created', 'call.updated', 'call.deleted', 'sms.sent'],
        },
      },
    },
  });
  expect(hook.status, hook.body).toBe(201);
  return {
    admin,
    botToken: bot.json.meta.bot_token,
    hook: hook.json.data.id,
    secret: hook.json.data.attributes.secret,
    name,
  };
}

async function ingest(c: Company): Promise<string> {
  const res = await app.request({
    method: 'POST',
    url: '/api/v2/bot/calls',
    token: c.botToken,
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: { caller_number: CALLER, response: [{ action: 'UserRecognizedText', text: 'Please call me back' }] },
  });
  expect(res.status, res.body).toBe(201);
  return res.json.data.id as string;
}

/** A note and an SMS to the office about the call: call.updated twice and sms.sent, none naming the caller. */
async function workOn(c: Company, callId: string) {
  const note = await app.request({
    method: 'POST',
    url: `/api/v2/calls/${callId}/notes`,
    token: c.admin.token,
    body: { data: { type: 'notes', attributes: { text: 'Asked for the invoice' } } },
  });
  expect(note.status, note.body).toBe(201);
  const sms = await app.request({
    method: 'POST',
    url: `/api/v2/calls/${callId}/sms`,
    token: c.admin.token,
    body: { data: { type: 'sms', attributes: { to: OFFICE, message: 'Invoice question, see call log' } } },
  });
  expect(sms.status, sms.body).toBe(201);
  await app.webhooks.idle();
}

async function deliveries(c: Company) {
  const res = await app.request({ method: 'GET', url: `/api/v2/webhooks/${c.hook}/deliveries`, token: c.admin.token });
  expect(res.status).toBe(200);
  return res.json.data as { id: string; attributes: { event: string; message_id: string } }[];
}

/** What the receiver got for the company, verified as Standard Webhooks messages. */
function received(c: Company) {
  const verifier = new Webhook(c.secret);
  return receiver.received
    .filter((r) => r.url.endsWith(`?${c.name}`))
    .map((message) => ({
      body: message.body,
      event: verifier.verify(message.body, {
        'webhook-id': String(message.headers['webhook-id']),
        'webhook-timestamp': String(message.headers['webhook-timestamp']),
        'webhook-signature': String(message.headers['webhook-signature']),
      }) as { type: string; timestamp: string; data: Record<string, unknown> },
    }));
}

/** The deletion's delivery went out with the call's id and the time, and nothing else of the call. */
async function expectDeletedSent(c: Company, callId: string) {
  await app.webhooks.idle();
  const deleted = received(c).filter((m) => m.event.type === 'call.deleted');
  expect(deleted).toHaveLength(1);
  const { event, body } = deleted[0]!;
  expect(event.data).toEqual({ type: 'calls', id: callId, attributes: { deleted_at: expect.any(String) } });
  expect(Date.now() - Date.parse(String((event.data.attributes as { deleted_at: string }).deleted_at))).toBeLessThan(
    60_000,
  );
  expect(body).not.toContain(CALLER.slice(3));
}

/** The log keeps only the deletion: no delivery of the call, and no body naming it or its content. */
async function expectLogForgot(c: Company) {
  const log = await deliveries(c);
  expect(log.map((d) => d.attributes.event)).toEqual(['call.deleted']);
  const payloads = await app.db.db
    .selectFrom('webhook_deliveries')
    .select('payload')
    .where('webhook_id', '=', Number(c.hook))
    .execute();
  for (const { payload } of payloads) {
    expect(payload).not.toContain(CALLER.slice(3));
    expect(payload).not.toContain('Invoice question');
  }
}

describe('deliveries of deleted calls', () => {
  it('leave the log when a person deletes the call, which sends call.deleted', async () => {
    const c = await company();
    const callId = await ingest(c);
    await workOn(c, callId);
    const before = await deliveries(c);
    expect(before.map((d) => d.attributes.event).sort()).toEqual([
      'call.created',
      'call.updated',
      'call.updated',
      'sms.sent',
    ]);
    const res = await app.request({ method: 'DELETE', url: `/api/v2/calls/${callId}`, token: c.admin.token });
    expect(res.status).toBe(204);
    await expectLogForgot(c);
    // What left the log cannot be sent again.
    const again = await app.request({
      method: 'POST',
      url: `/api/v2/webhooks/${c.hook}/deliveries/${before[0]!.id}/redeliver`,
      token: c.admin.token,
    });
    expect(again.status).toBe(404);
    await expectDeletedSent(c, callId);
  });

  it('leave the log when retention deletes the call', async () => {
    const c = await company();
    const callId = await ingest(c);
    await workOn(c, callId);
    await app.db.db
      .updateTable('calls')
      .set({ created_at: new Date(Date.now() - 3 * 24 * 3600_000).toISOString() })
      .where('id', '=', Number(callId))
      .execute();
    expect(await deleteOldCalls(app.db.db, 2)).toBeGreaterThanOrEqual(1);
    await expectLogForgot(c);
    await expectDeletedSent(c, callId);
  });

  it('leave the log when the caller is erased, the SMS to another number too', async () => {
    const c = await company();
    const callId = await ingest(c);
    await workOn(c, callId);
    const res = await app.request({
      method: 'DELETE',
      url: `/api/v2/callers/${encodeURIComponent(CALLER)}`,
      token: c.admin.token,
    });
    expect(res.status, res.body).toBe(200);
    await expectLogForgot(c);
    await expectDeletedSent(c, callId);
  });
});

describe('the webhook queue migration', () => {
  it('ties stored deliveries to their calls and drops those of calls deleted before', async () => {
    const pg = TEST_ENGINE === 'postgres' ? await createPostgresDatabase() : undefined;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-migration-'));
    const db = createDb({ databaseUrl: pg?.url, dataDir });
    try {
      const migrator = new Migrator({
        db: db.db,
        provider: { getMigrations: async () => migrations },
      });
      expect((await migrator.migrateTo('20261124205909-bot-rows-notify')).error).toBeUndefined();
      const now = '2026-11-24T10:00:00.000Z';
      const customer = await db.db
        .insertInto('customers')
        .values({ company_name: 'Old', status: 'Active', created_at: now, updated_at: now } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const phonebot = await db.db
        .insertInto('phonebots')
        .values({
          customer_id: customer.id,
          bezeichnung: 'Bot',
          license_key: 'k',
          created_at: now,
          updated_at: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const call = await db.db
        .insertInto('calls')
        .values({
          customer_id: customer.id,
          phonebot_id: phonebot.id,
          caller_number: CALLER,
          response: '[]',
          preview: '',
          priority: 'Normal Callback',
          status: 'New',
          created_at: now,
          updated_at: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const hook = await db.db
        .insertInto('webhooks')
        .values({
          customer_id: customer.id,
          url: 'https://crm.example/',
          events: '[]',
          secret: 'x',
          created_at: now,
          updated_at: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const gone = Number(call.id) + 1000;
      const stored: [string, unknown][] = [
        ['call.created', { type: 'calls', id: String(call.id) }],
        ['sms.sent', { type: 'sms', id: '7', attributes: { call_id: Number(call.id) } }],
        ['call.updated', { type: 'calls', id: String(gone), attributes: { caller_number: CALLER } }],
        ['sms.failed', { type: 'sms', id: '8', attributes: { call_id: gone } }],
        ['webhook.test', { webhook_id: String(hook.id) }],
      ];
      for (const [event, data] of stored) {
        await db.db
          .insertInto('webhook_deliveries')
          .values({
            webhook_id: hook.id,
            event,
            message_id: `msg_${event}`,
            payload: JSON.stringify({ type: event, timestamp: now, data }),
            status: 'succeeded',
            created_at: now,
          } as never)
          .execute();
      }
      const migrated = await migrator.migrateToLatest();
      expect(migrated.error).toBeUndefined();
      const rows = await db.db.selectFrom('webhook_deliveries').select(['event', 'call_id']).orderBy('id').execute();
      expect(rows.map((row) => [row.event, row.call_id === null ? null : Number(row.call_id)])).toEqual([
        ['call.created', Number(call.id)],
        ['sms.sent', Number(call.id)],
        ['webhook.test', null],
      ]);
      // From now on the deliveries go with their call.
      await db.db.deleteFrom('calls').where('id', '=', call.id).execute();
      const left = await db.db.selectFrom('webhook_deliveries').select('event').execute();
      expect(left.map((row) => row.event)).toEqual(['webhook.test']);
    } finally {
      await db.close();
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
