import { expect } from 'vitest';
import type { TestApp } from './app';
import { pausedWebhook } from './fixtures';

/** What the alert tests share: a company with its admins and a phonebot, and what was mailed, queued and shown. */
export function alertFixtures(appOf: () => TestApp) {
  const vbots = (attributes: Record<string, unknown>) => ({ data: { type: 'vbots', attributes } });

  /** A company with an admin (English), an admin user (German) and an operator, one phonebot and a webhook endpoint. */
  async function company(name = 'Front desk', attributes: Record<string, unknown> = {}) {
    const app = appOf();
    const admin = await app.signIn('admin');
    const customerId = admin.customerId!;
    const adminuser = await app.signIn('adminuser', { customerId });
    await app.db.db.updateTable('users').set({ language: 'de' }).where('id', '=', adminuser.userId).execute();
    const user = await app.signIn('user', { customerId });
    const created = await app.request({
      method: 'POST',
      url: '/api/v2/vbot',
      token: admin.token,
      body: vbots({ bezeichnung: name, ...attributes }),
    });
    expect(created.status, created.body).toBe(201);
    const key = created.json.meta.license_Key as string;
    const hookId = await pausedWebhook(app, customerId, ['phonebot.offline', 'phonebot.online']);
    return { admin, adminuser, user, customerId, key, botToken: created.json.meta.bot_token as string, hookId };
  }

  const mails = (addresses: string[]) =>
    appOf()
      .db.db.selectFrom('mail_outbox')
      .select(['to_address', 'subject'])
      .where('to_address', 'in', addresses)
      .execute();
  const events = (hookId: number) =>
    appOf()
      .db.db.selectFrom('webhook_deliveries')
      .select(['event', 'payload'])
      .where('webhook_id', '=', hookId)
      .orderBy('id')
      .execute();
  async function bannerOf(token: string) {
    const res = await appOf().request({ method: 'GET', url: '/api/v2/phonebot-alerts', token });
    expect(res.status, res.body).toBe(200);
    return res.json.data as { id: string; attributes: Record<string, unknown> }[];
  }
  const banner = async (token: string) => (await bannerOf(token)).map((alert) => alert.id);
  /** The date of a time (UTC), as a holiday names it. */
  const dayOf = (iso: string) => iso.slice(0, 10);
  /** Business hours open all day (UTC) every day but the given holidays. */
  const openAllDay = (customerId: number, holidays: string[]) => {
    const week = Object.fromEntries(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['00:00', '23:59']]]),
    );
    return appOf()
      .db.db.updateTable('customers')
      .set({ business_hours: JSON.stringify({ time_zone: 'UTC', week, holidays }) })
      .where('id', '=', customerId)
      .execute();
  };
  return { company, mails, events, banner, bannerOf, openAllDay, dayOf };
}
