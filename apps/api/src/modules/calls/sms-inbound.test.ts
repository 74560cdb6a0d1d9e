import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';
import { newCallFrom } from '../../../test/calls-back';

/** SMS replies through Twilio's messaging webhook, and the opt-out words. */

let app: TestApp;
let admin: SignedIn;
let otherAdmin: SignedIn;
let numbers = 0;

const AUTH_TOKEN = 'tw-auth-token';
const PATH = '/api/v2/sms/inbound';
const URL = `http://portal.test${PATH}`;
const EMPTY = new twilio.twiml.MessagingResponse().toString();

beforeAll(async () => {
  app = await createTestApp(
    {},
    {
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM: '+4930999',
      SMS_DAILY_CAP: '1000',
      SMS_RATE_PER_MINUTE: '1000',
    },
  );
  admin = await app.signIn('admin');
  otherAdmin = await app.signIn('admin');
});
afterAll(async () => {
  await app?.stop();
});

const freshNumber = () => `+49170${String(5_000_000 + ++numbers)}`;

const newCall = (owner: SignedIn, caller?: string) => newCallFrom(app, owner, caller);

const sendSms = (owner: SignedIn, id: string, to: string) =>
  app.request({
    method: 'POST',
    url: `/api/v2/calls/${id}/sms`,
    token: owner.token,
    body: { data: { type: 'sms', attributes: { to, message: 'Wir rufen zurück.' } } },
  });

/** An SMS to the company's number as Twilio posts it, signed as Twilio's own library signs it. */
function inbound(from: string, body: string, extra: Record<string, string> = {}, signature?: string) {
  const form = {
    MessageSid: `SM${Math.random().toString(16).slice(2)}`,
    AccountSid: 'AC123',
    From: from,
    To: '+4930999',
    Body: body,
    NumMedia: '0',
    ...extra,
  };
  return app.request({
    method: 'POST',
    url: PATH,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signature ?? twilio.getExpectedTwilioSignature(AUTH_TOKEN, URL, form),
    },
    rawBody: new URLSearchParams(form).toString(),
  });
}

const detail = async (owner: SignedIn, id: string) =>
  (await app.request({ method: 'GET', url: `/api/v2/calls/${id}`, token: owner.token })).json.data.attributes;

async function listRow(owner: SignedIn, id: string) {
  const list = await app.request({ method: 'GET', url: '/api/v2/calls?filter[view]=all', token: owner.token });
  return list.json.data.find((row: { id: string }) => row.id === id).attributes;
}

const smsRows = async () =>
  Number(
    (await app.db.db
      .selectFrom('sms_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst())!.n,
  );

describe('SMS replies', () => {
  it('answers a number nobody texted with empty TwiML and stores nothing', async () => {
    const before = await smsRows();
    const res = await inbound(freshNumber(), 'Hallo?');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect(res.body).toBe(EMPTY);
    expect(await smsRows()).toBe(before);
  });

  it('adds the reply to the latest call of the number, flags it unread and reopens a completed call', async () => {
    const caller = freshNumber();
    const older = await newCall(admin, caller);
    expect((await sendSms(admin, older, caller)).status).toBe(201);
    const latest = await newCall(admin, caller);
    await app.request({
      method: 'PATCH',
      url: `/api/v2/updateCallStatusCompleted/${latest}`,
      token: admin.token,
    });
    const res = await inbound(caller, 'Bitte morgen anrufen');
    expect(res.body).toBe(EMPTY);
    const row = await listRow(admin, latest);
    expect(row).toMatchObject({ unread_reply: true, status: 'In Progress', completed_at: null });
    expect((await listRow(admin, older)).unread_reply).toBe(false);
    // Reading the call reads the reply: this answer still says so, the next does not.
    const first = await detail(admin, latest);
    expect(first.unread_reply).toBe(true);
    expect(first.sms).toEqual([
      expect.objectContaining({
        attributes: expect.objectContaining({ direction: 'inbound', from: caller, message: 'Bitte morgen anrufen' }),
      }),
    ]);
    expect((await detail(admin, latest)).unread_reply).toBe(false);
    expect((await listRow(admin, latest)).unread_reply).toBe(false);
  });

  it('belongs to the company that texted the number last; on a tie, the later SMS', async () => {
    const caller = freshNumber();
    const callA = await newCall(admin, caller);
    const callB = await newCall(otherAdmin, caller);
    expect((await sendSms(admin, callA, caller)).status).toBe(201);
    expect((await sendSms(otherAdmin, callB, caller)).status).toBe(201);
    await inbound(caller, 'Wer war das?');
    expect((await listRow(otherAdmin, callB)).unread_reply).toBe(true);
    expect((await listRow(admin, callA)).unread_reply).toBe(false);
    // Both SMS at the same moment: the later one (B's, by id) still wins; then A texts again and wins.
    await app.db.db
      .updateTable('sms_messages')
      .set({ created_at: '2026-01-01T00:00:00.000Z' })
      .where('to_number', '=', caller)
      .execute();
    await detail(otherAdmin, callB);
    await inbound(caller, 'Noch einmal');
    expect((await listRow(otherAdmin, callB)).unread_reply).toBe(true);
    expect((await listRow(admin, callA)).unread_reply).toBe(false);
    expect((await sendSms(admin, callA, caller)).status).toBe(201);
    await inbound(caller, 'Und jetzt?');
    expect((await listRow(admin, callA)).unread_reply).toBe(true);
  });

  it('stores a reply Twilio sends twice once', async () => {
    const caller = freshNumber();
    const id = await newCall(admin, caller);
    await sendSms(admin, id, caller);
    await inbound(caller, 'Doppelt', { MessageSid: 'SMtwice' });
    await inbound(caller, 'Doppelt', { MessageSid: 'SMtwice' });
    const inboundSms = (await detail(admin, id)).sms.filter(
      (sms: { attributes: { direction: string } }) => sms.attributes.direction === 'inbound',
    );
    expect(inboundSms).toHaveLength(1);
  });

  it('refuses an unsigned or wrongly signed webhook, and one that is not a form', async () => {
    const caller = freshNumber();
    const id = await newCall(admin, caller);
    await sendSms(admin, id, caller);
    expect((await inbound(caller, 'Hallo', {}, 'd3Jvbmc=')).status).toBe(403);
    const notForm = await app.request({ method: 'POST', url: PATH, body: { From: caller, Body: 'x' } });
    expect(notForm.status).toBe(415);
    expect((await listRow(admin, id)).unread_reply).toBe(false);
  });
});

describe('opt-out words', () => {
  it('stop the company’s SMS to the number (422 smsOptedOut) until START; other companies are not stopped', async () => {
    const caller = freshNumber();
    const id = await newCall(admin, caller);
    const other = await newCall(otherAdmin, caller);
    expect((await sendSms(admin, id, caller)).status).toBe(201);
    await app.request({ method: 'PATCH', url: `/api/v2/updateCallStatusCompleted/${id}`, token: admin.token });
    await inbound(caller, ' stop ');
    // An opt-out word reopens nothing.
    expect((await listRow(admin, id)).status).toBe('Completed');
    const refused = await sendSms(admin, id, caller);
    expect(refused.status).toBe(422);
    expect(refused.json.errors[0].code).toBe('smsOptedOut');
    expect((await sendSms(otherAdmin, other, caller)).status).toBe(201);
    // The other company texted last: its START does not free the first company's SMS.
    await inbound(caller, 'START');
    expect((await sendSms(admin, id, caller)).status).toBe(422);
    await app.db.db.deleteFrom('sms_messages').where('customer_id', '=', otherAdmin.customerId!).execute();
    await inbound(caller, 'Unstop');
    expect((await sendSms(admin, id, caller)).status).toBe(201);
    for (const word of ['STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']) {
      await inbound(caller, word);
      expect((await sendSms(admin, id, caller)).status).toBe(422);
      await inbound(caller, 'YES');
      expect((await sendSms(admin, id, caller)).status).toBe(201);
    }
  });
});
