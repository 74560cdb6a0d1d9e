import http from 'node:http';
import twilio from 'twilio';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';

/** Twilio's Messages API stood in for by a loopback server: each test sets what it answers. */
type Answer = { status: number; body: unknown };
let answers: Answer[] = [];
const sent: URLSearchParams[] = [];
let twilioServer: http.Server;
let app: TestApp;
let admin: SignedIn;
let callId: number;
let sids = 0;

const AUTH_TOKEN = 'tw-auth-token';
const CALLBACK_URL = 'http://portal.test/api/v2/sms/status';

beforeAll(async () => {
  twilioServer = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      sent.push(new URLSearchParams(body));
      const answer = answers.shift() ?? { status: 201, body: { sid: `SM${++sids}`, status: 'queued' } };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => twilioServer.listen(0, '127.0.0.1', resolve));
  app = await createTestApp(
    {},
    {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM: '+4930999',
      TWILIO_API_BASE: `http://127.0.0.1:${(twilioServer.address() as { port: number }).port}`,
      SMS_RATE_PER_MINUTE: '1000',
      SMS_DAILY_CAP: '1000',
    },
  );
  admin = await app.signIn('admin');
  callId = await newCall(admin);
});
afterAll(async () => {
  await app?.stop();
  twilioServer?.close();
});
beforeEach(() => {
  answers = [];
});

async function newCall(owner: SignedIn): Promise<number> {
  const created = await app.request({
    method: 'POST',
    url: '/api/v2/vbot',
    token: owner.token,
    body: { data: { type: 'vbots', attributes: { bezeichnung: 'Empfang' } } },
  });
  const call = await app.request({
    method: 'POST',
    url: '/api/v2/bot/calls',
    token: created.json.meta.bot_token,
    headers: { 'idempotency-key': `call-${Math.random()}` },
    body: { caller_number: '+4917012345', response: [] },
  });
  return Number(call.json.data.id);
}

const sendSms = (token = admin.token, id = callId) =>
  app.request({
    method: 'POST',
    url: `/api/v2/calls/${id}/sms`,
    token,
    body: { data: { type: 'sms', attributes: { to: '+4917012345', message: 'Wir rufen zurück.' } } },
  });

/** Sends an SMS that Twilio accepts, and answers its id and Twilio's MessageSid. */
async function acceptedSms(): Promise<{ id: string; sid: string }> {
  const res = await sendSms();
  expect(res.status).toBe(201);
  const row = await app.db.db
    .selectFrom('sms_messages')
    .select('provider_id')
    .where('id', '=', Number(res.json.data.id))
    .executeTakeFirstOrThrow();
  return { id: res.json.data.id, sid: row.provider_id! };
}

/** A status callback as Twilio sends it, signed the way Twilio's own library computes the signature. */
function callback(params: Record<string, string>, options: { signature?: string | null; token?: string } = {}) {
  const form = {
    AccountSid: 'AC123',
    From: '+4930999',
    To: '+4917012345',
    ApiVersion: '2010-04-01',
    SmsSid: params.MessageSid ?? '',
    SmsStatus: params.MessageStatus ?? '',
    ...params,
  };
  const signature =
    options.signature === undefined
      ? twilio.getExpectedTwilioSignature(options.token ?? AUTH_TOKEN, CALLBACK_URL, form)
      : options.signature;
  return app.request({
    method: 'POST',
    url: '/api/v2/sms/status',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    rawBody: new URLSearchParams(form).toString(),
  });
}

/** The company's calls version, which the lists' ETags and the live streams follow. */
async function version(): Promise<number> {
  const row = await app.db.db
    .selectFrom('calls_version')
    .select('version')
    .where('customer_id', '=', admin.customerId!)
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

async function smsOf(id: string) {
  const list = await app.request({ method: 'GET', url: `/api/v2/calls/${callId}/sms`, token: admin.token });
  return list.json.data.find((sms: { id: string }) => sms.id === id).attributes;
}

describe('SMS refused by Twilio', () => {
  const cases: { answer: Answer; reason: string; code: number | null }[] = [
    {
      answer: {
        status: 400,
        body: {
          code: 21211,
          message: "The 'To' number +4917012345 is not a valid phone number.",
          more_info: 'https://www.twilio.com/docs/errors/21211',
          status: 400,
        },
      },
      reason: 'invalid_number',
      code: 21211,
    },
    {
      answer: {
        status: 400,
        body: { code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 },
      },
      reason: 'opted_out',
      code: 21610,
    },
    {
      answer: { status: 400, body: { code: 21612, message: 'The To phone number is not reachable', status: 400 } },
      reason: 'sender_cannot_reach',
      code: 21612,
    },
    {
      answer: { status: 401, body: { code: 20003, message: 'Authenticate', status: 401 } },
      reason: 'provider_credentials',
      code: 20003,
    },
    {
      answer: { status: 400, body: { code: 21999, message: 'Something new', status: 400 } },
      reason: 'other',
      code: 21999,
    },
  ];
  for (const { answer, reason, code } of cases) {
    it(`keeps Twilio's ${code} as fields and means "${reason}"`, async () => {
      answers = [answer];
      const res = await sendSms();
      expect(res.status).toBe(502);
      expect(res.json.errors[0].code).toBe('smsFailed');
      // The reason travels with the error, for the screens to say it in their language.
      expect(res.json.errors[0].meta).toEqual({ reason, provider_code: code });
      const rows = await app.request({ method: 'GET', url: `/api/v2/calls/${callId}/sms`, token: admin.token });
      const last = rows.json.data.at(-1).attributes;
      const body = answer.body as { message: string; more_info?: string };
      expect(last).toMatchObject({
        state: 'failed',
        error_code: code,
        error_message: body.message,
        error_more_info: body.more_info ?? null,
        error_reason: reason,
      });
      // The one-text error that older clients read stays.
      expect(last.error).toContain(`Twilio answered ${answer.status} (code ${code}`);
    });
  }

  it('says the provider is unavailable after the retries of 5xx, apart from a wrong number', async () => {
    answers = Array.from({ length: 4 }, () => ({
      status: 503,
      body: { code: 20503, message: 'Service Unavailable', status: 503 },
    }));
    expect((await sendSms()).status).toBe(502);
    const detail = await app.request({ method: 'GET', url: `/api/v2/calls/${callId}`, token: admin.token });
    expect(detail.json.data.attributes.sms.at(-1).attributes).toMatchObject({
      state: 'failed',
      error_code: 20503,
      error_reason: 'provider_unavailable',
    });
  }, 20_000);

  it('records an accepted SMS as Twilio reports it, and asks Twilio for delivery reports', async () => {
    sent.length = 0;
    const res = await sendSms();
    expect(res.status).toBe(201);
    expect(res.json.data.attributes).toMatchObject({
      state: 'queued',
      error: null,
      error_code: null,
      error_message: null,
      error_more_info: null,
      error_reason: null,
    });
    expect(sent[0]!.get('StatusCallback')).toBe(CALLBACK_URL);
  });
});

describe('Twilio status callbacks', () => {
  it('moves an SMS to delivered on a validly signed report, and tells the lists and streams', async () => {
    const { id, sid } = await acceptedSms();
    const events = async () =>
      (await app.db.db.selectFrom('call_events').select('id').where('call_id', '=', callId).execute()).length;
    const [versionBefore, eventsBefore] = [await version(), await events()];

    const sentReport = await callback({ MessageSid: sid, MessageStatus: 'sent' });
    expect(sentReport.status).toBe(204);
    expect((await smsOf(id)).state).toBe('sent');
    const delivered = await callback({ MessageSid: sid, MessageStatus: 'delivered' });
    expect(delivered.status).toBe(204);
    expect((await smsOf(id)).state).toBe('delivered');
    expect(await version()).toBe(versionBefore + 2);
    expect(await events()).toBe(eventsBefore + 2);
  });

  it('keeps the reason of an undelivered SMS as fields', async () => {
    const { id, sid } = await acceptedSms();
    expect((await callback({ MessageSid: sid, MessageStatus: 'undelivered', ErrorCode: '30003' })).status).toBe(204);
    expect(await smsOf(id)).toMatchObject({
      state: 'undelivered',
      error_code: 30003,
      error_message: null,
      error_more_info: 'https://www.twilio.com/docs/errors/30003',
      error_reason: 'unreachable',
      error: expect.stringContaining('code 30003'),
    });
    const { sid: other } = await acceptedSms();
    await callback({ MessageSid: other, MessageStatus: 'failed', ErrorCode: '30006' });
    const { sid: third } = await acceptedSms();
    await callback({ MessageSid: third, MessageStatus: 'undelivered', ErrorCode: '30007' });
    const rows = await app.db.db
      .selectFrom('sms_messages')
      .select(['provider_id', 'error_reason'])
      .where('provider_id', 'in', [other, third])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.error_reason)).toEqual(['landline', 'carrier_filtered']);
  });

  it('never moves an SMS backwards: a late sent or queued leaves delivered', async () => {
    const { id, sid } = await acceptedSms();
    await callback({ MessageSid: sid, MessageStatus: 'delivered' });
    for (const status of ['sent', 'queued', 'sending', 'undelivered', 'failed']) {
      expect((await callback({ MessageSid: sid, MessageStatus: status, ErrorCode: '30008' })).status).toBe(204);
    }
    expect(await smsOf(id)).toMatchObject({ state: 'delivered', error_code: null, error_reason: null });
  });

  it('refuses a missing or wrong signature with 403 and changes nothing', async () => {
    const { id, sid } = await acceptedSms();
    const missing = await callback({ MessageSid: sid, MessageStatus: 'delivered' }, { signature: null });
    expect(missing.status).toBe(403);
    const wrongToken = await callback({ MessageSid: sid, MessageStatus: 'delivered' }, { token: 'someone-else' });
    expect(wrongToken.status).toBe(403);
    const garbage = await callback({ MessageSid: sid, MessageStatus: 'delivered' }, { signature: 'not base64!' });
    expect(garbage.status).toBe(403);
    // A valid signature of other parameters does not cover changed ones.
    const signedForSent = twilio.getExpectedTwilioSignature(AUTH_TOKEN, CALLBACK_URL, {
      MessageSid: sid,
      MessageStatus: 'sent',
    });
    const tampered = await app.request({
      method: 'POST',
      url: '/api/v2/sms/status',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signedForSent },
      rawBody: new URLSearchParams({ MessageSid: sid, MessageStatus: 'delivered' }).toString(),
    });
    expect(tampered.status).toBe(403);
    expect((await smsOf(id)).state).toBe('queued');
  });

  it('answers 204 to an unknown MessageSid and to statuses it does not track, changing nothing', async () => {
    expect((await callback({ MessageSid: 'SMunknown', MessageStatus: 'delivered' })).status).toBe(204);
    const { id, sid } = await acceptedSms();
    expect((await callback({ MessageSid: sid, MessageStatus: 'receiving' })).status).toBe(204);
    expect((await smsOf(id)).state).toBe('queued');
  });

  it('refuses other media types and malformed reports', async () => {
    const json = await app.request({
      method: 'POST',
      url: '/api/v2/sms/status',
      body: { MessageSid: 'SM1', MessageStatus: 'delivered' },
    });
    expect(json.status).toBe(415);
    expect((await callback({ MessageSid: '', MessageStatus: 'delivered' })).status).toBe(422);
  });

  it('applies parallel reports in any order without going backwards', async () => {
    const sms = await Promise.all(Array.from({ length: 4 }, () => acceptedSms()));
    const before = await version();
    const reports = sms.flatMap(({ sid }) =>
      ['queued', 'sent', 'delivered', 'sent', 'queued', 'sent'].map((status) => ({
        MessageSid: sid,
        MessageStatus: status,
      })),
    );
    const results = await Promise.all(reports.map((report) => callback(report)));
    expect(results.every((res) => res.status === 204)).toBe(true);
    for (const { id } of sms) expect((await smsOf(id)).state).toBe('delivered');
    // Each SMS moved forward once or twice (sent, then delivered; or straight to delivered), never back and forth.
    const moves = (await version()) - before;
    expect(moves).toBeGreaterThanOrEqual(sms.length);
    expect(moves).toBeLessThanOrEqual(sms.length * 2);
  });
});

describe('SMS status callbacks without Twilio', () => {
  it('are refused when no auth token is configured', async () => {
    const plain = await createTestApp();
    try {
      const form = { MessageSid: 'SM1', MessageStatus: 'delivered' };
      const res = await plain.request({
        method: 'POST',
        url: '/api/v2/sms/status',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilio.getExpectedTwilioSignature('', CALLBACK_URL, form),
        },
        rawBody: new URLSearchParams(form).toString(),
      });
      expect(res.status).toBe(403);
    } finally {
      await plain.stop();
    }
  });
});

describe('the SMS of a call', () => {
  it('shows the delivery fields only to the company, and another company’s call answers 404', async () => {
    const other = await app.signIn('admin');
    expect((await sendSms(other.token)).status).toBe(404);
    const list = await app.request({ method: 'GET', url: `/api/v2/calls/${callId}/sms`, token: other.token });
    expect(list.status).toBe(404);
    const user = await app.signIn('user', { customerId: admin.customerId! });
    const own = await app.request({ method: 'GET', url: `/api/v2/calls/${callId}/sms`, token: user.token });
    expect(own.status).toBe(200);
    expect(own.json.data[0].attributes).toHaveProperty('error_reason');
  });
});
