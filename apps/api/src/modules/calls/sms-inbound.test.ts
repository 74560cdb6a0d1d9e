import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';
import { newCallFrom } from '../../../test/calls-back';
import { MINUTE } from '../../db/time';
import { mailUnreadNotifications } from '../notifications';

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

const rowsOf = async (table: 'sms_messages' | 'notifications') =>
  Number(
    (await app.db.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst())!.n,
  );
const smsRows = () => rowsOf('sms_messages');

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

describe('the notification of a reply', () => {
  const notificationsOf = async (who: SignedIn) =>
    (await app.request({ method: 'GET', url: '/api/v2/notifications', token: who.token })).json.data.map(
      (n: { attributes: Record<string, unknown> }) => n.attributes,
    );
  const allNotifications = () => rowsOf('notifications');
  const assign = (who: SignedIn, id: string, assigneeId: number) =>
    app.request({
      method: 'PATCH',
      url: `/api/v2/calls/${id}`,
      token: who.token,
      body: { data: { type: 'calls', id, attributes: { assignee_id: assigneeId } } },
    });

  it('tells the call’s owner once: its assignee, else the user who sent the SMS, with a live event', async () => {
    const owner = await app.signIn('admin');
    const operator = await app.signIn('user', { customerId: owner.customerId! });
    const caller = freshNumber();
    const id = await newCall(owner, caller);
    expect((await sendSms(owner, id, caller)).status).toBe(201);
    // Twilio sends it twice: one notification.
    await inbound(caller, 'Bitte zurückrufen', { MessageSid: 'SMreplyonce' });
    await inbound(caller, 'Bitte zurückrufen', { MessageSid: 'SMreplyonce' });
    const reply = { kind: 'reply', call_id: Number(id), caller_number: caller, actor_name: null, read: false };
    expect(await notificationsOf(owner)).toEqual([expect.objectContaining(reply)]);
    expect(await notificationsOf(operator)).toEqual([]);
    const events = await app.db.db
      .selectFrom('call_events')
      .select('user_id')
      .where('customer_id', '=', owner.customerId!)
      .where('kind', '=', 'notification')
      .execute();
    expect(events).toEqual([{ user_id: owner.userId }]);

    // Given to the operator, the call is theirs: the next reply tells them, not the sender.
    expect((await assign(owner, id, operator.userId)).status).toBe(200);
    await inbound(caller, 'Noch da?');
    expect((await notificationsOf(operator)).map((n: { kind: string }) => n.kind)).toEqual(['reply', 'assigned']);
    expect(await notificationsOf(owner)).toHaveLength(1);
  });

  it('tells nobody of an opt-out word, nor of an SMS from a number nobody texted', async () => {
    const owner = await app.signIn('admin');
    const caller = freshNumber();
    const id = await newCall(owner, caller);
    expect((await sendSms(owner, id, caller)).status).toBe(201);
    const before = await allNotifications();
    for (const word of ['STOP', 'START', 'unsubscribe', 'YES']) await inbound(caller, word);
    await inbound(freshNumber(), 'Hallo?');
    expect(await allNotifications()).toBe(before);
    expect(await notificationsOf(owner)).toEqual([]);
  });

  it('is mailed when still unread 15 minutes later, in the owner’s language, without the SMS text', async () => {
    const owner = await app.signIn('admin');
    const operator = await app.signIn('user', { customerId: owner.customerId! });
    await app.db.db.updateTable('users').set({ language: 'de' }).where('id', '=', operator.userId).execute();
    const callers = [freshNumber(), freshNumber()];
    const [mine, theirs] = [await newCall(owner, callers[0]), await newCall(owner, callers[1])];
    await assign(owner, theirs!, operator.userId);
    for (const [i, id] of [mine!, theirs!].entries()) {
      expect((await sendSms(owner, id, callers[i]!)).status).toBe(201);
      await inbound(callers[i]!, 'Meine Kontonummer ist geheim');
    }
    const context = { publicUrl: 'http://portal.test', operatorSeed: app.config.operator };
    const now = Date.now();
    expect(await mailUnreadNotifications(app.db.db, context, new Date(now + 14 * MINUTE))).toBe(0);
    const later = new Date(now + 16 * MINUTE);
    expect(await mailUnreadNotifications(app.db.db, context, later)).toBeGreaterThanOrEqual(2);
    expect(await mailUnreadNotifications(app.db.db, context, later)).toBe(0);
    const outbox = (address: string) =>
      app.db.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', address).execute();
    const [english] = await outbox(owner.email);
    expect(english!.subject).toBe(`New SMS reply from ${callers[0]}`);
    expect(english!.text_body).toContain(`/viewcalllogs?call=${mine}`);
    // The operator's reply and assignment were due at once: one mail names both.
    const german = await outbox(operator.email);
    expect(german.map((mail) => mail.subject)).toEqual(['2 ungelesene Benachrichtigungen']);
    expect(german[0]!.text_body).toContain(
      `Neue SMS-Antwort von ${callers[1]}. http://portal.test/viewcalllogs?call=${theirs}&lang=de`,
    );
    for (const mail of [english!, ...german]) expect(`${mail.text_body}${mail.html_body}`).not.toContain('geheim');
  });
});
