import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/app';
import { TEST_ENGINE } from '../../../test/db';
import { ingest, liveCompany } from '../../../test/live';
import { DAY, MINUTE } from '../../db/time';
import { mailUntakenUrgentCalls } from './urgent-mail.service';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const settings = (attributes: Record<string, unknown>) => ({ data: { type: 'urgent-mail', attributes } });

/** A call of the company, moved back in time and given a priority and status as the test needs. */
async function callOf(
  botToken: string,
  shape: { priority: string; minutesAgo: number; status?: string; caller?: string },
): Promise<number> {
  const id = Number(await ingest(app, botToken));
  const at = new Date(Date.now() - shape.minutesAgo * MINUTE).toISOString();
  await app.db.db
    .updateTable('calls')
    .set({
      priority: shape.priority,
      status: shape.status ?? 'New',
      created_at: at,
      ...(shape.caller ? { caller_number: shape.caller } : {}),
    })
    .where('id', '=', id)
    .execute();
  return id;
}

const outboxFor = (addresses: string[]) =>
  app.db.db.selectFrom('mail_outbox').selectAll().where('to_address', 'in', addresses).execute();

const mailedAt = async (id: number) =>
  (await app.db.db.selectFrom('calls').select('urgent_mail_at').where('id', '=', id).executeTakeFirstOrThrow())
    .urgent_mail_at;

describe('urgent-call e-mail setting', () => {
  it('is off for a new company and changed by admin and adminuser', async () => {
    const admin = await app.signIn('admin');
    const read = await app.request({ method: 'GET', url: '/api/v2/urgent-mail', token: admin.token });
    expect(read.status).toBe(200);
    expect(read.json.data).toEqual({
      type: 'urgent-mail',
      id: String(admin.customerId),
      attributes: { priorities: [], after_minutes: 15 },
    });

    const adminuser = await app.signIn('adminuser', { customerId: admin.customerId! });
    const saved = await app.request({
      method: 'PATCH',
      url: '/api/v2/urgent-mail',
      token: adminuser.token,
      body: settings({ priorities: ['Transferred', 'Important Callback'], after_minutes: 10 }),
    });
    expect(saved.status).toBe(200);
    // Answered in the priorities' own order.
    expect(saved.json.data.attributes).toEqual({
      priorities: ['Important Callback', 'Transferred'],
      after_minutes: 10,
    });

    const again = await app.request({ method: 'GET', url: '/api/v2/urgent-mail', token: admin.token });
    expect(again.json.data.attributes.after_minutes).toBe(10);
    const audit = await app.db.db
      .selectFrom('audit_log')
      .select('action')
      .where('customer_id', '=', admin.customerId!)
      .where('action', '=', 'urgent-mail.update')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses unknown priorities, repeated priorities and waits out of bounds, changing nothing', async () => {
    const admin = await app.signIn('admin');
    for (const attributes of [
      { priorities: ['Urgent'] },
      { priorities: ['Transferred', 'Transferred'] },
      { after_minutes: 0 },
      { after_minutes: 1441 },
      { after_minutes: 2.5 },
      { after_minutes: '10' },
    ]) {
      const res = await app.request({
        method: 'PATCH',
        url: '/api/v2/urgent-mail',
        token: admin.token,
        body: settings(attributes),
      });
      expect(res.status, JSON.stringify(attributes)).toBe(422);
    }
    const read = await app.request({ method: 'GET', url: '/api/v2/urgent-mail', token: admin.token });
    expect(read.json.data.attributes).toEqual({ priorities: [], after_minutes: 15 });
  });

  it('is not open to operators, guests or the super', async () => {
    const admin = await app.signIn('admin');
    for (const role of ['user', 'guest'] as const) {
      const other = await app.signIn(role, { customerId: admin.customerId! });
      const res = await app.request({ method: 'GET', url: '/api/v2/urgent-mail', token: other.token });
      expect(res.status).toBe(403);
    }
    const superAdmin = await app.signIn('super');
    const res = await app.request({
      method: 'PATCH',
      url: '/api/v2/urgent-mail',
      token: superAdmin.token,
      body: settings({ after_minutes: 5 }),
    });
    expect(res.status).toBe(403);
  });
});

describe('urgent-call e-mails', () => {
  it('mails every operator once about untaken calls of the chosen priorities after the wait', async () => {
    const company = await liveCompany(app);
    const operator = await app.signIn('user', { customerId: company.customerId });
    await app.db.db.updateTable('users').set({ language: 'de' }).where('id', '=', operator.userId).execute();
    const guest = await app.signIn('guest', { customerId: company.customerId });
    await app.request({
      method: 'PATCH',
      url: '/api/v2/urgent-mail',
      token: company.owner.token,
      body: settings({ priorities: ['Important Callback'], after_minutes: 10 }),
    });
    const due = await callOf(company.botToken, {
      priority: 'Important Callback',
      minutesAgo: 20,
      caller: '+4930555001',
    });
    const early = await callOf(company.botToken, { priority: 'Important Callback', minutesAgo: 5 });
    const normal = await callOf(company.botToken, { priority: 'Normal Callback', minutesAgo: 20 });
    const taken = await callOf(company.botToken, { priority: 'Important Callback', minutesAgo: 20 });
    await app.db.db.updateTable('calls').set({ assignee_id: operator.userId }).where('id', '=', taken).execute();
    const snoozed = await callOf(company.botToken, { priority: 'Important Callback', minutesAgo: 20 });
    await app.db.db
      .updateTable('calls')
      .set({ snoozed_until: new Date(Date.now() + DAY).toISOString() })
      .where('id', '=', snoozed)
      .execute();
    const completed = await callOf(company.botToken, {
      priority: 'Important Callback',
      minutesAgo: 20,
      status: 'Completed',
    });
    const old = await callOf(company.botToken, { priority: 'Important Callback', minutesAgo: (2 * DAY) / MINUTE });

    // Another company with the same kind of call but no setting.
    const other = await liveCompany(app);
    const otherCall = await callOf(other.botToken, { priority: 'Important Callback', minutesAgo: 20 });

    expect(
      await mailUntakenUrgentCalls(app.db.db, { publicUrl: 'http://portal.test', operatorSeed: app.config.operator }),
    ).toBe(1);
    expect(await mailedAt(due)).not.toBeNull();
    for (const id of [early, normal, taken, snoozed, completed, old, otherCall]) expect(await mailedAt(id)).toBeNull();

    const mails = await outboxFor([company.owner.email, operator.email, guest.email, other.owner.email]);
    expect(mails.map((mail) => mail.to_address).sort()).toEqual([company.owner.email, operator.email].sort());
    for (const mail of mails) {
      const german = mail.to_address === operator.email;
      expect(mail.subject).toBe(german ? 'Ein dringender Anruf wartet' : 'An urgent call is waiting');
      expect(mail.text_body).toContain(german ? 'innerhalb von 10 Minuten' : 'within 10 minutes');
      expect(mail.text_body).toContain(german ? 'Wichtiger Rückruf: +4930555001' : 'Important Callback: +4930555001');
      expect(mail.text_body).toContain('http://portal.test/viewcalllogs');
      expect(mail.html_body).toContain('+4930555001');
    }

    // Nothing twice; a call that becomes due later gets its own mail.
    expect(
      await mailUntakenUrgentCalls(app.db.db, { publicUrl: 'http://portal.test', operatorSeed: app.config.operator }),
    ).toBe(0);
    expect(
      await mailUntakenUrgentCalls(
        app.db.db,
        { publicUrl: 'http://portal.test', operatorSeed: app.config.operator },
        new Date(Date.now() + 6 * MINUTE),
      ),
    ).toBe(1);
    expect(await mailedAt(early)).not.toBeNull();
    expect(await outboxFor([company.owner.email, operator.email])).toHaveLength(4);
  });

  it.runIf(TEST_ENGINE === 'postgres')('mails a call once when several processes run the job at once', async () => {
    const company = await liveCompany(app);
    await app.request({
      method: 'PATCH',
      url: '/api/v2/urgent-mail',
      token: company.owner.token,
      body: settings({ priorities: ['Transferred'], after_minutes: 1 }),
    });
    for (let i = 0; i < 3; i++) await callOf(company.botToken, { priority: 'Transferred', minutesAgo: 5 });
    const runs = await Promise.all(
      Array.from({ length: 6 }, () =>
        mailUntakenUrgentCalls(app.db.db, { publicUrl: 'http://portal.test', operatorSeed: app.config.operator }),
      ),
    );
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(3);
    const mails = await outboxFor([company.owner.email]);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      runs
        .filter((n) => n > 0)
        .map((n) => (n === 1 ? 'An urgent call is waiting' : `${n} urgent calls are waiting`))
        .sort(),
    );
  });
});
