import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Retell from 'retell-sdk';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';
import { DAY } from '../../db/time';
import { pruneGoneClaims } from './connectors.store';
import { elevenLabsSignature, retellSignature } from './platform-signatures';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/connectors');
/** A platform's documented payload, kept as a fixture, as raw text (its signature covers these bytes). */
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8');
const RETELL_KEY = 'key_4d3c2b1a0f9e8d7c6b5a4f3e2d1c';
const VAPI_SECRET = 'vapi-server-secret-0123456789';
const ELEVENLABS_SECRET = 'wsec_0a1b2c3d4e5f60718293a4b5c6d7e8f9';
const RETELL_AGENT = 'oBeDLoLOeuAbiuaMFXRtDOLriTJ5tSxD';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

type Bot = { licenseKey: string; admin: SignedIn };

/** A paid phonebot of a new company that takes its calls from a platform. */
async function platformBot(source: string, secret: string, attributes: Record<string, unknown> = {}): Promise<Bot> {
  const admin = await app.signIn('admin');
  const created = await app.request({
    method: 'POST',
    url: '/api/v2/phonebots',
    token: admin.token,
    body: {
      data: {
        type: 'phonebots',
        attributes: {
          bezeichnung: `${source} bot`,
          category_terms: ['Sales', 'Support'],
          source,
          source_secret: secret,
          ...attributes,
        },
      },
    },
  });
  expect(created.status).toBe(201);
  const licenseKey = created.json.data.id as string;
  await app.db.db.updateTable('phonebots').set({ payment_status: 1 }).where('license_key', '=', licenseKey).execute();
  return { licenseKey, admin };
}

const post = (source: string, licenseKey: string, raw: string, headers: Record<string, string>) =>
  app.request({
    method: 'POST',
    url: `/api/v2/connect/${source}/${licenseKey}`,
    rawBody: raw,
    headers: { 'content-type': 'application/json', ...headers },
  });
const retell = async (bot: Bot, raw: string, header?: string) =>
  post('retell', bot.licenseKey, raw, { 'x-retell-signature': header ?? (await Retell.sign(raw, RETELL_KEY)) });
const vapi = (bot: Bot, raw: string, secret = VAPI_SECRET) =>
  post('vapi', bot.licenseKey, raw, { 'x-vapi-secret': secret });
const elevenlabs = (bot: Bot, raw: string, header?: string) =>
  post('elevenlabs', bot.licenseKey, raw, {
    'elevenlabs-signature': header ?? elevenLabsSignature(raw, ELEVENLABS_SECRET),
  });

async function callsOf(bot: Bot) {
  const res = await app.request({ method: 'GET', url: '/api/v2/calls?page[size]=100', token: bot.admin.token });
  expect(res.status).toBe(200);
  return res.json.data as { id: string; attributes: Record<string, unknown> }[];
}
const detail = async (bot: Bot, id: string) =>
  (await app.request({ method: 'GET', url: `/api/v2/calls/${id}`, token: bot.admin.token })).json.data.attributes;

/** The fetches of the call's recording the recordings module was given. */
const fetchesOf = async (id: string) =>
  (await app.db.db.selectFrom('recording_fetches').select('url').where('call_id', '=', Number(id)).execute()).map(
    (row) => row.url,
  );

/** Where the recordings feature fetches the call's audio from. */
const recordingSourceOf = async (id: string) =>
  (
    await app.db.db
      .selectFrom('calls')
      .select('recording_source_url')
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow()
  ).recording_source_url;

const MAPPING = {
  selected_category: 'topic',
  priority: 'urgency',
  priority_values: [{ value: 'hoch', priority: 'Important Callback' }],
  caller_name: 'caller',
};

describe('Retell', () => {
  it('stores call_ended once and completes it with call_analyzed: summary, name, fields, category, priority', async () => {
    const bot = await platformBot('retell', RETELL_KEY, { source_mapping: MAPPING });
    const ended = await retell(bot, fixture('retell-call-ended'));
    expect(ended.status).toBe(200);
    expect(ended.json.meta.outcome).toBe('created');
    const id = ended.json.meta.call_id as string;

    let call = await detail(bot, id);
    expect(call).toMatchObject({
      caller_number: '+4930123456789',
      summary: null,
      caller_name: null,
      extracted: {},
      duration_s: 85,
      started_at: new Date(1796547600000).toISOString(),
      response: [
        { action: 'BotResponseText', text: 'Guten Tag, Praxis Sonnenberg, was kann ich für Sie tun?', start_s: 0.62 },
        { action: 'UserRecognizedText', start_s: 4.1 },
        { action: 'BotResponseText', start_s: 9.25 },
      ],
    });
    expect(await recordingSourceOf(id)).toBe(
      'https://dxc03zgurdly9.cloudfront.net/Jabr9TXYYJHfvl6Syypi88rdAHYHmcq6/recording.wav',
    );

    const analyzed = await retell(bot, fixture('retell-call-analyzed'));
    expect(analyzed.json.meta).toEqual({ outcome: 'completed', call_id: id });
    call = await detail(bot, id);
    expect(call).toMatchObject({
      summary: 'Anna Schmidt meldet eine ausgefallene Heizung und bittet um Rückruf noch heute.',
      caller_name: 'Anna Schmidt',
      selected_category: 'Support',
      priority: 'Important Callback',
      extracted: { caller: 'Anna Schmidt', topic: 'support', urgency: 'hoch', callback_today: true, units: 2 },
    });

    // The same events again change nothing.
    expect((await retell(bot, fixture('retell-call-analyzed'))).json.meta).toEqual({
      outcome: 'duplicate',
      call_id: id,
    });
    expect((await retell(bot, fixture('retell-call-ended'))).json.meta).toEqual({ outcome: 'duplicate', call_id: id });
    const list = await callsOf(bot);
    expect(list).toHaveLength(1);
    expect(await fetchesOf(id)).toEqual([await recordingSourceOf(id)]);
    // The caller's data export holds what the platform extracted too.
    const exported = await app.request({
      method: 'GET',
      url: `/api/v2/callers/${encodeURIComponent('+4930123456789')}/export`,
      token: bot.admin.token,
    });
    expect(exported.status).toBe(200);
    expect(exported.json.data[0].attributes).toMatchObject({
      caller_name: 'Anna Schmidt',
      summary: expect.stringContaining('Heizung'),
      extracted: { caller: 'Anna Schmidt', urgency: 'hoch' },
    });
    expect(list[0]!.attributes).toMatchObject({
      caller_name: 'Anna Schmidt',
      summary: expect.stringContaining('Heizung'),
    });
  });

  it('stores call_analyzed alone as the whole call', async () => {
    const bot = await platformBot('retell', RETELL_KEY, { source_mapping: MAPPING });
    const res = await retell(bot, fixture('retell-call-analyzed'));
    expect(res.json.meta.outcome).toBe('created');
    expect(await detail(bot, res.json.meta.call_id)).toMatchObject({
      caller_name: 'Anna Schmidt',
      priority: 'Important Callback',
    });
  });

  it('keeps one whole call when call_analyzed arrives before call_ended', async () => {
    const bot = await platformBot('retell', RETELL_KEY, { source_mapping: MAPPING });
    const analyzed = await retell(bot, fixture('retell-call-analyzed'));
    expect(analyzed.json.meta.outcome).toBe('created');
    const ended = await retell(bot, fixture('retell-call-ended'));
    expect(ended.status).toBe(200);
    expect(ended.json.meta.call_id).toBe(analyzed.json.meta.call_id);
    const calls = await callsOf(bot);
    expect(calls).toHaveLength(1);
    // The later, poorer event takes nothing away from what the analysis brought.
    expect(await detail(bot, calls[0]!.id)).toMatchObject({
      caller_name: 'Anna Schmidt',
      priority: 'Important Callback',
      summary: expect.stringContaining('Heizung'),
    });
  });

  it('stores nothing again for a call deleted since: its late analysis and a retry are taken as done', async () => {
    const bot = await platformBot('retell', RETELL_KEY, { source_mapping: MAPPING });
    const ended = await retell(bot, fixture('retell-call-ended'));
    expect(ended.json.meta.outcome).toBe('created');
    const id = ended.json.meta.call_id as string;
    const removed = await app.request({ method: 'DELETE', url: `/api/v2/calls/${id}`, token: bot.admin.token });
    expect(removed.status).toBe(204);
    // The analysis minutes later, and the platform's retry of the first event.
    expect((await retell(bot, fixture('retell-call-analyzed'))).status).toBe(204);
    expect((await retell(bot, fixture('retell-call-ended'))).status).toBe(204);
    expect(await callsOf(bot)).toHaveLength(0);
    // The claim stays (without its call) for a week, then the pruning job deletes it.
    const phonebot = await app.db.db
      .selectFrom('phonebots')
      .select('id')
      .where('license_key', '=', bot.licenseKey)
      .executeTakeFirstOrThrow();
    const ours = async () =>
      (
        await app.db.db.selectFrom('connector_calls').select('call_id').where('phonebot_id', '=', phonebot.id).execute()
      ).map((row) => row.call_id);
    expect(await ours()).toEqual([null]);
    await pruneGoneClaims(app.db.db, new Date(Date.now() + 6 * DAY));
    expect(await ours()).toEqual([null]);
    expect(await pruneGoneClaims(app.db.db, new Date(Date.now() + 8 * DAY))).toBeGreaterThanOrEqual(1);
    expect(await ours()).toEqual([]);
  });

  it('keeps companies apart: another company’s secret is refused, and one platform call id is each company’s own', async () => {
    const one = await platformBot('retell', RETELL_KEY);
    const other = await platformBot('retell', 'key_another_company_0123456789');
    const raw = fixture('retell-call-ended');
    // Signed for the first company, posted to the second one's address.
    const crossed = await retell(other, raw, await Retell.sign(raw, RETELL_KEY));
    expect(crossed.status).toBe(401);
    expect(await callsOf(other)).toHaveLength(0);
    expect(await callsOf(one)).toHaveLength(0);
    // The same platform call id, rightly signed for each, is a call of each, and neither sees the other's.
    expect((await retell(one, raw)).json.meta.outcome).toBe('created');
    const theirs = await retell(other, raw, await Retell.sign(raw, 'key_another_company_0123456789'));
    expect(theirs.json.meta.outcome).toBe('created');
    const [mine] = await callsOf(one);
    const [yours] = await callsOf(other);
    expect(mine!.id).not.toBe(yours!.id);
    const foreign = await app.request({ method: 'GET', url: `/api/v2/calls/${yours!.id}`, token: one.admin.token });
    expect(foreign.status).toBe(404);
  });

  it('refuses a wrong, tampered or stale signature (401) and stores nothing', async () => {
    const bot = await platformBot('retell', RETELL_KEY);
    const raw = fixture('retell-call-ended');
    const refused = [
      await retell(bot, raw, await Retell.sign(raw, 'another-key')),
      await retell(bot, raw.replace('Anna', 'Anne'), await Retell.sign(raw, RETELL_KEY)),
      await retell(bot, raw, retellSignature(raw, RETELL_KEY, Date.now() - 6 * 60 * 1000)),
      await post('retell', bot.licenseKey, raw, {}),
    ];
    for (const res of refused) {
      expect(res.status).toBe(401);
      expect(res.json.errors[0].code).toBe('unauthenticated');
    }
    expect(await callsOf(bot)).toHaveLength(0);
    const claims = await app.db.db
      .selectFrom('connector_calls as k')
      .innerJoin('phonebots as p', 'p.id', 'k.phonebot_id')
      .select('k.source_call_id')
      .where('p.license_key', '=', bot.licenseKey)
      .execute();
    expect(claims).toHaveLength(0);
  });

  it('ignores other events (204) and, with an agent id set, other agents’ calls', async () => {
    const bot = await platformBot('retell', RETELL_KEY, { source_agent_id: 'agent_other' });
    const started = JSON.stringify({ event: 'call_started', call: { call_id: 'x1', agent_id: RETELL_AGENT } });
    expect((await retell(bot, started)).status).toBe(204);
    expect((await retell(bot, fixture('retell-call-ended'))).status).toBe(204);
    expect(await callsOf(bot)).toHaveLength(0);

    const own = await platformBot('retell', RETELL_KEY, { source_agent_id: RETELL_AGENT });
    expect((await retell(own, fixture('retell-call-ended'))).status).toBe(200);
  });

  it('answers 400 for a signed body that is no JSON or names no call', async () => {
    const bot = await platformBot('retell', RETELL_KEY);
    expect((await retell(bot, '{"event":')).status).toBe(400);
    expect((await retell(bot, JSON.stringify({ event: 'call_ended', call: {} }))).status).toBe(400);
    expect(await callsOf(bot)).toHaveLength(0);
  });
});

describe('Vapi', () => {
  it('stores the end-of-call report once with its turns, summary, fields and mapped values', async () => {
    const bot = await platformBot('vapi', VAPI_SECRET, {
      source_mapping: {
        selected_category: 'anliegen',
        priority: 'dringlichkeit',
        priority_values: [],
        caller_name: 'name',
      },
    });
    const raw = fixture('vapi-end-of-call-report');
    const first = await vapi(bot, raw);
    expect(first.status).toBe(200);
    expect(first.json.meta.outcome).toBe('created');
    expect((await vapi(bot, raw)).json.meta).toEqual({ outcome: 'duplicate', call_id: first.json.meta.call_id });
    const call = await detail(bot, first.json.meta.call_id);
    expect(call).toMatchObject({
      caller_number: '+4989765432100',
      caller_name: 'Jonas Weber',
      selected_category: 'Sales',
      summary: expect.stringContaining('Wärmepumpe'),
      extracted: { name: 'Jonas Weber', anliegen: 'Sales', dringlichkeit: 'normal', address: '{"city":"München"}' },
      duration_s: 72,
      response: [
        { action: 'BotResponseText', text: 'Müller Haustechnik, guten Morgen!', start_s: 0.64 },
        { action: 'UserRecognizedText', start_s: 4.1 },
        { action: 'BotResponseText', start_s: 9 },
      ],
    });
    expect(await recordingSourceOf(first.json.meta.call_id)).toMatch(/^https:\/\/storage\.vapi\.ai\/.*-mono\.wav$/);
  });

  it('refuses a wrong X-Vapi-Secret and ignores other server messages', async () => {
    const bot = await platformBot('vapi', VAPI_SECRET);
    expect((await vapi(bot, fixture('vapi-end-of-call-report'), 'wrong')).status).toBe(401);
    expect((await post('vapi', bot.licenseKey, fixture('vapi-end-of-call-report'), {})).status).toBe(401);
    expect((await vapi(bot, fixture('vapi-status-update'))).status).toBe(204);
    expect(await callsOf(bot)).toHaveLength(0);
  });
});

describe('ElevenLabs', () => {
  it('stores the post-call transcription; a category value that is no term is Uncategorized', async () => {
    const bot = await platformBot('elevenlabs', ELEVENLABS_SECRET, {
      source_mapping: {
        selected_category: 'topic',
        priority: 'urgent',
        priority_values: [{ value: 'true', priority: 'Important Callback' }],
        caller_name: 'caller_name',
      },
    });
    const res = await elevenlabs(bot, fixture('elevenlabs-post-call-transcription'));
    expect(res.json.meta.outcome).toBe('created');
    expect(await detail(bot, res.json.meta.call_id)).toMatchObject({
      caller_number: '+4917612345678',
      caller_name: 'Petra Lang',
      selected_category: null,
      priority: 'Normal Callback',
      summary: expect.stringContaining('Mietvertrag'),
      extracted: { caller_name: 'Petra Lang', topic: 'Mietrecht', urgent: false },
      duration_s: 41,
      response: [
        { action: 'BotResponseText', start_s: 0 },
        { action: 'UserRecognizedText', start_s: 3 },
        { action: 'BotResponseText', text: 'Frau Berger ruft Sie morgen zurück.', start_s: 8 },
      ],
    });
  });

  it('refuses a signature older than 30 minutes or made with another secret', async () => {
    const bot = await platformBot('elevenlabs', ELEVENLABS_SECRET);
    const raw = fixture('elevenlabs-post-call-transcription');
    const old = Math.floor(Date.now() / 1000) - 31 * 60;
    expect((await elevenlabs(bot, raw, elevenLabsSignature(raw, ELEVENLABS_SECRET, old))).status).toBe(401);
    expect((await elevenlabs(bot, raw, elevenLabsSignature(raw, 'other'))).status).toBe(401);
    const audio = JSON.stringify({ type: 'post_call_audio', data: { conversation_id: 'c' } });
    expect((await elevenlabs(bot, audio)).status).toBe(204);
    expect(await callsOf(bot)).toHaveLength(0);
  });
});

describe('the connector address', () => {
  it('answers 404 for an unknown key, a runtime phonebot and another platform’s path', async () => {
    const bot = await platformBot('vapi', VAPI_SECRET);
    const raw = fixture('vapi-end-of-call-report');
    expect((await post('vapi', 'pb-unknown', raw, { 'x-vapi-secret': VAPI_SECRET })).status).toBe(404);
    expect((await post('retell', bot.licenseKey, raw, { 'x-vapi-secret': VAPI_SECRET })).status).toBe(404);
    expect((await post('zoom', bot.licenseKey, raw, { 'x-vapi-secret': VAPI_SECRET })).status).toBe(404);
    const runtime = await platformBot('runtime', VAPI_SECRET);
    expect((await post('vapi', runtime.licenseKey, raw, { 'x-vapi-secret': VAPI_SECRET })).status).toBe(404);
  });

  it('refuses a body above 1 MiB (413) and stores nothing', async () => {
    const bot = await platformBot('vapi', VAPI_SECRET);
    const raw = JSON.stringify({ message: { type: 'end-of-call-report', padding: 'x'.repeat(1024 * 1024) } });
    expect((await vapi(bot, raw)).status).toBe(413);
    expect(await callsOf(bot)).toHaveLength(0);
  });

  it('answers 403 for an unpaid phonebot or a disabled company, after the signature', async () => {
    const bot = await platformBot('vapi', VAPI_SECRET);
    const raw = fixture('vapi-end-of-call-report');
    await app.db.db
      .updateTable('phonebots')
      .set({ payment_status: 0 })
      .where('license_key', '=', bot.licenseKey)
      .execute();
    expect((await vapi(bot, raw, 'wrong')).status).toBe(401);
    const unpaid = await vapi(bot, raw);
    expect(unpaid.status).toBe(403);
    expect(unpaid.json.errors[0].code).toBe('phonebotInactive');
    await app.db.db
      .updateTable('phonebots')
      .set({ payment_status: 1 })
      .where('license_key', '=', bot.licenseKey)
      .execute();
    await app.db.db
      .updateTable('customers')
      .set({ status: 'Inactive' })
      .where('id', '=', bot.admin.customerId!)
      .execute();
    expect((await vapi(bot, raw)).status).toBe(403);
    await app.db.db
      .updateTable('customers')
      .set({ status: 'Active' })
      .where('id', '=', bot.admin.customerId!)
      .execute();
    expect(await callsOf(bot)).toHaveLength(0);
  });

  it('stores one call when the same event arrives many times at once', async () => {
    const bot = await platformBot('elevenlabs', ELEVENLABS_SECRET);
    const raw = fixture('elevenlabs-post-call-transcription');
    const answers = await Promise.all(Array.from({ length: 6 }, () => elevenlabs(bot, raw)));
    expect(answers.map((res) => res.status)).toEqual(Array(6).fill(200));
    expect(answers.filter((res) => res.json.meta.outcome === 'created')).toHaveLength(1);
    expect(new Set(answers.map((res) => res.json.meta.call_id)).size).toBe(1);
    expect(await callsOf(bot)).toHaveLength(1);
  });

  it('is found by the call search through its summary and caller name', async () => {
    const bot = await platformBot('vapi', VAPI_SECRET, {
      source_mapping: { selected_category: '', priority: '', priority_values: [], caller_name: 'name' },
    });
    await vapi(bot, fixture('vapi-end-of-call-report'));
    for (const q of ['Angebot', 'Weber']) {
      const res = await app.request({ method: 'GET', url: `/api/v2/calls?filter[q]=${q}`, token: bot.admin.token });
      expect(res.json.data, q).toHaveLength(1);
    }
  });
});
