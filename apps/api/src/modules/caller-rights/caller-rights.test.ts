import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';
import { startReceiver } from '../../../test/webhook-receiver';
import { deleteOldCalls } from '../calls';
import { maskNumber } from './caller-rights.service';

/** The caller whose data is asked for; its digits are looked for everywhere once it is erased. */
const NUMBER = '+4917098765432';
const DIGITS = '17098765432';
const OTHER = '+4930555111';

let app: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  app = await createTestApp({}, { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  receiver = await startReceiver();
});
afterAll(async () => {
  await app?.stop();
  await receiver?.close();
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, body?: unknown) =>
  app.request({ method, url: `/api/v2${url}`, token, body });
const caller = (number: string, rest = '') => `/callers/${encodeURIComponent(number)}${rest}`;

type Company = { admin: SignedIn; botToken: string; customerId: number };

async function company(): Promise<Company> {
  const admin = await app.signIn('admin');
  const created = await api('POST', '/vbot', admin.token, {
    data: { type: 'vbots', attributes: { bezeichnung: 'Empfang', category_terms: ['Sales'] } },
  });
  expect(created.status).toBe(201);
  return { admin, botToken: created.json.meta.bot_token as string, customerId: admin.customerId! };
}

let seq = 0;
async function ingest(c: Company, number: string, text = 'Bitte um Rückruf'): Promise<string> {
  const res = await app.request({
    method: 'POST',
    url: '/api/v2/bot/calls',
    token: c.botToken,
    headers: { 'idempotency-key': `rights-${++seq}` },
    body: {
      caller_number: number,
      selected_category: 'Sales',
      response: [{ action: 'UserRecognizedText', text: `${text} unter ${number}` }],
    },
  });
  expect(res.status, res.body).toBe(201);
  return res.json.data.id as string;
}

async function note(c: Company, callId: string, text: string) {
  const res = await api('POST', `/calls/${callId}/notes`, c.admin.token, {
    data: { type: 'notes', attributes: { text } },
  });
  expect(res.status, res.body).toBe(201);
}

async function sms(c: Company, callId: string, to: string) {
  const res = await api('POST', `/calls/${callId}/sms`, c.admin.token, {
    data: { type: 'sms', attributes: { to, message: 'Wir rufen zurück.' } },
  });
  expect(res.status, res.body).toBe(201);
}

/** What the counts of a company hold: monthly counts, the rollups and Insights of today. */
async function countsOf(c: Company) {
  const db = app.db.db;
  const today = new Date().toISOString().slice(0, 10);
  const [monthly, rollups, insights] = await Promise.all([
    db
      .selectFrom('monthly_call_counts')
      .select(['month', 'phonebot_id', 'count'])
      .where('customer_id', '=', c.customerId)
      .orderBy('month')
      .execute(),
    db
      .selectFrom('call_rollups')
      .select(['dim', 'hour', 'phonebot_id', 'value', 'calls'])
      .where('customer_id', '=', c.customerId)
      .orderBy('dim')
      .orderBy('hour')
      .orderBy('value')
      .orderBy('phonebot_id')
      .execute(),
    api('GET', `/analytics/calls?from=${today}&to=${today}&tz=UTC&split=category`, c.admin.token),
  ]);
  return {
    monthly: monthly.map((row) => ({ ...row, count: Number(row.count) })),
    rollups: rollups.map((row) => ({ ...row, calls: Number(row.calls) })),
    total: insights.json.meta.total as number,
    split: insights.json.data.map((d: { attributes: { split: unknown } }) => d.attributes.split),
    topCallers: insights.json.meta.top_callers as { number: string }[],
  };
}

/** Every table's live rows as text. */
async function everyRow(): Promise<Record<string, string>> {
  const tables = await (app.db.engine === 'sqlite'
    ? sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(app.db.db)
    : sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public'`.execute(app.db.db));
  const text: Record<string, string> = {};
  for (const { name } of tables.rows) {
    text[name] = JSON.stringify((await sql`select * from ${sql.table(name)}`.execute(app.db.db)).rows);
  }
  return text;
}

describe('caller data rights', () => {
  let a: Company;
  let b: Company;
  let user: SignedIn;
  let adminuser: SignedIn;
  let guest: SignedIn;
  let mine: string[];

  beforeAll(async () => {
    a = await company();
    b = await company();
    user = await app.signIn('user', { customerId: a.customerId });
    adminuser = await app.signIn('adminuser', { customerId: a.customerId });
    guest = await app.signIn('guest', { customerId: a.customerId });
    const hook = await api('POST', '/webhooks', a.admin.token, {
      data: { type: 'webhooks', attributes: { url: receiver.url, events: ['call.created', 'sms.sent'] } },
    });
    expect(hook.status, hook.body).toBe(201);
    mine = [await ingest(a, NUMBER, 'Erster Anruf'), await ingest(a, NUMBER), await ingest(a, NUMBER)];
    await ingest(a, OTHER);
    await ingest(b, NUMBER, 'Anruf bei B');
    await note(a, mine[0]!, 'Kunde möchte Angebot');
    await note(a, mine[1]!, 'Zweite Notiz');
    await sms(a, mine[0]!, NUMBER);
    const done = await api('PATCH', `/calls/${mine[2]}`, a.admin.token, {
      data: { type: 'calls', id: mine[2], attributes: { status: 'Completed' } },
    });
    expect(done.status).toBe(200);
  });

  it('counts what the company keeps of a number, for those who may export or erase it', async () => {
    for (const who of [a.admin, adminuser, user]) {
      const res = await api('GET', caller(NUMBER), who.token);
      expect(res.status).toBe(200);
      expect(res.json.data).toEqual({
        type: 'callers',
        id: NUMBER,
        attributes: { number: NUMBER, calls: 3, notes: 2, sms: 1 },
      });
    }
    expect((await api('GET', caller(NUMBER), guest.token)).status).toBe(403);
    expect((await api('GET', caller('+4900000000'), a.admin.token)).status).toBe(404);
  });

  it('exports every call, note and SMS of the number in the company, and nothing else', async () => {
    const res = await api('GET', caller(NUMBER, '/export'), user.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="caller-4917098765432.json"');
    expect(res.headers['cache-control']).toBe('no-store');
    const doc = res.json;
    expect(doc.meta).toMatchObject({ number: NUMBER, calls: 3, notes: 2, sms: 1 });
    expect(doc.data.map((call: { id: string }) => call.id).sort()).toEqual([...mine].sort());
    const first = doc.data.find((call: { id: string }) => call.id === mine[0]);
    expect(first.attributes.response[0].text).toBe(`Erster Anruf unter ${NUMBER}`);
    expect(first.attributes.notes.map((n: { attributes: { text: string } }) => n.attributes.text)).toEqual([
      'Kunde möchte Angebot',
    ]);
    expect(first.attributes.sms[0].attributes).toMatchObject({ to: NUMBER, message: 'Wir rufen zurück.' });
    expect(res.body).not.toContain(OTHER);
    expect(res.body).not.toContain('Anruf bei B');

    expect((await api('GET', caller(NUMBER, '/export'), guest.token)).status).toBe(403);
    const superToken = (await app.signIn('super')).token;
    expect((await api('GET', caller(NUMBER, '/export'), superToken)).status).toBe(403);
    // A company that keeps nothing of the number: 404, nothing of another company.
    const stranger = await app.signIn('admin');
    expect((await api('GET', caller(NUMBER, '/export'), stranger.token)).status).toBe(404);
    // The other company that has a call of the same number sees its own call only.
    const theirs = await api('GET', caller(NUMBER, '/export'), b.admin.token);
    expect(theirs.json.meta).toMatchObject({ calls: 1, notes: 0, sms: 0 });
  });

  it('erases them for admins only, in one go; the counts keep their numbers', async () => {
    const before = await countsOf(a);
    expect(before.total).toBe(4);
    expect(before.topCallers[0]).toMatchObject({ number: NUMBER, calls: 3 });

    const erase = (token: string) => api('DELETE', caller(NUMBER), token);
    expect((await erase(user.token)).status).toBe(403);
    expect((await erase(guest.token)).status).toBe(403);
    expect((await erase((await app.signIn('super')).token)).status).toBe(403);
    expect((await erase((await app.signIn('admin')).token)).status).toBe(404);
    expect((await api('GET', caller(NUMBER), a.admin.token)).json.data.attributes.calls).toBe(3);

    const erased = await erase(a.admin.token);
    expect(erased.status, erased.body).toBe(200);
    expect(erased.json.meta).toEqual({ calls: 3, notes: 2, sms: 1 });
    expect((await erase(adminuser.token)).status).toBe(404);

    const after = await countsOf(a);
    expect(after.monthly).toEqual(before.monthly);
    expect(after.rollups).toEqual(before.rollups);
    expect(after.total).toBe(before.total);
    expect(after.split).toEqual(before.split);
    expect(after.topCallers.map((t) => t.number)).not.toContain(NUMBER);

    const entry = await app.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'caller.erase')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      actor_user_id: a.admin.userId,
      customer_id: a.customerId,
      target: `caller:${maskNumber(NUMBER)}`,
    });
    expect(JSON.parse(entry.detail!)).toEqual({ calls: 3, notes: 2, sms: 1 });
    expect(entry.target).not.toContain(DIGITS.slice(2, 9));
  });

  it('leaves nothing of the number in lists, search, exports, the timeline or the database', async () => {
    const token = a.admin.token;
    const q = encodeURIComponent(NUMBER);
    for (const url of [
      `/calls?search=${q}`,
      `/callsview?search=${q}`,
      `/completed?search=${q}`,
      `/calls?caller=${q}`,
    ]) {
      const res = await api('GET', url, token);
      expect(res.status, url).toBe(200);
      expect(res.json.meta.total, url).toBe(0);
    }
    const all = await api('GET', '/calls?page[size]=all', token);
    expect(all.json.data).toHaveLength(1);
    expect(all.body).not.toContain(DIGITS);
    const timeline = await api('GET', caller(NUMBER, '/calls'), token);
    expect(timeline.json.data).toEqual([]);
    expect((await api('GET', caller(NUMBER, '/export'), token)).status).toBe(404);
    for (const id of mine) expect((await api('GET', `/calls/${id}`, token)).status).toBe(404);
    const csv = await app.app.inject({
      method: 'GET',
      url: '/api/v2/calls/export?view=all',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(OTHER);
    expect(csv.body).not.toContain(DIGITS);

    // The other company's call of the same number is untouched, until it erases it too.
    expect((await api('GET', caller(NUMBER), b.admin.token)).json.data.attributes.calls).toBe(1);
    expect((await api('DELETE', caller(NUMBER), b.admin.token)).json.meta).toEqual({ calls: 1, notes: 0, sms: 0 });

    await app.webhooks.idle();
    const rows = await everyRow();
    for (const [table, text] of Object.entries(rows)) expect(text, table).not.toContain(DIGITS);
    expect(rows.calls).toContain(OTHER.slice(1));
    if (app.db.engine === 'sqlite') {
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(app.db.db);
      for (const file of fs.readdirSync(app.config.dataDir).filter((f) => f.startsWith('phonebot.sqlite'))) {
        const bytes = fs.readFileSync(path.join(app.config.dataDir, file)).toString('latin1');
        expect(bytes, file).not.toContain(DIGITS);
      }
    }
  });

  it('five erasures of one number at once: one erases, the others find nothing; counted once', async () => {
    const c = await company();
    const admins = [c.admin];
    for (let i = 0; i < 4; i++) admins.push(await app.signIn('adminuser', { customerId: c.customerId }));
    for (let i = 0; i < 5; i++) await ingest(c, '+4940123123');
    const answers = await Promise.all(admins.map((who) => api('DELETE', caller('+4940123123'), who.token)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404, 404, 404, 404]);
    expect(answers.find((r) => r.status === 200)!.json.meta).toEqual({ calls: 5, notes: 0, sms: 0 });
    const entries = await app.db.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'caller.erase')
      .where('customer_id', '=', c.customerId)
      .execute();
    expect(entries.map((e) => JSON.parse(e.detail!))).toEqual([{ calls: 5, notes: 0, sms: 0 }]);
    const monthly = await app.db.db
      .selectFrom('monthly_call_counts')
      .select('count')
      .where('customer_id', '=', c.customerId)
      .executeTakeFirstOrThrow();
    expect(Number(monthly.count)).toBe(5);
  });

  it('erases a number whose calls retention deleted from the repeat-caller counts that still hold it', async () => {
    const c = await company();
    const gone = '+4940999888';
    const id = await ingest(c, gone);
    // The call grows old and the retention job deletes it; the counts keep the number.
    await app.db.db
      .updateTable('calls')
      .set({ created_at: new Date(Date.now() - 400 * 86400_000).toISOString() })
      .where('id', '=', Number(id))
      .execute();
    expect(await deleteOldCalls(app.db.db, 365)).toBeGreaterThanOrEqual(1);
    expect((await api('GET', `/calls/${id}`, c.admin.token)).status).toBe(404);
    const kept = await api('GET', caller(gone), c.admin.token);
    expect(kept.status).toBe(200);
    expect(kept.json.data.attributes).toMatchObject({ calls: 0, notes: 0, sms: 0 });
    // Another company learns nothing of it.
    expect((await api('GET', caller(gone), b.admin.token)).status).toBe(404);
    expect((await api('DELETE', caller(gone), b.admin.token)).status).toBe(404);

    const erased = await api('DELETE', caller(gone), c.admin.token);
    expect(erased.status, erased.body).toBe(200);
    expect(erased.json.meta).toEqual({ calls: 0, notes: 0, sms: 0 });
    expect((await api('GET', caller(gone), c.admin.token)).status).toBe(404);
    expect((await api('DELETE', caller(gone), c.admin.token)).status).toBe(404);
    const rows = await everyRow();
    for (const [table, text] of Object.entries(rows)) expect(text, table).not.toContain(gone.slice(1));
  });

  it('answers 404 to a number that is no valid path value', async () => {
    expect((await api('DELETE', '/callers/%00', a.admin.token)).status).toBe(404);
    expect((await api('GET', `/callers/${'9'.repeat(300)}/export`, a.admin.token)).status).toBe(404);
  });
});
