import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';
import { TEST_ENGINE } from '../../../test/db';
import { ingest, listen, liveCompany, type LiveCompany } from '../../../test/live';
import { openStream } from '../../../test/sse';
import { MINUTE } from '../../db/time';
import { mailUnreadNotifications } from './notification-mail';

let app: TestApp;
let base: string;
beforeAll(async () => {
  app = await createTestApp();
  base = await listen(app);
});
afterAll(async () => {
  await app?.stop();
});

const list = async (who: SignedIn, query = '') =>
  app.request({ method: 'GET', url: `/api/v2/notifications${query}`, token: who.token });

const assign = (who: SignedIn, callId: string, assigneeId: number | null) =>
  app.request({
    method: 'PATCH',
    url: `/api/v2/calls/${callId}`,
    token: who.token,
    body: { data: { type: 'calls', id: callId, attributes: { assignee_id: assigneeId } } },
  });

const note = (who: SignedIn, callId: string, text: string) =>
  app.request({
    method: 'POST',
    url: `/api/v2/calls/${callId}/notes`,
    token: who.token,
    body: { data: { type: 'notes', attributes: { text } } },
  });

const markRead = (who: SignedIn, id: string, read: unknown = true) =>
  app.request({
    method: 'PATCH',
    url: `/api/v2/notifications/${id}`,
    token: who.token,
    body: { data: { type: 'notifications', id, attributes: { read } } },
  });

async function team(): Promise<{ company: LiveCompany; operator: SignedIn; colleague: SignedIn; guest: SignedIn }> {
  const company = await liveCompany(app);
  const operator = await app.signIn('user', { customerId: company.customerId });
  const colleague = await app.signIn('adminuser', { customerId: company.customerId });
  const guest = await app.signIn('guest', { customerId: company.customerId });
  return { company, operator, colleague, guest };
}

describe('notifications of an assignment', () => {
  it('tell the user a call was given to, with who and which call, newest first, and count the unread', async () => {
    const { company, operator } = await team();
    const first = await ingest(app, company.botToken);
    const second = await ingest(app, company.botToken);
    expect((await assign(company.owner, first, operator.userId)).status).toBe(200);
    const bulk = await app.request({
      method: 'PATCH',
      url: '/api/v2/updateBulkAssignee',
      token: company.owner.token,
      body: { calls: [{ id: Number(second) }, { id: Number(first) }], assignee_id: operator.userId },
    });
    expect(bulk.status).toBe(200);

    const res = await list(operator);
    expect(res.status).toBe(200);
    // The bulk change told of the call the operator did not hold yet only.
    expect(res.json.data.map((n: { attributes: { call_id: number } }) => n.attributes.call_id)).toEqual([
      Number(second),
      Number(first),
    ]);
    expect(res.json.data[0].attributes).toMatchObject({
      kind: 'assigned',
      caller_number: '+4930123456',
      actor_name: expect.any(String),
      read: false,
      read_at: null,
    });
    expect(res.json.meta).toMatchObject({ total: 2, unread: 2, page: 1 });
    // The admin who assigned has none.
    expect((await list(company.owner)).json.meta.total).toBe(0);
  });

  it('tell nobody of a call taken by oneself, released, or given again to its holder', async () => {
    const { company, operator } = await team();
    const call = await ingest(app, company.botToken);
    expect((await assign(operator, call, operator.userId)).status).toBe(200);
    expect((await assign(company.owner, call, operator.userId)).status).toBe(200);
    expect((await assign(company.owner, call, null)).status).toBe(200);
    expect((await list(operator)).json.meta.total).toBe(0);
  });

  it('are paged like other lists', async () => {
    const { company, operator } = await team();
    for (let i = 0; i < 3; i++) await assign(company.owner, await ingest(app, company.botToken), operator.userId);
    const page = await list(operator, '?page[size]=2&page[number]=2');
    expect(page.status).toBe(200);
    expect(page.json.data).toHaveLength(1);
    expect(page.json.meta).toMatchObject({ total: 3, unread: 3, page: 2, per_page: 2 });
    expect((await list(operator, '?page[size]=0')).status).toBe(400);
  });
});

describe('notifications of a note', () => {
  it('tell the users a note names by name or address, never its writer, and only of the same company', async () => {
    const { company, operator, colleague, guest } = await team();
    const stranger = await app.signIn('user');
    await app.db.db.updateTable('users').set({ name: 'Jörg Müller' }).where('id', '=', colleague.userId).execute();
    const localPart = operator.email.split('@')[0]!;
    const strangerPart = stranger.email.split('@')[0]!;
    const call = await ingest(app, company.botToken);
    const text = `@jörg müller and @${localPart}, please; @${strangerPart} and @${company.owner.email.split('@')[0]} too`;
    expect((await note(company.owner, call, text)).status).toBe(201);
    for (const named of [operator, colleague]) {
      const res = await list(named);
      expect(res.json.data).toHaveLength(1);
      expect(res.json.data[0].attributes).toMatchObject({ kind: 'mentioned', call_id: Number(call) });
    }
    expect((await list(stranger)).json.meta.total).toBe(0);
    expect((await list(company.owner)).json.meta.total).toBe(0);
    expect((await list(guest)).json.meta.total).toBe(0);

    // A guest reads the calls, so a note may name one; an inactive user is named in vain.
    await app.db.db.updateTable('users').set({ status: 'Inactive' }).where('id', '=', colleague.userId).execute();
    await note(operator, call, `@${guest.email.split('@')[0]} @Jörg Müller`);
    expect((await list(guest)).json.meta.total).toBe(1);
    const colleagueRows = await app.db.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', colleague.userId)
      .execute();
    expect(colleagueRows).toHaveLength(1);
  });

  it('are not made when the note is refused', async () => {
    const { company, operator } = await team();
    const call = await ingest(app, company.botToken);
    expect((await note(company.owner, call, ' ')).status).toBe(422);
    expect((await note(company.owner, '999999999', `@${operator.email.split('@')[0]}`)).status).toBe(404);
    expect((await list(operator)).json.meta.total).toBe(0);
  });
});

describe('reading notifications', () => {
  it('marks one read or unread, and all read; the unread count follows', async () => {
    const { company, operator } = await team();
    for (let i = 0; i < 3; i++) await assign(company.owner, await ingest(app, company.botToken), operator.userId);
    const [a] = (await list(operator)).json.data;
    const read = await markRead(operator, a.id);
    expect(read.status).toBe(200);
    expect(read.json.data.attributes).toMatchObject({ read: true, read_at: expect.any(String) });
    expect((await list(operator)).json.meta.unread).toBe(2);
    const unread = await markRead(operator, a.id, false);
    expect(unread.json.data.attributes).toMatchObject({ read: false, read_at: null });

    const all = await app.request({ method: 'POST', url: '/api/v2/notifications/read-all', token: operator.token });
    expect(all.status).toBe(200);
    expect(all.json.meta).toEqual({ updated: 3, unread: 0 });
    const again = await app.request({ method: 'POST', url: '/api/v2/notifications/read-all', token: operator.token });
    expect(again.json.meta).toEqual({ updated: 0, unread: 0 });
  });

  it('answers 404 for anyone else’s notification, of the same company or another, and changes nothing', async () => {
    const { company, operator, colleague, guest } = await team();
    await assign(company.owner, await ingest(app, company.botToken), operator.userId);
    const [mine] = (await list(operator)).json.data;
    const other = await app.signIn('admin');
    for (const who of [colleague, guest, company.owner, other]) {
      expect((await markRead(who, mine.id)).status).toBe(404);
    }
    expect((await markRead(operator, '999999999')).status).toBe(404);
    expect((await list(operator)).json.meta.unread).toBe(1);
    // Marking all read of another user leaves this one's alone.
    await app.request({ method: 'POST', url: '/api/v2/notifications/read-all', token: colleague.token });
    expect((await list(operator)).json.meta.unread).toBe(1);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const { company, operator } = await team();
    await assign(company.owner, await ingest(app, company.botToken), operator.userId);
    const [mine] = (await list(operator)).json.data;
    expect((await markRead(operator, mine.id, 'yes')).status).toBe(422);
    // A path id that is no number names nothing.
    expect((await markRead(operator, 'abc')).status).toBe(404);
    const wrongType = await app.request({
      method: 'PATCH',
      url: `/api/v2/notifications/${mine.id}`,
      token: operator.token,
      body: { data: { type: 'calls', id: mine.id, attributes: { read: true } } },
    });
    expect(wrongType.status).toBe(409);
    expect((await list(operator)).json.meta.unread).toBe(1);
  });

  it('is refused to the super (no company) and to API keys', async () => {
    const superAdmin = await app.signIn('super');
    expect((await list(superAdmin)).status).toBe(403);
    const { company } = await team();
    const key = await app.request({
      method: 'POST',
      url: '/api/v2/api-keys',
      token: company.owner.token,
      body: { data: { type: 'api-keys', attributes: { name: 'Key', scopes: ['calls:read', 'calls:write'] } } },
    });
    const token = key.json.data.attributes.token as string;
    expect((await app.request({ method: 'GET', url: '/api/v2/notifications', token })).status).toBe(403);
  });
});

describe('the live event of a notification', () => {
  it('reaches the addressee’s streams only', async () => {
    const { company, operator, colleague } = await team();
    const call = await ingest(app, company.botToken);
    const mine = await openStream(base, { token: operator.token });
    const theirs = await openStream(base, { token: colleague.token });
    try {
      await assign(company.owner, call, operator.userId);
      await mine.waitFor((events) => events.some((e) => e.event === 'notification.created'));
      await theirs.waitFor((events) => events.some((e) => e.event === 'call.updated'));
      const [created] = (await list(operator)).json.data;
      const event = mine.events.find((e) => e.event === 'notification.created')!;
      expect(JSON.parse(event.data)).toEqual({ type: 'notifications', id: created.id });
      expect(theirs.events.filter((e) => e.event === 'notification.created')).toEqual([]);
      // A replay from before it skips it for the others too.
      const replay = await openStream(base, { token: colleague.token, lastEventId: '0' });
      try {
        await replay.waitFor((events) => events.some((e) => e.event === 'call.updated'));
        expect(replay.events.filter((e) => e.event === 'notification.created')).toEqual([]);
      } finally {
        replay.close();
      }
    } finally {
      mine.close();
      theirs.close();
    }
  });
});

describe('the mail of an unread notification', () => {
  const context = () => ({ publicUrl: 'http://portal.test', operatorSeed: app.config.operator });
  const outboxFor = (address: string) =>
    app.db.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', address).execute();

  it('goes out once, in the user’s language, 15 minutes after an unread notification was made', async () => {
    const { company, operator, colleague } = await team();
    await app.db.db.updateTable('users').set({ language: 'de' }).where('id', '=', operator.userId).execute();
    const call = await ingest(app, company.botToken);
    await assign(company.owner, call, operator.userId);
    await note(company.owner, call, `@${colleague.email.split('@')[0]} bitte`);
    const now = new Date();
    expect(await mailUnreadNotifications(app.db.db, context(), new Date(now.getTime() + 14 * MINUTE))).toBe(0);
    // The colleague read theirs in time: no mail.
    const [theirs] = (await list(colleague)).json.data;
    await markRead(colleague, theirs.id);
    const later = new Date(now.getTime() + 16 * MINUTE);
    // (The other tests' unread notifications are mailed in the same run.)
    expect(await mailUnreadNotifications(app.db.db, context(), later)).toBeGreaterThanOrEqual(1);
    expect(await mailUnreadNotifications(app.db.db, context(), later)).toBe(0);
    const mails = await outboxFor(operator.email);
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/hat Ihnen einen Anruf zugewiesen$/)]);
    expect(mails[0]!.text_body).toContain(`/viewcalllogs?call=${call}&lang=de`);
    expect(await outboxFor(colleague.email)).toEqual([]);
  });

  it('tells a user of several calls given at once in one mail that lists them', async () => {
    const { company, operator } = await team();
    const calls = [];
    for (let i = 0; i < 3; i++) calls.push(await ingest(app, company.botToken));
    for (const call of calls) expect((await assign(company.owner, call, operator.userId)).status).toBe(200);
    // (The other tests' unread notifications are mailed in the same run.)
    expect(await mailUnreadNotifications(app.db.db, context(), new Date(Date.now() + 16 * MINUTE))).toBeGreaterThan(2);
    const mails = await outboxFor(operator.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['3 notifications you have not read']);
    expect(mails[0]!.text_body!.match(/assigned you the call from \+4930123456\./g)).toHaveLength(3);
    expect(mails[0]!.text_body).toContain('/viewcalllogs?lang=en');
    // The bell still lists each call.
    expect((await list(operator)).json.data).toHaveLength(3);
  });

  it.runIf(TEST_ENGINE === 'postgres')(
    'goes out once when two runtimes on one database run the job at once',
    async () => {
      const second = await createTestApp({}, { DATABASE_URL: app.config.databaseUrl! });
      try {
        const { company, operator } = await team();
        for (let i = 0; i < 4; i++) await assign(company.owner, await ingest(app, company.botToken), operator.userId);
        const later = new Date(Date.now() + 16 * MINUTE);
        const runs = await Promise.all(
          [app, second, app, second].map((runtime) => mailUnreadNotifications(runtime.db.db, context(), later)),
        );
        expect(runs.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(4);
        // Each notification in exactly one mail: a run that claimed several mails them together.
        const mails = await outboxFor(operator.email);
        const told = mails.map((mail) => Number(/^(\d+) notifications/.exec(mail.subject)?.[1] ?? 1));
        expect(told.reduce((sum, n) => sum + n, 0)).toBe(4);
        const rows = await app.db.db
          .selectFrom('notifications')
          .select('mailed_at')
          .where('user_id', '=', operator.userId)
          .execute();
        expect(rows.every((row) => row.mailed_at !== null)).toBe(true);
      } finally {
        await second.stop();
      }
    },
  );
});
