import http from 'node:http';
import twilio from 'twilio';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';
import { newCallFrom } from '../../../test/calls-back';

/**
 * Click-to-call through Twilio: the Calls API request equals the one the official client makes (both sent to the
 * same loopback server), the TwiML equals twilio's VoiceResponse, and the signed status reports land on the attempt.
 */

type Received = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
let received: Received[] = [];
let answers: { status: number; body: unknown }[] = [];
let twilioServer: http.Server;
let twilioBase: string;
let app: TestApp;
let admin: SignedIn;
let operator: SignedIn;
let guest: SignedIn;
let otherAdmin: SignedIn;
let sids = 0;

const SID = 'AC123';
const AUTH_TOKEN = 'tw-auth-token';
const FROM = '+4930999';
const PUBLIC = 'http://portal.test';

beforeAll(async () => {
  twilioServer = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const answer = answers.shift() ?? { status: 201, body: { sid: `CA${++sids}`, status: 'queued' } };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => twilioServer.listen(0, '127.0.0.1', resolve));
  twilioBase = `http://127.0.0.1:${(twilioServer.address() as { port: number }).port}`;
  app = await createTestApp(
    {},
    {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM: FROM,
      TWILIO_API_BASE: twilioBase,
    },
  );
  admin = await app.signIn('admin');
  operator = await app.signIn('user', { customerId: admin.customerId! });
  guest = await app.signIn('guest', { customerId: admin.customerId! });
  otherAdmin = await app.signIn('admin');
  for (const user of [admin, operator, otherAdmin]) {
    await app.db.db.updateTable('users').set({ phone: '+4917099999' }).where('id', '=', user.userId).execute();
  }
});
afterAll(async () => {
  await app?.stop();
  twilioServer?.close();
});
beforeEach(() => {
  received = [];
  answers = [];
});

const newCall = (owner: SignedIn, caller?: string) => newCallFrom(app, owner, caller);

const dial = (id: string, token = admin.token) =>
  app.request({ method: 'POST', url: `/api/v2/calls/${id}/dial`, token });

/** A Twilio webhook, signed as Twilio's own library computes it over `signedUrl` (the URL by default). */
function webhook(path: string, form: Record<string, string>, options: { signedUrl?: string; signature?: string } = {}) {
  const signature =
    options.signature ?? twilio.getExpectedTwilioSignature(AUTH_TOKEN, options.signedUrl ?? `${PUBLIC}${path}`, form);
  return app.request({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    rawBody: new URLSearchParams(form).toString(),
  });
}

describe('click-to-call', () => {
  it('asks Twilio exactly as the official client does, then answers the attempt', async () => {
    const id = await newCall(admin);
    const res = await dial(id, operator.token);
    expect(res.status).toBe(201);
    const attemptId = res.json.data.id as string;
    expect(res.json.data.attributes).toMatchObject({ outcome: null, dial: { status: 'queued' } });
    expect(received).toHaveLength(1);
    const ours = received[0]!;

    // The official client, sent to the same server with the same options.
    const client = twilio(SID, AUTH_TOKEN);
    client.api.baseUrl = twilioBase;
    await client.calls.create({
      to: '+4917099999',
      from: FROM,
      url: `${PUBLIC}/api/v2/dial/${attemptId}/twiml`,
      method: 'POST',
      statusCallback: `${PUBLIC}/api/v2/dial/${attemptId}/status`,
      statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
      statusCallbackMethod: 'POST',
    });
    const official = received[1]!;
    expect(ours.method).toBe(official.method);
    expect(ours.url).toBe(official.url);
    expect(ours.body).toBe(official.body);
    for (const header of ['authorization', 'content-type', 'accept', 'accept-charset']) {
      expect(ours.headers[header]).toBe(official.headers[header]);
    }
  });

  it('serves TwiML that dials the caller from TWILIO_FROM, only to the Twilio call it started', async () => {
    const id = await newCall(admin, '+4917055555');
    const res = await dial(id);
    const attemptId = res.json.data.id as string;
    const sid = `CA${sids}`;
    const path = `/api/v2/dial/${attemptId}/twiml`;
    const twiml = await webhook(path, { CallSid: sid, AccountSid: SID, CallStatus: 'in-progress' });
    expect(twiml.status).toBe(200);
    expect(twiml.headers['content-type']).toMatch(/^text\/xml/);
    const expected = new twilio.twiml.VoiceResponse();
    expected.dial({ callerId: FROM }, '+4917055555');
    expect(twiml.body).toBe(expected.toString());
    // Another Twilio call (or none) learns nothing of the caller.
    const other = await webhook(path, { CallSid: 'CAother', AccountSid: SID });
    expect(other.body).toBe(new twilio.twiml.VoiceResponse().toString());
    // Unsigned or wrongly signed: refused.
    expect((await webhook(path, { CallSid: sid }, { signature: 'bm9wZQ==' })).status).toBe(403);
  });

  it('keeps the signed status reports on the attempt, signed with or without the default port', async () => {
    const id = await newCall(admin);
    const attemptId = (await dial(id)).json.data.id as string;
    const sid = `CA${sids}`;
    const path = `/api/v2/dial/${attemptId}/status`;
    const ringing = { CallSid: sid, CallStatus: 'ringing', AccountSid: SID };
    expect((await webhook(path, ringing, { signedUrl: `http://portal.test:80${path}` })).status).toBe(204);
    const completed = { CallSid: sid, CallStatus: 'completed', CallDuration: '42', AccountSid: SID };
    expect((await webhook(path, completed)).status).toBe(204);
    const call = await app.request({ method: 'GET', url: `/api/v2/calls/${id}`, token: admin.token });
    expect(call.json.data.attributes.attempts[0].attributes.dial).toMatchObject({
      status: 'completed',
      duration_s: 42,
    });
    // Twilio's validateRequest accepts the same requests.
    const url = `${PUBLIC}${path}`;
    const signature = twilio.getExpectedTwilioSignature(AUTH_TOKEN, `http://portal.test:80${path}`, ringing);
    expect(twilio.validateRequest(AUTH_TOKEN, signature, url, ringing)).toBe(true);
    // Another CallSid, a wrong signature, another port: refused or ignored.
    expect((await webhook(path, { ...completed, CallSid: 'CAother', CallDuration: '1' })).status).toBe(204);
    expect((await webhook(path, completed, { signedUrl: `http://portal.test:8080${path}` })).status).toBe(403);
    const again = await app.request({ method: 'GET', url: `/api/v2/calls/${id}`, token: admin.token });
    expect(again.json.data.attributes.attempts[0].attributes.dial.duration_s).toBe(42);
  });

  it('takes the outcome recorded next as the dialled attempt’s, not as another attempt', async () => {
    const id = await newCall(admin);
    const attemptId = (await dial(id, operator.token)).json.data.id as string;
    const recorded = await app.request({
      method: 'POST',
      url: `/api/v2/calls/${id}/attempts`,
      token: operator.token,
      body: { data: { type: 'call-attempts', attributes: { outcome: 'reached', note: 'Termin vereinbart' } } },
    });
    expect(recorded.status).toBe(201);
    expect(recorded.json.data).toMatchObject({
      id: attemptId,
      attributes: { outcome: 'reached', note: 'Termin vereinbart' },
    });
    // Someone else's outcome, or a second one, is an attempt of its own.
    await app.request({
      method: 'POST',
      url: `/api/v2/calls/${id}/attempts`,
      token: operator.token,
      body: { data: { type: 'call-attempts', attributes: { outcome: 'busy' } } },
    });
    const call = await app.request({ method: 'GET', url: `/api/v2/calls/${id}`, token: admin.token });
    expect(call.json.data.attributes.attempt_count).toBe(2);
    expect(
      call.json.data.attributes.attempts.map((a: { attributes: { outcome: string } }) => a.attributes.outcome),
    ).toEqual(['reached', 'busy']);
  });

  it('refuses guests, another company’s call, a user without a phone, and keeps nothing when Twilio refuses', async () => {
    const id = await newCall(admin);
    expect((await dial(id, guest.token)).status).toBe(403);
    expect((await dial(id, otherAdmin.token)).status).toBe(404);
    const withoutPhone = await app.signIn('user', { customerId: admin.customerId! });
    const missing = await dial(id, withoutPhone.token);
    expect(missing.status).toBe(422);
    expect(missing.json.errors[0].code).toBe('dialPhoneMissing');
    answers = [{ status: 400, body: { code: 21211, message: 'Invalid To number', status: 400 } }];
    const refused = await dial(id);
    expect(refused.status).toBe(502);
    expect(refused.json.errors[0]).toMatchObject({ code: 'dialFailed', meta: { reason: 'invalid_number' } });
    const call = await app.request({ method: 'GET', url: `/api/v2/calls/${id}`, token: admin.token });
    expect(call.json.data.attributes).toMatchObject({ attempt_count: 0, attempts: [] });
  });
});
