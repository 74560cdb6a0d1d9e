import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/app';
import { HOUR, nowIso } from '../../db/time';
import { alertFixtures } from '../../../test/phonebot-alerts';
import { alertOfflinePhonebots } from './offline-alerts';

let app: TestApp;
let context: Parameters<typeof alertOfflinePhonebots>[1];
beforeAll(async () => {
  app = await createTestApp();
  context = { publicUrl: 'https://app.example', operatorSeed: app.config.operator };
});
afterAll(async () => {
  await app?.stop();
});

const { company, mails, events, banner, openAllDay, dayOf, bannerOf } = alertFixtures(() => app);
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
const doc = (key: string, attributes: Record<string, unknown>) => ({ data: { type: 'vbots', id: key, attributes } });

/** A company whose Retell phonebot, created `age` hours ago and paid, has the silence alert set to `hours`. */
async function platformCompany(hours: number | null, age = 3) {
  const c = await company('Retell line', {
    source: 'retell',
    source_secret: 'key_0123456789',
    silence_alert_hours: hours,
  });
  await app.db.db
    .updateTable('phonebots')
    .set({ created_at: hoursAgo(age), payment_status: 1 })
    .where('license_key', '=', c.key)
    .execute();
  return c;
}
const setting = async (token: string, key: string) =>
  (await app.request({ method: 'GET', url: `/api/v2/vbot/${key}`, token })).json.data.attributes.silence_alert_hours;
const call = (botToken: string, n: number) =>
  app.request({
    method: 'POST',
    url: '/api/v2/bot/calls',
    token: botToken,
    headers: { 'idempotency-key': `silence-${n}` },
    body: { caller_number: `+4930777${n}`, response: [], priority: 'Send Email' },
  });

describe('silence alerts of platform phonebots', () => {
  it('alerts no call for N hours once, with the reason silent, and clears it with the next call', async () => {
    const c = await platformCompany(2);
    const quiet = await platformCompany(null);
    const runs = await Promise.all([
      alertOfflinePhonebots(app.db.db, context),
      alertOfflinePhonebots(app.db.db, context),
    ]);
    expect(runs.reduce((sum, run) => sum + run.offline, 0)).toBe(1);
    const sent = await mails([c.admin.email, c.adminuser.email, c.user.email, quiet.admin.email]);
    expect(sent.map((m) => [m.to_address, m.subject]).sort()).toEqual(
      [
        [c.admin.email, 'Phonebot Retell line: No call for 2 hours'],
        [c.adminuser.email, 'Phonebot Retell line: Seit 2 Stunden kein Anruf'],
      ].sort(),
    );
    const offline = await events(c.hookId);
    expect(offline.map((e) => e.event)).toEqual(['phonebot.offline']);
    expect(JSON.parse(offline[0]!.payload).data).toMatchObject({
      type: 'phonebots',
      id: c.key,
      attributes: { reason: 'silent', last_seen_at: null },
    });
    expect((await bannerOf(c.user.token))[0]).toMatchObject({
      id: c.key,
      attributes: { reason: 'silent', silence_alert_hours: 2, last_seen_at: null },
    });
    expect(await banner(quiet.admin.token)).toEqual([]);
    expect(await alertOfflinePhonebots(app.db.db, context)).toEqual({ offline: 0, online: 0 });

    // The next call ends it: phonebot.online once, the banner goes; the silence then counts from that call.
    const answer = await call(c.botToken, 1);
    expect(answer.status, answer.body).toBe(201);
    const back = await Promise.all([
      alertOfflinePhonebots(app.db.db, context),
      alertOfflinePhonebots(app.db.db, context),
    ]);
    expect(back.reduce((sum, run) => sum + run.online, 0)).toBe(1);
    const both = await events(c.hookId);
    expect(both.map((e) => e.event)).toEqual(['phonebot.offline', 'phonebot.online']);
    expect(JSON.parse(both[1]!.payload).data.attributes).toMatchObject({
      reason: 'silent',
      last_seen_at: expect.any(String),
    });
    expect(await banner(c.user.token)).toEqual([]);
    expect(await alertOfflinePhonebots(app.db.db, context)).toEqual({ offline: 0, online: 0 });
    expect((await mails([c.admin.email])).length).toBe(1);

    // A new silence is a new alert.
    await app.db.db
      .updateTable('calls')
      .set({ created_at: hoursAgo(5) })
      .where('customer_id', '=', c.customerId)
      .execute();
    expect((await alertOfflinePhonebots(app.db.db, context)).offline).toBe(1);
    expect((await mails([c.admin.email])).length).toBe(2);
  });

  it('counts only business hours: no alert while the company is closed', async () => {
    const c = await platformCompany(2);
    const hours = (holidays: string[]) => openAllDay(c.customerId, holidays);
    await hours([...new Set([dayOf(hoursAgo(3)), dayOf(nowIso())])]);
    expect((await alertOfflinePhonebots(app.db.db, context)).offline).toBe(0);
    expect(await banner(c.admin.token)).toEqual([]);
    await hours([]);
    expect((await alertOfflinePhonebots(app.db.db, context)).offline).toBe(1);
    expect(await banner(c.admin.token)).toEqual([c.key]);
    // Turning the alert off ends it: phonebot.online, the banner goes.
    const off = await app.request({
      method: 'PATCH',
      url: `/api/v2/vbot/${c.key}`,
      token: c.admin.token,
      body: doc(c.key, { silence_alert_hours: null }),
    });
    expect(off.status, off.body).toBe(200);
    expect(await alertOfflinePhonebots(app.db.db, context)).toEqual({ offline: 0, online: 1 });
    expect((await events(c.hookId)).map((e) => e.event)).toEqual(['phonebot.offline', 'phonebot.online']);
    expect(await banner(c.admin.token)).toEqual([]);
  });

  it('silence_alert_hours: 1 to 168 or null; bad input changes nothing; versioned and restored', async () => {
    const c = await platformCompany(null);
    const save = (token: string, value: unknown, key = c.key) =>
      app.request({
        method: 'PATCH',
        url: `/api/v2/vbot/${key}`,
        token,
        body: doc(key, { silence_alert_hours: value }),
      });
    expect(await setting(c.admin.token, c.key)).toBeNull();
    for (const bad of [0, 169, 2.5, 'often', true]) {
      const refused = await save(c.admin.token, bad);
      expect(refused.status, String(bad)).toBe(422);
      expect(refused.json.errors[0]).toMatchObject({
        code: 'silenceAlertHoursRange',
        source: { pointer: '/data/attributes/silence_alert_hours' },
      });
    }
    expect(await setting(c.admin.token, c.key)).toBeNull();
    expect((await save(c.admin.token, 168)).status).toBe(200);
    expect((await save(c.adminuser.token, '24')).status).toBe(200);
    expect(await setting(c.admin.token, c.key)).toBe(24);

    // Another company's phonebot is not found; a guest may not set it.
    const other = await platformCompany(null);
    expect((await save(other.admin.token, 5)).status).toBe(404);
    const guest = await app.signIn('guest', { customerId: c.customerId });
    expect((await save(guest.token, 5)).status).toBe(403);
    const asGuest = await app.request({
      method: 'PATCH',
      url: `/api/v2/vbotbyguest/${c.key}`,
      token: guest.token,
      body: doc(c.key, { silence_alert_hours: 5 }),
    });
    expect(asGuest.status).toBe(422);
    expect(await setting(c.admin.token, c.key)).toBe(24);

    // The version history records it, and a restore brings back the earlier value.
    const versions = await app.request({
      method: 'GET',
      url: `/api/v2/phonebots/${c.key}/versions`,
      token: c.admin.token,
    });
    expect(versions.status).toBe(200);
    const numbers = (versions.json.data as { attributes: { number: number; fields: string[] } }[]).map(
      (v) => v.attributes,
    );
    expect(numbers.find((v) => v.number === 3)?.fields).toEqual(['silence_alert_hours']);
    const restore = await app.request({
      method: 'POST',
      url: `/api/v2/phonebots/${c.key}/versions/1/restore`,
      token: c.admin.token,
    });
    expect(restore.status, restore.body).toBe(201);
    expect(restore.json.data.attributes.fields).toEqual(['silence_alert_hours']);
    expect(await setting(c.admin.token, c.key)).toBeNull();
  });
});
