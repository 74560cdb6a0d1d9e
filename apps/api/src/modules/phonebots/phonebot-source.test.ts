import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';

/** A phonebot's call source: the platform, its write-only secret, the agent and the mapping of extracted fields. */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const SECRET = 'retell-api-key-canary-0123456789';
const MAPPING = {
  selected_category: 'topic',
  priority: 'urgency',
  priority_values: [{ value: 'hoch', priority: 'Important Callback' }],
  caller_name: 'caller',
};
const patch = (token: string, id: string, attributes: Record<string, unknown>) =>
  app.request({
    method: 'PATCH',
    url: `/api/v2/phonebots/${id}`,
    token,
    body: { data: { type: 'phonebots', id, attributes } },
  });
const get = async (token: string, id: string) => app.request({ method: 'GET', url: `/api/v2/phonebots/${id}`, token });

const tokens = new Map<string, string>();
async function phonebotOf(admin: SignedIn): Promise<string> {
  const res = await app.request({
    method: 'POST',
    url: '/api/v2/phonebots',
    token: admin.token,
    body: { data: { type: 'phonebots', attributes: { bezeichnung: 'Empfang', category_terms: ['Support'] } } },
  });
  expect(res.status).toBe(201);
  tokens.set(res.json.data.id, res.json.meta.bot_token);
  return res.json.data.id as string;
}

describe('a phonebot’s call source', () => {
  it('starts as the runtime, and an admin sets a platform, its secret (write-only), agent and mapping', async () => {
    const admin = await app.signIn('admin');
    const id = await phonebotOf(admin);
    expect((await get(admin.token, id)).json.data.attributes).toMatchObject({
      source: 'runtime',
      source_agent_id: '',
      source_mapping: { selected_category: '', priority: '', priority_values: [], caller_name: '' },
      secrets_set: { source_secret: false },
    });

    const saved = await patch(admin.token, id, {
      source: 'retell',
      source_secret: SECRET,
      source_agent_id: 'agent_123',
      source_mapping: MAPPING,
    });
    expect(saved.status).toBe(200);
    expect(saved.json.data.attributes).toMatchObject({
      source: 'retell',
      source_agent_id: 'agent_123',
      source_mapping: MAPPING,
      secrets_set: { source_secret: true },
    });
    expect(saved.body).not.toContain(SECRET);
    expect((await get(admin.token, id)).body).not.toContain(SECRET);
    const row = await app.db.db
      .selectFrom('phonebots')
      .select(['source_secret_enc', 'settings'])
      .where('license_key', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.source_secret_enc).toBeTruthy();
    expect(`${row.source_secret_enc}${row.settings}`).not.toContain(SECRET);

    // Saving it empty keeps the stored secret; the runtime's configuration never carries it.
    await patch(admin.token, id, { source_secret: '', source_agent_id: '' });
    expect((await get(admin.token, id)).json.data.attributes.secrets_set.source_secret).toBe(true);
    await app.db.db.updateTable('phonebots').set({ payment_status: 1 }).where('license_key', '=', id).execute();
    const config = await app.request({ method: 'GET', url: '/api/v2/bot/config', token: tokens.get(id) });
    expect(config.status).toBe(200);
    expect(config.json.data.attributes.source).toBe('retell');
    expect(config.body).not.toContain(SECRET);
    expect(config.json.data.attributes).not.toHaveProperty('source_secret');
  });

  it('refuses an unknown source and a priority value map to no priority (422), changing nothing', async () => {
    const admin = await app.signIn('admin');
    const id = await phonebotOf(admin);
    for (const attributes of [
      { source: 'zoom' },
      { source_mapping: { ...MAPPING, priority_values: [{ value: 'x', priority: 'Soon' }] } },
      { source_mapping: 'topic' },
    ]) {
      expect((await patch(admin.token, id, attributes)).status, JSON.stringify(attributes)).toBe(422);
    }
    expect((await get(admin.token, id)).json.data.attributes).toMatchObject({ source: 'runtime' });
  });

  it('is set by the company’s managers and the super only; another company’s phonebot is 404', async () => {
    const admin = await app.signIn('admin');
    const id = await phonebotOf(admin);
    const company = { customerId: admin.customerId! };
    const adminuser = await app.signIn('adminuser', company);
    const user = await app.signIn('user', company);
    const guest = await app.signIn('guest', company);
    const sup = await app.signIn('super');
    const stranger = await app.signIn('admin');

    expect((await patch(adminuser.token, id, { source: 'vapi' })).status).toBe(200);
    expect((await patch(sup.token, id, { source: 'elevenlabs' })).status).toBe(200);
    expect((await patch(user.token, id, { source: 'retell' })).status).toBe(403);
    expect((await patch(guest.token, id, { source: 'retell' })).status).toBeGreaterThanOrEqual(403);
    expect((await patch(stranger.token, id, { source: 'retell' })).status).toBe(404);
    expect((await get(stranger.token, id)).status).toBe(404);
    expect((await get(admin.token, id)).json.data.attributes.source).toBe('elevenlabs');
    // A guest sees neither the source nor whether a secret is stored.
    const seen = await get(guest.token, id);
    expect(seen.json.data?.attributes?.source).toBeUndefined();
  });
});
