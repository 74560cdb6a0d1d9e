import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phonebotContracts } from '@phonebot/shared/phonebots';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const SIP_PASSWORD = 'sip-canary-password-42';
const NEW_SIP_PASSWORD = 'sip-canary-password-43';
const vbots = (attributes: Record<string, unknown>) => ({ data: { type: 'vbots', attributes } });

type Version = {
  id: string;
  attributes: {
    number: number;
    actor_name: string | null;
    actor_role: string | null;
    fields: string[];
    restored_from: number | null;
    previous?: number | null;
    changes?: ({ field: string; secret: false; before: unknown; after: unknown } | { field: string; secret: true })[];
  };
};

async function createBot(owner: SignedIn, attributes: Record<string, unknown> = {}) {
  const res = await app.request({
    method: 'POST',
    url: '/api/v2/vbot',
    token: owner.token,
    body: vbots({ bezeichnung: 'Reception', sip_passwd: SIP_PASSWORD, prompt: 'Be kind.\nBe brief.', ...attributes }),
  });
  expect(res.status, res.body).toBe(201);
  return res.json.meta.license_Key as string;
}

async function versions(token: string, key: string): Promise<Version[]> {
  const res = await app.request({ method: 'GET', url: `/api/v2/phonebots/${key}/versions`, token });
  expect(res.status, res.body).toBe(200);
  return res.json.data as Version[];
}

async function version(token: string, key: string, n: number): Promise<Version> {
  const res = await app.request({ method: 'GET', url: `/api/v2/phonebots/${key}/versions/${n}`, token });
  expect(res.status, res.body).toBe(200);
  return res.json.data as Version;
}

async function company() {
  const admin = await app.signIn('admin');
  const customerId = admin.customerId!;
  return {
    admin,
    adminuser: await app.signIn('adminuser', { customerId }),
    user: await app.signIn('user', { customerId }),
    guest: await app.signIn('guest', { customerId }),
  };
}

/**
 * Every route that changes a phonebot's configuration, with the change it makes and who makes it; a write route
 * of the phonebots' contracts missing here fails the test below.
 */
const WRITES: Record<
  string,
  { who: 'admin' | 'guest' | 'super'; request: (key: string) => { method: 'PATCH'; url: string; body: unknown } }
> = {
  updatePhonebot: {
    who: 'admin',
    request: (key) => ({
      method: 'PATCH',
      url: `/api/v2/phonebots/${key}`,
      body: { data: { type: 'phonebots', id: key, attributes: { prompt: 'Resource route' } } },
    }),
  },
  updateVbot: {
    who: 'admin',
    request: (key) => ({ method: 'PATCH', url: `/api/v2/vbot/${key}`, body: vbots({ prompt: 'Compatibility route' }) }),
  },
  updateVbotByGuest: {
    who: 'guest',
    request: (key) => ({ method: 'PATCH', url: `/api/v2/vbotbyguest/${key}`, body: vbots({ prompt: 'Guest route' }) }),
  },
  updateAnyVbot: {
    who: 'super',
    request: (key) => ({ method: 'PATCH', url: `/api/v2/phonebot/${key}`, body: vbots({ prompt: 'Super route' }) }),
  },
};
/** Writes that are no change of the configuration: a new phonebot (its first version) and the ones that end or re-key it. */
const NOT_CONFIG = ['createPhonebot', 'createVbot', 'deletePhonebot', 'deleteVbot', 'regenerateBotToken'];

describe('versions of a phonebot', () => {
  it('every route that changes a phonebot is listed here', () => {
    const writes = Object.entries(phonebotContracts)
      .filter(([, contract]) => contract.method !== 'GET')
      .map(([name]) => name)
      .filter((name) => !NOT_CONFIG.includes(name));
    expect(writes.sort()).toEqual(Object.keys(WRITES).sort());
  });

  it.each(Object.entries(WRITES))('%s writes a version with who, when and which fields', async (_name, write) => {
    const people = await company();
    const key = await createBot(people.admin);
    const caller = write.who === 'super' ? await app.signIn('super') : people[write.who];
    const res = await app.request({ ...write.request(key), token: caller.token });
    expect(res.status, res.body).toBe(200);
    const list = await versions(people.admin.token, key);
    expect(list.map((v) => v.attributes.number)).toEqual([2, 1]);
    expect(list[0]!.attributes).toMatchObject({ fields: ['prompt'], restored_from: null, actor_role: write.who });
    expect(list[0]!.attributes.actor_name).toBeTruthy();
    expect(list[1]!.attributes.fields).toEqual(expect.arrayContaining(['bezeichnung', 'prompt', 'sip_passwd']));
  });

  it('a save that changes nothing is no version; the creation is version 1 with the secrets only named', async () => {
    const { admin } = await company();
    const key = await createBot(admin);
    const same = await app.request({
      method: 'PATCH',
      url: `/api/v2/vbot/${key}`,
      token: admin.token,
      body: vbots({ prompt: 'Be kind.\nBe brief.', sip_passwd: SIP_PASSWORD }),
    });
    expect(same.status).toBe(200);
    expect((await versions(admin.token, key)).length).toBe(1);
    const first = await app.request({ method: 'GET', url: `/api/v2/phonebots/${key}/versions/1`, token: admin.token });
    expect(first.body).not.toContain(SIP_PASSWORD);
    expect(first.json.data.attributes.previous).toBeNull();
    expect(first.json.data.attributes.changes).toContainEqual({ field: 'sip_passwd', secret: true, changed: true });
  });

  it('shows the diff against the version before, a secret only as changed, and restores a version as a new one', async () => {
    const { admin } = await company();
    const key = await createBot(admin);
    const changed = await app.request({
      method: 'PATCH',
      url: `/api/v2/phonebots/${key}`,
      token: admin.token,
      body: {
        data: {
          type: 'phonebots',
          id: key,
          attributes: { prompt: 'Be kind.\nBe quick.', sip_passwd: NEW_SIP_PASSWORD, abort_time: 45 },
        },
      },
    });
    expect(changed.status, changed.body).toBe(200);
    const detail = await app.request({ method: 'GET', url: `/api/v2/phonebots/${key}/versions/2`, token: admin.token });
    expect(detail.status).toBe(200);
    expect(detail.body).not.toContain(NEW_SIP_PASSWORD);
    expect(detail.body).not.toContain(SIP_PASSWORD);
    expect(detail.json.data.attributes).toMatchObject({ number: 2, previous: 1 });
    expect(detail.json.data.attributes.changes).toEqual(
      expect.arrayContaining([
        { field: 'prompt', secret: false, before: 'Be kind.\nBe brief.', after: 'Be kind.\nBe quick.' },
        { field: 'abort_time', secret: false, before: 30, after: 45 },
        { field: 'sip_passwd', secret: true, changed: true },
      ]),
    );

    const sealedBefore = await app.db.db
      .selectFrom('phonebot_versions')
      .select('secrets')
      .where('number', '=', 1)
      .where('phonebot_id', '=', (eb) => eb.selectFrom('phonebots').select('id').where('license_key', '=', key))
      .executeTakeFirstOrThrow();
    const restore = await app.request({
      method: 'POST',
      url: `/api/v2/phonebots/${key}/versions/1/restore`,
      token: admin.token,
    });
    expect(restore.status, restore.body).toBe(201);
    expect(restore.body).not.toContain(SIP_PASSWORD);
    expect(restore.json.data.attributes).toMatchObject({ number: 3, restored_from: 1, previous: 2 });
    expect(restore.json.data.attributes.fields.sort()).toEqual(['abort_time', 'prompt', 'sip_passwd']);
    const bot = await app.request({ method: 'GET', url: `/api/v2/vbot/${key}`, token: admin.token });
    expect(bot.json.data.attributes).toMatchObject({ prompt: 'Be kind.\nBe brief.', abort_time: 30 });
    const row = await app.db.db
      .selectFrom('phonebots')
      .select('sip_passwd_enc')
      .where('license_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(row.sip_passwd_enc).toBe((JSON.parse(sealedBefore.secrets) as Record<string, string>).sip_passwd);
  });

  it('a change of the call source is a version too, its platform secret only named', async () => {
    const { admin } = await company();
    const key = await createBot(admin);
    const secret = 'retell-key-canary-91';
    const res = await app.request({
      method: 'PATCH',
      url: `/api/v2/vbot/${key}`,
      token: admin.token,
      body: vbots({ source: 'retell', source_secret: secret }),
    });
    expect(res.status, res.body).toBe(200);
    const detail = await app.request({ method: 'GET', url: `/api/v2/phonebots/${key}/versions/2`, token: admin.token });
    expect(detail.body).not.toContain(secret);
    expect(detail.json.data.attributes.changes).toEqual(
      expect.arrayContaining([
        { field: 'source', secret: false, before: 'runtime', after: 'retell' },
        { field: 'source_secret', secret: true, changed: true },
      ]),
    );
  });

  it('a guest sees and restores the greeting and the prompt only', async () => {
    const { admin, guest } = await company();
    const key = await createBot(admin, { ansagetext: 'Hello' });
    const patch = (token: string, attributes: Record<string, unknown>) =>
      app.request({ method: 'PATCH', url: `/api/v2/vbot/${key}`, token, body: vbots(attributes) });
    expect((await patch(admin.token, { abort_time: 50 })).status).toBe(200); // 2: not a guest's field
    expect((await patch(admin.token, { ansagetext: 'Hi there', temperature: 0.3 })).status).toBe(200); // 3
    const seen = await versions(guest.token, key);
    expect(seen.map((v) => [v.attributes.number, v.attributes.fields])).toEqual([
      [3, ['ansagetext']],
      [1, ['ansagetext', 'prompt']],
    ]);
    const hidden = await app.request({ method: 'GET', url: `/api/v2/phonebots/${key}/versions/2`, token: guest.token });
    expect(hidden.status).toBe(404);
    const three = await version(guest.token, key, 3);
    expect(three.attributes.changes).toEqual([
      { field: 'ansagetext', secret: false, before: 'Hello', after: 'Hi there' },
    ]);
    const restore = await app.request({
      method: 'POST',
      url: `/api/v2/phonebots/${key}/versions/1/restore`,
      token: guest.token,
    });
    expect(restore.status, restore.body).toBe(201);
    const bot = await app.request({ method: 'GET', url: `/api/v2/vbot/${key}`, token: admin.token });
    // The greeting is back; the temperature and the abort time (not a guest's) stay.
    expect(bot.json.data.attributes).toMatchObject({ ansagetext: 'Hello', temperature: 0.3, abort_time: 50 });
    // Restoring what the texts already are is a version too (nothing of the guest's changed).
    const again = await app.request({
      method: 'POST',
      url: `/api/v2/phonebots/${key}/versions/1/restore`,
      token: guest.token,
    });
    expect(again.status, again.body).toBe(201);
    expect(again.json.data.attributes).toMatchObject({ restored_from: 1, fields: [], changes: [] });
    const hiddenRestore = await app.request({
      method: 'POST',
      url: `/api/v2/phonebots/${key}/versions/2/restore`,
      token: guest.token,
    });
    expect(hiddenRestore.status).toBe(404);
  });

  it('whoever may read the configuration may see the versions; others are refused, another company’s is not found', async () => {
    const people = await company();
    const key = await createBot(people.admin);
    const other = await company();
    const superAdmin = await app.signIn('super');
    const statuses = async (token: string) =>
      Promise.all(
        [
          { method: 'GET' as const, url: `/api/v2/phonebots/${key}/versions` },
          { method: 'GET' as const, url: `/api/v2/phonebots/${key}/versions/1` },
          { method: 'POST' as const, url: `/api/v2/phonebots/${key}/versions/1/restore` },
        ].map(async (request) => (await app.request({ ...request, token })).status),
      );
    expect(await statuses(people.admin.token)).toEqual([200, 200, 201]);
    expect(await statuses(people.adminuser.token)).toEqual([200, 200, 201]);
    expect(await statuses(superAdmin.token)).toEqual([200, 200, 201]);
    expect(await statuses(people.user.token)).toEqual([403, 403, 403]);
    expect(await statuses(other.admin.token)).toEqual([404, 404, 404]);
    expect(await statuses(other.guest.token)).toEqual([404, 404, 404]);
    const missing = await app.request({
      method: 'GET',
      url: `/api/v2/phonebots/${key}/versions/99`,
      token: people.admin.token,
    });
    expect(missing.status).toBe(404);
    const bad = await app.request({
      method: 'GET',
      url: `/api/v2/phonebots/${key}/versions/abc`,
      token: people.admin.token,
    });
    expect(bad.status).toBe(404);
  });

  it('a phonebot created before versions were kept gets the state before its first change as version 1', async () => {
    const { admin } = await company();
    const key = await createBot(admin);
    await app.db.db
      .deleteFrom('phonebot_versions')
      .where('phonebot_id', '=', (eb) => eb.selectFrom('phonebots').select('id').where('license_key', '=', key))
      .execute();
    const res = await app.request({
      method: 'PATCH',
      url: `/api/v2/vbot/${key}`,
      token: admin.token,
      body: vbots({ prompt: 'Later' }),
    });
    expect(res.status).toBe(200);
    const list = await versions(admin.token, key);
    expect(list.map((v) => [v.attributes.number, v.attributes.actor_name, v.attributes.fields])).toEqual([
      [2, expect.any(String), ['prompt']],
      [1, null, []],
    ]);
    expect((await version(admin.token, key, 2)).attributes.changes).toEqual([
      { field: 'prompt', secret: false, before: 'Be kind.\nBe brief.', after: 'Later' },
    ]);
  });
});
