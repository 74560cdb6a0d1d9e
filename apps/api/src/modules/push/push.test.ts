import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
// http_ece, the reference implementation of RFC 8188 (aes128gcm), decrypts what the product sends.
import * as ece from 'http_ece';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';
import { TEST_ENGINE } from '../../../test/db';
import { ingest, liveCompany } from '../../../test/live';
import { loadConfig } from '../../config';
import { publishChanges } from '../../lib/changes';
import { createLogger } from '../../logger';
import { generateVapidKeys } from './push-crypto';
import { createPushSender } from './push-sender';
import { loadVapid } from './vapid';

const SUBJECT = 'mailto:push@example.com';

/** One push as the stand-in push service received it. */
type Received = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };

/** A push service on the loopback interface: records each push and answers as the test says (201 by default). */
let received: Received[] = [];
let answer: (push: Received, index: number) => number = () => 201;
let service: http.Server;
let origin: string;

let app: TestApp;
beforeAll(async () => {
  service = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const push = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(push);
      res.writeHead(answer(push, received.length - 1)).end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  app = await createTestApp({
    env: 'test',
    webhookAllowPrivateUrls: true,
    push: {
      vapidPublicKey: undefined,
      vapidPrivateKey: undefined,
      vapidSubject: SUBJECT,
      timeoutMs: 5_000,
      pollMs: 60_000,
      retryDelaysMs: [0, 0],
    },
  });
});
afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => service?.close(resolve));
});
beforeEach(() => {
  received = [];
  answer = () => 201;
});

/** A browser's push subscription: its own P-256 key pair and auth secret, and an endpoint at the stand-in. */
function browser() {
  const keys = crypto.createECDH('prime256v1');
  keys.generateKeys();
  const auth = crypto.randomBytes(16);
  const id = crypto.randomUUID();
  return {
    keys,
    auth,
    path: `/push/${id}`,
    json: {
      endpoint: `${origin}/push/${id}`,
      expirationTime: null,
      keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}
type Browser = ReturnType<typeof browser>;

const subscribe = (who: SignedIn, attributes: unknown, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0') =>
  app.request({
    method: 'POST',
    url: '/api/v2/me/push-subscriptions',
    token: who.token,
    headers: { 'user-agent': userAgent },
    body: { data: { type: 'push-subscriptions', attributes } },
  });

const mine = (who: SignedIn) => app.request({ method: 'GET', url: '/api/v2/me/push-subscriptions', token: who.token });

const removeSubscription = (who: SignedIn, id: string | number) =>
  app.request({ method: 'DELETE', url: `/api/v2/me/push-subscriptions/${id}`, token: who.token });

async function subscribed(who: SignedIn): Promise<Browser> {
  const device = browser();
  const res = await subscribe(who, device.json);
  if (res.status !== 201) throw new Error(`not subscribed: ${res.body}`);
  return device;
}

const storedCount = async () =>
  Number(
    (
      await app.db.db
        .selectFrom('push_subscriptions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** What reached one browser, decrypted with its private key and auth secret. */
function pushesTo(device: Browser) {
  return received
    .filter((push) => push.path === device.path)
    .map((push) => ({
      headers: push.headers,
      payload: JSON.parse(
        ece
          .decrypt(push.body, {
            version: 'aes128gcm',
            privateKey: device.keys,
            authSecret: device.auth.toString('base64url'),
          })
          .toString('utf8'),
      ) as { title: string; body: string; url: string; tag: string },
    }));
}

/** Checks the VAPID header (RFC 8292) with the server's public key: ES256 signature, audience, expiry, contact. */
function checkVapid(header: string | undefined, publicKey: string): void {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  expect(match, header).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [head, claims, signature] = jwt!.split('.') as [string, string, string];
  expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
  const raw = Buffer.from(publicKey, 'base64url');
  const key = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(valid).toBe(true);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  expect(body.aud).toBe(origin);
  expect(body.sub).toBe(SUBJECT);
  const now = Date.now() / 1000;
  expect(body.exp).toBeGreaterThan(now);
  expect(body.exp).toBeLessThanOrEqual(now + 24 * 3600);
}

const vapidKey = async (who: SignedIn) =>
  (await app.request({ method: 'GET', url: '/api/v2/push/vapid-public-key', token: who.token })).json.meta
    .public_key as string;

const assign = (who: SignedIn, callId: string, assigneeId: number) =>
  app.request({
    method: 'PATCH',
    url: `/api/v2/calls/${callId}`,
    token: who.token,
    body: { data: { type: 'calls', id: callId, attributes: { assignee_id: assigneeId } } },
  });

/** Calls given to one user at once. */
const bulkAssign = (who: SignedIn, callIds: readonly string[], assigneeId: number) =>
  app.request({
    method: 'PATCH',
    url: '/api/v2/updateBulkAssignee',
    token: who.token,
    body: { calls: callIds.map((id) => ({ id })), assignee_id: String(assigneeId) },
  });

const priorityOf = async (callId: string) =>
  (await app.db.db.selectFrom('calls').select('priority').where('id', '=', Number(callId)).executeTakeFirstOrThrow())
    .priority;

const setAlertPriorities = (admin: SignedIn, priorities: string[]) =>
  app.request({
    method: 'PATCH',
    url: '/api/v2/urgent-mail',
    token: admin.token,
    body: { data: { type: 'urgent-mail', attributes: { priorities } } },
  });

describe('the VAPID public key', () => {
  it('is given to every signed-in user, the same each time: an uncompressed P-256 point in base64url', async () => {
    const admin = await app.signIn('admin');
    const keys = new Set<string>();
    for (const role of ['super', 'admin', 'adminuser', 'user', 'guest'] as const) {
      const who =
        role === 'admin' ? admin : await app.signIn(role, role === 'super' ? {} : { customerId: admin.customerId! });
      const res = await app.request({ method: 'GET', url: '/api/v2/push/vapid-public-key', token: who.token });
      expect(res.status).toBe(200);
      keys.add(res.json.meta.public_key);
    }
    expect(keys.size).toBe(1);
    const [key] = [...keys] as [string];
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(Buffer.from(key, 'base64url')[0]).toBe(4);
    const anonymous = await app.request({ method: 'GET', url: '/api/v2/push/vapid-public-key' });
    expect(anonymous.status).toBe(401);
  });

  it('is generated once and kept in the database, so every process of the deployment signs with it', async () => {
    const rows = await app.db.db.selectFrom('push_vapid_keys').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.public_key).toBe(await vapidKey(await app.signIn('user')));
    // The private key is sealed with SECRETS_KEY, never kept as it is.
    expect(rows[0]!.private_key).toMatch(/^v1\./);
  });
});

describe('a user’s push subscriptions', () => {
  it('are added by the company’s staff (admin, adminuser, user), listed to their owner only, with the browser', async () => {
    const admin = await app.signIn('admin');
    for (const role of ['admin', 'adminuser', 'user'] as const) {
      const who = role === 'admin' ? admin : await app.signIn(role, { customerId: admin.customerId! });
      const device = browser();
      const res = await subscribe(who, device.json);
      expect(res.status).toBe(201);
      expect(res.json.data).toMatchObject({
        type: 'push-subscriptions',
        attributes: {
          endpoint: device.json.endpoint,
          user_agent: expect.stringContaining('Firefox'),
          expires_at: null,
          created_at: expect.any(String),
        },
      });
      const list = await mine(who);
      expect(list.status).toBe(200);
      expect(list.json.data.map((row: { id: string }) => row.id)).toEqual([res.json.data.id]);
    }
  });

  it('are refused to guests and the super administrator (403), and nothing is stored', async () => {
    const admin = await app.signIn('admin');
    const before = await storedCount();
    for (const who of [await app.signIn('guest', { customerId: admin.customerId! }), await app.signIn('super')]) {
      expect((await subscribe(who, browser().json)).status).toBe(403);
      expect((await mine(who)).status).toBe(403);
      expect((await removeSubscription(who, 1)).status).toBe(403);
    }
    expect(await storedCount()).toBe(before);
  });

  it('renew a subscription when the same endpoint comes again, instead of adding one', async () => {
    const user = await app.signIn('user');
    const device = browser();
    const first = await subscribe(user, device.json);
    expect(first.status).toBe(201);
    const renewed = {
      ...device.json,
      expirationTime: Date.UTC(2030, 0, 1),
      keys: { ...device.json.keys, auth: crypto.randomBytes(16).toString('base64url') },
    };
    const again = await subscribe(
      user,
      renewed,
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Version/17.0 Safari/605.1.15',
    );
    expect(again.status).toBe(200);
    expect(again.json.data.id).toBe(first.json.data.id);
    expect(again.json.data.attributes).toMatchObject({
      expires_at: '2030-01-01T00:00:00.000Z',
      user_agent: expect.stringContaining('Safari'),
    });
    const row = await app.db.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('id', '=', Number(first.json.data.id))
      .executeTakeFirstOrThrow();
    expect(row.auth).toBe(renewed.keys.auth);
    expect((await mine(user)).json.data).toHaveLength(1);
  });

  it('move to the user who subscribes the same browser next', async () => {
    const admin = await app.signIn('admin');
    const colleague = await app.signIn('user', { customerId: admin.customerId! });
    const device = await subscribed(admin);
    expect((await subscribe(colleague, device.json)).status).toBe(201);
    expect((await mine(admin)).json.data).toHaveLength(0);
    expect((await mine(colleague)).json.data).toHaveLength(1);
  });

  it('are removed by their owner only: another user’s, or another company’s, answers 404 and stays', async () => {
    const admin = await app.signIn('admin');
    const colleague = await app.signIn('adminuser', { customerId: admin.customerId! });
    const stranger = await app.signIn('admin');
    await subscribed(admin);
    const id = (await mine(admin)).json.data[0].id as string;
    expect((await removeSubscription(colleague, id)).status).toBe(404);
    expect((await removeSubscription(stranger, id)).status).toBe(404);
    expect((await removeSubscription(admin, 999_999_999)).status).toBe(404);
    expect((await mine(admin)).json.data).toHaveLength(1);
    expect((await removeSubscription(admin, id)).status).toBe(204);
    expect((await mine(admin)).json.data).toHaveLength(0);
    expect((await removeSubscription(admin, id)).status).toBe(404);
  });

  it('refuse what is no push subscription (422) and store nothing', async () => {
    const user = await app.signIn('user');
    const good = browser().json;
    const notOnCurve = Buffer.alloc(65, 1);
    notOnCurve[0] = 4;
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: 'http://push.example.com/send/1' }, 'pushEndpointInvalid'],
      [{ ...good, endpoint: 'ftp://push.example.com/send/1' }, 'pushEndpointInvalid'],
      [{ ...good, endpoint: 'not a url' }, 'pushEndpointInvalid'],
      [{ ...good, endpoint: `https://push.example.com/${'x'.repeat(2100)}` }, 'pushEndpointInvalid'],
      [{ ...good, endpoint: 'https://user:secret@push.example.com/send/1' }, 'pushEndpointInvalid'],
      [{ ...good, keys: undefined }, 'pushKeysInvalid'],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } }, 'pushKeysInvalid'],
      [{ ...good, keys: { ...good.keys, p256dh: notOnCurve.toString('base64url') } }, 'pushKeysInvalid'],
      [{ ...good, keys: { ...good.keys, auth: crypto.randomBytes(12).toString('base64url') } }, 'pushKeysInvalid'],
      [{ ...good, keys: { ...good.keys, auth: '!!!!!!!!!!!!!!!!!!!!!!' } }, 'pushKeysInvalid'],
      [{ ...good, expirationTime: 'tomorrow' }, 'invalidType'],
    ];
    const before = await storedCount();
    for (const [attributes, code] of cases) {
      const res = await subscribe(user, attributes);
      expect(res.status, JSON.stringify(attributes).slice(0, 120)).toBe(422);
      expect(res.json.errors[0].code).toBe(code);
    }
    expect(await storedCount()).toBe(before);
    expect((await mine(user)).json.data).toHaveLength(0);
  });

  it('are at most 20 per user, also when many arrive at once', async () => {
    const user = await app.signIn('user');
    const results = await Promise.all(Array.from({ length: 25 }, () => subscribe(user, browser().json)));
    const statuses = results.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 422)).toHaveLength(5);
    expect(results.find((res) => res.status === 422)!.json.errors[0].code).toBe('pushSubscriptionsTooMany');
    expect((await mine(user)).json.data).toHaveLength(20);
    // The same browser again is a renewal, which the limit does not stop.
    const kept = (await mine(user)).json.data[0].attributes.endpoint as string;
    const again = await subscribe(user, { ...browser().json, endpoint: kept });
    expect(again.status).toBe(200);
  });
});

describe('pushes', () => {
  it('tell a user a call was given to them, in their language, encrypted for their browser and signed (VAPID)', async () => {
    const company = await liveCompany(app);
    const operator = await app.signIn('user', { customerId: company.customerId });
    const device = await subscribed(operator);
    const callId = await ingest(app, company.botToken);
    expect((await assign(company.owner, callId, operator.userId)).status).toBe(200);
    await app.push.idle();

    const [push, ...more] = pushesTo(device);
    expect(more).toHaveLength(0);
    const owner = await app.db.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', company.owner.userId)
      .executeTakeFirstOrThrow();
    expect(push!.payload).toEqual({
      title: `${owner.name} assigned a call to you`,
      body: 'The call from +4930123456 is waiting for you.',
      url: `http://portal.test/viewcalllogs?call=${callId}`,
      tag: `call-${callId}`,
    });
    expect(push!.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: expect.stringMatching(/^\d+$/),
      urgency: 'normal',
    });
    checkVapid(push!.headers.authorization, await vapidKey(operator));
    // Delivered: nothing is left in the queue.
    expect(await app.db.db.selectFrom('push_deliveries').selectAll().execute()).toHaveLength(0);

    // In German for a German user; a call one takes oneself is no news.
    await app.db.db.updateTable('users').set({ language: 'de' }).where('id', '=', operator.userId).execute();
    const second = await ingest(app, company.botToken);
    expect((await assign(company.owner, second, operator.userId)).status).toBe(200);
    const third = await ingest(app, company.botToken);
    expect((await assign(operator, third, operator.userId)).status).toBe(200);
    await app.push.idle();
    const pushes = pushesTo(device).map((entry) => entry.payload);
    expect(pushes).toHaveLength(2);
    expect(pushes[1]).toMatchObject({ title: `${owner.name} hat Ihnen einen Anruf zugewiesen`, tag: `call-${second}` });
  });

  it('tell a user of calls given at once in one push that counts them, leading to their calls', async () => {
    const company = await liveCompany(app);
    const operator = await app.signIn('user', { customerId: company.customerId });
    const device = await subscribed(operator);
    const calls = [await ingest(app, company.botToken), await ingest(app, company.botToken)];
    calls.push(await ingest(app, company.botToken));
    expect((await bulkAssign(company.owner, calls, operator.userId)).status).toBe(200);
    await app.push.idle();
    const owner = await app.db.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', company.owner.userId)
      .executeTakeFirstOrThrow();
    expect(pushesTo(device).map((entry) => entry.payload)).toEqual([
      {
        title: `${owner.name} assigned 3 calls to you`,
        body: 'The call from +4930123456 and 2 more are waiting for you.',
        url: 'http://portal.test/viewcalllogs?assignee=me',
        tag: `call-${calls[0]}`,
      },
    ]);
    // The bell lists each call.
    const listed = await app.request({ method: 'GET', url: '/api/v2/notifications', token: operator.token });
    expect(listed.json.data).toHaveLength(3);

    // In German, two calls.
    await app.db.db.updateTable('users').set({ language: 'de' }).where('id', '=', operator.userId).execute();
    const two = [await ingest(app, company.botToken), await ingest(app, company.botToken)];
    expect((await bulkAssign(company.owner, two, operator.userId)).status).toBe(200);
    await app.push.idle();
    expect(pushesTo(device).at(-1)!.payload).toEqual({
      title: `${owner.name} hat Ihnen 2 Anrufe zugewiesen`,
      body: 'Der Anruf von +4930123456 und ein weiterer warten auf Sie.',
      url: 'http://portal.test/viewcalllogs?assignee=me',
      tag: `call-${two[0]}`,
    });
  });

  it('tell a user a note names, in their language; not its writer', async () => {
    const company = await liveCompany(app);
    const operator = await app.signIn('user', { customerId: company.customerId });
    const device = await subscribed(operator);
    const ownDevice = await subscribed(company.owner);
    const callId = await ingest(app, company.botToken);
    const names = await app.db.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('id', 'in', [operator.userId, company.owner.userId])
      .execute();
    const nameOf = (id: number) => names.find((row) => row.id === id)!.name;
    await app.db.db.updateTable('users').set({ language: 'de' }).where('id', '=', operator.userId).execute();
    const note = await app.request({
      method: 'POST',
      url: `/api/v2/calls/${callId}/notes`,
      token: company.owner.token,
      body: {
        data: {
          type: 'notes',
          attributes: { text: `@${nameOf(operator.userId)} bitte zurückrufen (@${nameOf(company.owner.userId)})` },
        },
      },
    });
    expect(note.status, note.body).toBe(201);
    await app.push.idle();
    expect(pushesTo(device).map((entry) => entry.payload)).toEqual([
      {
        title: `${nameOf(company.owner.userId)} hat Sie in einer Notiz erwähnt`,
        body: 'Zum Anruf von +4930123456.',
        url: `http://portal.test/viewcalllogs?call=${callId}`,
        tag: `call-${callId}`,
      },
    ]);
    expect(pushesTo(ownDevice)).toHaveLength(0);
  });

  it('tell the owner of a call of a caller’s SMS reply', async () => {
    const company = await liveCompany(app);
    const operator = await app.signIn('adminuser', { customerId: company.customerId });
    const device = await subscribed(operator);
    const callId = Number(await ingest(app, company.botToken));
    await app.db.db
      .transaction()
      .execute((trx) =>
        publishChanges(trx, [
          { kind: 'reply-received', customerId: company.customerId, callId, userId: operator.userId },
        ]),
      );
    await app.push.idle();
    expect(pushesTo(device).map((entry) => entry.payload)).toEqual([
      {
        title: 'New SMS reply from +4930123456',
        body: 'Open the call to read it.',
        url: `http://portal.test/viewcalllogs?call=${callId}`,
        tag: `call-${callId}`,
      },
    ]);
  });

  it('tell the company’s staff of a new call of an alert priority, urgently; not guests, not other companies', async () => {
    const company = await liveCompany(app);
    const operator = await app.signIn('user', { customerId: company.customerId });
    const guest = await app.signIn('guest', { customerId: company.customerId });
    const stranger = await liveCompany(app);
    const ownerDevice = await subscribed(company.owner);
    const operatorDevice = await subscribed(operator);
    const strangerDevice = await subscribed(stranger.owner);
    // A guest cannot subscribe; a row that says otherwise is not pushed to either.
    const guestDevice = browser();
    const now = new Date().toISOString();
    await app.db.db
      .insertInto('push_subscriptions')
      .values({
        customer_id: company.customerId,
        user_id: guest.userId,
        endpoint: guestDevice.json.endpoint,
        p256dh: guestDevice.json.keys.p256dh,
        auth: guestDevice.json.keys.auth,
        expires_at: null,
        user_agent: null,
        created_at: now,
        updated_at: now,
      })
      .execute();

    // Not an alert priority yet: no push.
    await ingest(app, company.botToken);
    await app.push.idle();
    expect(received).toHaveLength(0);

    const priority = (
      await app.db.db
        .selectFrom('calls')
        .select('priority')
        .where('customer_id', '=', company.customerId)
        .executeTakeFirstOrThrow()
    ).priority;
    expect((await setAlertPriorities(company.owner, [priority])).status).toBe(200);
    expect((await setAlertPriorities(stranger.owner, [])).status).toBe(200);
    const callId = await ingest(app, company.botToken);
    await ingest(app, stranger.botToken);
    await app.push.idle();

    for (const device of [ownerDevice, operatorDevice]) {
      const pushes = pushesTo(device);
      expect(pushes).toHaveLength(1);
      expect(pushes[0]!.headers.urgency).toBe('high');
      expect(pushes[0]!.payload).toMatchObject({
        title: 'Urgent call from +4930123456',
        body: expect.stringContaining('Live bot'),
        url: `http://portal.test/viewcalllogs?call=${callId}`,
        tag: `call-${callId}`,
      });
    }
    expect(pushesTo(guestDevice)).toHaveLength(0);
    expect(pushesTo(strangerDevice)).toHaveLength(0);
  });
});

describe('the push service’s answers', () => {
  async function assignedPush() {
    const company = await liveCompany(app);
    const operator = await app.signIn('user', { customerId: company.customerId });
    const device = await subscribed(operator);
    const callId = await ingest(app, company.botToken);
    expect((await assign(company.owner, callId, operator.userId)).status).toBe(200);
    return { operator, device };
  }

  it('410 Gone deletes the subscription', async () => {
    answer = () => 410;
    const { operator, device } = await assignedPush();
    await app.push.idle();
    expect(pushesTo(device)).toHaveLength(1);
    expect((await mine(operator)).json.data).toHaveLength(0);
    expect(await app.db.db.selectFrom('push_deliveries').selectAll().execute()).toHaveLength(0);
  });

  it('404 deletes the subscription too', async () => {
    answer = () => 404;
    const { operator } = await assignedPush();
    await app.push.idle();
    expect((await mine(operator)).json.data).toHaveLength(0);
  });

  it('500 is tried again, and the push arrives once it is taken', async () => {
    answer = (_push, index) => (index === 0 ? 500 : 201);
    const { operator, device } = await assignedPush();
    await app.push.idle();
    const pushes = pushesTo(device);
    expect(pushes).toHaveLength(2);
    expect(pushes[1]!.payload).toEqual(pushes[0]!.payload);
    expect((await mine(operator)).json.data).toHaveLength(1);
    expect(await app.db.db.selectFrom('push_deliveries').selectAll().execute()).toHaveLength(0);
  });

  it('429 and 5xx are given up after the last retry; the subscription stays', async () => {
    answer = (_push, index) => (index === 0 ? 429 : 503);
    const { operator, device } = await assignedPush();
    await app.push.idle();
    // The first attempt and the two retries of this test's delays.
    expect(pushesTo(device)).toHaveLength(3);
    expect((await mine(operator)).json.data).toHaveLength(1);
    expect(await app.db.db.selectFrom('push_deliveries').selectAll().execute()).toHaveLength(0);
  });

  it('another 4xx is given up at once; the subscription stays', async () => {
    answer = () => 400;
    const { operator, device } = await assignedPush();
    await app.push.idle();
    expect(pushesTo(device)).toHaveLength(1);
    expect((await mine(operator)).json.data).toHaveLength(1);
    expect(await app.db.db.selectFrom('push_deliveries').selectAll().execute()).toHaveLength(0);
  });
});

describe('two processes', () => {
  it('never send one push twice: each claims its own', async () => {
    const company = await liveCompany(app);
    const devices: Browser[] = [];
    for (let i = 0; i < 6; i++)
      devices.push(await subscribed(await app.signIn('user', { customerId: company.customerId })));
    const callId = await ingest(app, company.botToken);
    expect((await setAlertPriorities(company.owner, [await priorityOf(callId)])).status).toBe(200);
    for (let i = 0; i < 5; i++) await ingest(app, company.botToken);
    // A second sender on the same database, as another process runs it.
    const other = createPushSender({
      db: app.db.db,
      vapid: await loadVapid(app.db.db, app.config.push, app.secrets),
      publicUrl: app.config.publicUrl,
      guard: { allowPrivate: true },
      timing: app.config.push,
      log: createLogger('silent'),
    });
    try {
      await Promise.all([app.push.idle(), other.idle()]);
    } finally {
      await other.close();
    }
    for (const device of devices) {
      const tags = pushesTo(device).map((push) => push.payload.tag);
      expect(tags).toHaveLength(5);
      expect(new Set(tags).size).toBe(5);
    }
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('processes of one deployment (PostgreSQL)', () => {
  it('all use the VAPID key the first one generated; one with another SECRETS_KEY still starts, and sends nothing', async () => {
    const key = fs.readFileSync(`${app.config.dataDir}/secrets.key`, 'utf8').trim();
    const same = await createTestApp({}, { DATABASE_URL: app.config.databaseUrl!, SECRETS_KEY: key });
    const other = await createTestApp({}, { DATABASE_URL: app.config.databaseUrl! });
    try {
      const expected = await vapidKey(await app.signIn('user'));
      for (const runtime of [same, other]) {
        const user = await runtime.signIn('user');
        const res = await runtime.request({ method: 'GET', url: '/api/v2/push/vapid-public-key', token: user.token });
        expect(res.json.meta.public_key).toBe(expected);
      }
      expect((await loadVapid(same.db.db, same.config.push, same.secrets)).signingKey).not.toBeNull();
      expect((await loadVapid(other.db.db, other.config.push, other.secrets)).signingKey).toBeNull();
    } finally {
      await same.stop();
      await other.stop();
    }
  });
});

describe('in production', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await createTestApp();
  });
  afterAll(async () => {
    await production?.stop();
  });

  it('takes only https endpoints, and none on a private network address', async () => {
    const user = await production.signIn('user');
    const good = browser().json;
    for (const endpoint of [
      good.endpoint,
      'https://10.0.0.8/send/1',
      'https://127.0.0.1/send/1',
      'https://[::1]/send/1',
    ]) {
      const res = await production.request({
        method: 'POST',
        url: '/api/v2/me/push-subscriptions',
        token: user.token,
        body: { data: { type: 'push-subscriptions', attributes: { ...good, endpoint } } },
      });
      expect(res.status, endpoint).toBe(422);
      expect(res.json.errors[0].code).toBe('pushEndpointInvalid');
    }
    const public_ = await production.request({
      method: 'POST',
      url: '/api/v2/me/push-subscriptions',
      token: user.token,
      body: {
        data: { type: 'push-subscriptions', attributes: { ...good, endpoint: 'https://push.example.com/send/1' } },
      },
    });
    expect(public_.status).toBe(201);
  });
});

describe('the VAPID settings', () => {
  it('are checked when read: both keys or neither, and a mailto: or https: contact (by default MAIL_FROM’s address)', () => {
    const keys = generateVapidKeys();
    expect(loadConfig({ DATA_DIR: '/tmp' }).push.vapidSubject).toBe('mailto:no-reply@localhost');
    expect(loadConfig({ DATA_DIR: '/tmp', MAIL_FROM: 'Team <team@example.com>' }).push.vapidSubject).toBe(
      'mailto:team@example.com',
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'push@example.com' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ VAPID_SUBJECT: 'https://portal.example.com' }).push.vapidSubject).toBe(
      'https://portal.example.com',
    );
  });

  it('given keys are used as they are, and a pair that does not belong together stops the start', async () => {
    const keys = generateVapidKeys();
    const given = await createTestApp({}, { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey });
    try {
      const user = await given.signIn('user');
      const res = await given.request({ method: 'GET', url: '/api/v2/push/vapid-public-key', token: user.token });
      expect(res.json.meta.public_key).toBe(keys.publicKey);
      expect(await given.db.db.selectFrom('push_vapid_keys').selectAll().execute()).toEqual([]);
    } finally {
      await given.stop();
    }
    const other = generateVapidKeys();
    await expect(
      createTestApp({}, { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: other.privateKey }),
    ).rejects.toThrow(/VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY/);
  });
});
