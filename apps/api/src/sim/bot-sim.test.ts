import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_PRIORITIES } from '@phonebot/shared/calls';
import { type TestApp, createTestApp } from '../../test/app';
import { simulate } from './bot-sim';

let app: TestApp;
let url: string;
beforeAll(async () => {
  app = await createTestApp();
  url = await app.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.stop();
});

describe('the runtime simulator', () => {
  it('sends heartbeats and realistic calls that appear for its company only', async () => {
    const admin = await app.signIn('admin');
    const other = await app.signIn('admin');
    const created = await app.request({
      method: 'POST',
      url: '/api/v2/vbot',
      token: admin.token,
      body: { data: { type: 'vbots', attributes: { bezeichnung: 'Sim', category_terms: ['Sales', 'Support'] } } },
    });
    await app.db.db
      .updateTable('phonebots')
      .set({ payment_status: 1 })
      .where('license_key', '=', created.json.meta.license_Key)
      .execute();

    const result = await simulate({
      url,
      token: created.json.meta.bot_token,
      calls: 60,
      rate: 0,
      seed: 7,
      quiet: true,
    });
    expect(result).toEqual({ stored: 60, failed: 0, retried: 0 });

    const calls = await app.db.db
      .selectFrom('calls')
      .selectAll()
      .where('customer_id', '=', admin.customerId!)
      .execute();
    expect(calls).toHaveLength(60);
    expect(new Set(calls.map((c) => c.priority))).toEqual(new Set(CALL_PRIORITIES));
    for (const call of calls) expect([null, 'Sales', 'Support']).toContain(call.selected_category);
    const texts = calls.map((c) => c.response).join(' ');
    expect(texts).toContain('UserRecognizedText');
    expect(texts).toMatch(/Rückruf/);
    expect(texts).toMatch(/call me/);
    const foreign = await app.db.db
      .selectFrom('calls')
      .select('id')
      .where('customer_id', '=', other.customerId!)
      .execute();
    expect(foreign).toHaveLength(0);
    const bot = await app.request({
      method: 'GET',
      url: `/api/v2/vbot/${created.json.meta.license_Key}`,
      token: admin.token,
    });
    expect(bot.json.data.attributes.status).toBe('online');
  });
});
