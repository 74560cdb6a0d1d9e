import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/app';
import { paidPhonebot, pausedWebhook } from '../../../test/fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const vbots = (attributes: Record<string, unknown>) => ({ data: { type: 'vbots', attributes } });

/** A paid phonebot of a new company (its runtime is served). */
async function servedPhonebot() {
  const { admin, licenseKey: key, botToken } = await paidPhonebot(app, 'Front desk');
  return { admin, key, botToken };
}

describe('the runtime and integrators follow the versions', () => {
  it('GET /bot/config carries an ETag and config_version; If-None-Match answers 304 until the configuration changes', async () => {
    const { admin, key, botToken } = await servedPhonebot();
    const first = await app.request({ method: 'GET', url: '/api/v2/bot/config', token: botToken });
    expect(first.status, first.body).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"1-/);
    expect(first.json.data.attributes.config_version).toBe(1);

    const again = await app.request({
      method: 'GET',
      url: '/api/v2/bot/config',
      token: botToken,
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    const listed = await app.request({
      method: 'GET',
      url: '/api/v2/bot/config',
      token: botToken,
      headers: { 'if-none-match': `"other", W/${etag}` },
    });
    expect(listed.status).toBe(304);

    const changed = await app.request({
      method: 'PATCH',
      url: `/api/v2/vbot/${key}`,
      token: admin.token,
      body: vbots({ prompt: 'Hello again' }),
    });
    expect(changed.status).toBe(200);
    const after = await app.request({
      method: 'GET',
      url: '/api/v2/bot/config',
      token: botToken,
      headers: { 'if-none-match': etag },
    });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.headers.etag).toMatch(/^"2-/);
    expect(after.json.data.attributes).toMatchObject({ config_version: 2, prompt: 'Hello again' });
  });

  it('every version queues phonebot.updated for the endpoints that take it, with the fields and never a value', async () => {
    const { admin, key } = await servedPhonebot();
    const hookId = await pausedWebhook(app, admin.customerId!, ['phonebot.updated']);
    const changed = await app.request({
      method: 'PATCH',
      url: `/api/v2/vbot/${key}`,
      token: admin.token,
      body: vbots({ prompt: 'Secret plan', sip_passwd: 'pw-canary-77' }),
    });
    expect(changed.status).toBe(200);
    const deliveries = await app.db.db
      .selectFrom('webhook_deliveries')
      .select(['event', 'payload'])
      .where('webhook_id', '=', hookId)
      .execute();
    expect(deliveries.map((d) => d.event)).toEqual(['phonebot.updated']);
    const payload = JSON.parse(deliveries[0]!.payload) as { type: string; data: Record<string, unknown> };
    expect(payload.type).toBe('phonebot.updated');
    expect(payload.data).toMatchObject({ type: 'phonebots', id: key, attributes: { version: 2 } });
    expect((payload.data.attributes as { fields: string[] }).fields.sort()).toEqual(['prompt', 'sip_passwd']);
    expect(deliveries[0]!.payload).not.toContain('Secret plan');
    expect(deliveries[0]!.payload).not.toContain('pw-canary-77');
  });
});
