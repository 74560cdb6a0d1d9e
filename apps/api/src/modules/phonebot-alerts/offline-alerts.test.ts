import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/app';
import { TEST_ENGINE } from '../../../test/db';
import { CHANGE_SUBSCRIBERS } from '../../change-subscribers';
import { createDb } from '../../db/client';
import { registerChangeSubscribers } from '../../lib/changes';
import { MINUTE, nowIso } from '../../db/time';
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

const { company, mails, events, banner, openAllDay, dayOf } = alertFixtures(() => app);
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

const lastSeen = (key: string, at: string | null) =>
  app.db.db.updateTable('phonebots').set({ last_heartbeat_at: at }).where('license_key', '=', key).execute();

describe('offline alerts of runtime phonebots', () => {
  it('alerts an outage once, even from two runs at the same time, and clears it when the runtime is back', async () => {
    const c = await company();
    const other = await company('Elsewhere');
    await lastSeen(c.key, ago(11));
    await lastSeen(other.key, ago(1));

    const runs = await Promise.all([
      alertOfflinePhonebots(app.db.db, context),
      alertOfflinePhonebots(app.db.db, context),
    ]);
    expect(runs.reduce((sum, run) => sum + run.offline, 0)).toBe(1);
    const sent = await mails([c.admin.email, c.adminuser.email, c.user.email]);
    expect(sent.map((m) => [m.to_address, m.subject]).sort()).toEqual(
      [
        [c.admin.email, 'Phonebot Front desk is offline'],
        [c.adminuser.email, 'Phonebot Front desk ist offline'],
      ].sort(),
    );
    expect((await events(c.hookId)).map((e) => e.event)).toEqual(['phonebot.offline']);
    expect(JSON.parse((await events(c.hookId))[0]!.payload).data).toMatchObject({ type: 'phonebots', id: c.key });
    // The banner, for everyone of the company who sees the calls; not for another company.
    expect(await banner(c.user.token)).toEqual([c.key]);
    expect(await banner(c.admin.token)).toEqual([c.key]);
    expect(await banner(other.admin.token)).toEqual([]);

    // The super's Phonebots list shows the state.
    const superAdmin = await app.signIn('super');
    const superView = async () =>
      (await app.request({ method: 'GET', url: `/api/v2/phonebots/${c.key}`, token: superAdmin.token })).json.data
        .attributes as { status: string; offline_alerted_at: string | null };
    expect(await superView()).toMatchObject({ status: 'offline', offline_alerted_at: expect.any(String) });

    // Later runs do not alert the same outage again.
    expect(await alertOfflinePhonebots(app.db.db, context)).toEqual({ offline: 0, online: 0 });
    expect((await mails([c.admin.email])).length).toBe(1);

    // A heartbeat ends the banner at once; the next run tells phonebot.online, once.
    const beat = await app.request({ method: 'POST', url: '/api/v2/bot/heartbeat', token: c.botToken });
    expect(beat.status).toBe(200);
    expect(await banner(c.user.token)).toEqual([]);
    expect(await superView()).toMatchObject({ status: 'online', offline_alerted_at: null });
    const back = await Promise.all([
      alertOfflinePhonebots(app.db.db, context),
      alertOfflinePhonebots(app.db.db, context),
    ]);
    expect(back.reduce((sum, run) => sum + run.online, 0)).toBe(1);
    expect((await events(c.hookId)).map((e) => e.event)).toEqual(['phonebot.offline', 'phonebot.online']);
    expect(await alertOfflinePhonebots(app.db.db, context)).toEqual({ offline: 0, online: 0 });

    // A new outage is a new alert.
    await lastSeen(c.key, ago(12));
    expect((await alertOfflinePhonebots(app.db.db, context)).offline).toBe(1);
    expect((await mails([c.admin.email])).length).toBe(2);
  });

  it.skipIf(TEST_ENGINE !== 'postgres')(
    'two runtimes on one PostgreSQL database alert an outage once: one mail per admin, one event',
    async () => {
      const second = createDb({ databaseUrl: app.config.databaseUrl, dataDir: app.config.dataDir });
      const unregister = registerChangeSubscribers(second.db, CHANGE_SUBSCRIBERS);
      try {
        const c = await company();
        await lastSeen(c.key, ago(15));
        const runs = await Promise.all([
          alertOfflinePhonebots(app.db.db, context),
          alertOfflinePhonebots(second.db, context),
          alertOfflinePhonebots(app.db.db, context),
          alertOfflinePhonebots(second.db, context),
        ]);
        expect(runs.reduce((sum, run) => sum + run.offline, 0)).toBe(1);
        expect((await mails([c.admin.email, c.adminuser.email])).length).toBe(2);
        expect((await events(c.hookId)).map((e) => e.event)).toEqual(['phonebot.offline']);
      } finally {
        unregister();
        await second.close();
      }
    },
  );

  it('waits for the company’s offline_alert_minutes, and never alerts a runtime never heard from or a platform phonebot', async () => {
    const c = await company();
    const never = await company('Never connected');
    await app.db.db
      .updateTable('customers')
      .set({ offline_alert_minutes: 30 })
      .where('id', '=', c.customerId)
      .execute();
    await lastSeen(c.key, ago(20));
    await lastSeen(never.key, null);
    // A phonebot whose calls come from a voice-agent platform has no runtime to be offline.
    const platform = await company('Platform');
    await lastSeen(platform.key, ago(60));
    await app.db.db
      .updateTable('phonebots')
      .set({ settings: JSON.stringify({ source: 'retell' }) })
      .where('license_key', '=', platform.key)
      .execute();
    expect((await alertOfflinePhonebots(app.db.db, context)).offline).toBe(0);
    await lastSeen(c.key, ago(31));
    expect((await alertOfflinePhonebots(app.db.db, context)).offline).toBe(1);
    expect(await banner(c.admin.token)).toEqual([c.key]);
    expect(await banner(never.admin.token)).toEqual([]);
  });

  it('counts only business minutes when the company has business hours: no alert while it is closed', async () => {
    const c = await company();
    const hours = (holidays: string[]) => openAllDay(c.customerId, holidays);
    await lastSeen(c.key, ago(30));
    // Closed today (a holiday since before the outage began): the minutes count from the next opening.
    await hours([...new Set([dayOf(ago(30)), dayOf(nowIso())])]);
    expect((await alertOfflinePhonebots(app.db.db, context)).offline).toBe(0);
    expect(await banner(c.admin.token)).toEqual([]);
    // Open all day: 30 business minutes are past.
    await hours([]);
    expect((await alertOfflinePhonebots(app.db.db, context)).offline).toBe(1);
  });

  it('offline_alert_minutes is a company setting of its admins (default 10, 1 to 1440); bad input changes nothing', async () => {
    const c = await company();
    const profile = async (token: string) => app.request({ method: 'GET', url: '/api/v2/profile', token });
    const save = (token: string, minutes: unknown) =>
      app.request({
        method: 'PATCH',
        url: '/api/v2/profile',
        token,
        body: { data: { type: 'profile', attributes: { offline_alert_minutes: minutes } } },
      });
    expect((await profile(c.admin.token)).json.data.attributes.offline_alert_minutes).toBe(10);
    for (const bad of [0, 1441, 2.5, '30', null]) {
      const refused = await save(c.admin.token, bad);
      expect(refused.status, String(bad)).toBe(422);
      expect(refused.json.errors[0]).toMatchObject({
        code: 'offlineAlertMinutesInvalid',
        source: { pointer: '/data/attributes/offline_alert_minutes' },
      });
    }
    expect((await profile(c.admin.token)).json.data.attributes.offline_alert_minutes).toBe(10);
    expect((await save(c.user.token, 30)).status).toBe(403);
    expect((await save(c.adminuser.token, 1440)).status).toBe(200);
    expect((await save(c.admin.token, 1)).status).toBe(200);
    expect((await profile(c.adminuser.token)).json.data.attributes.offline_alert_minutes).toBe(1);
  });

  it('the super may not read a company’s banner; without a session it is refused', async () => {
    const superAdmin = await app.signIn('super');
    expect((await app.request({ method: 'GET', url: '/api/v2/phonebot-alerts', token: superAdmin.token })).status).toBe(
      403,
    );
    expect((await app.request({ method: 'GET', url: '/api/v2/phonebot-alerts' })).status).toBe(401);
  });
});
