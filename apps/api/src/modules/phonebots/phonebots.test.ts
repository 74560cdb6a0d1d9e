import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const CANARY_KEY = 'sk-canary-0123456789abcdefghijklmnopqrstuvwxyzCANARY';
const SIP_PASSWORD = 'sip-canary-password-42';
const doc = (attributes: Record<string, unknown>) => ({ data: { type: 'vbots', attributes } });

async function createBot(owner: SignedIn, attributes: Record<string, unknown> = {}) {
  const res = await app.request({
    method: 'POST',
    url: '/api/v2/vbot',
    token: owner.token,
    body: doc({
      bezeichnung: 'Reception',
      apen_ai_key: CANARY_KEY,
      sip_passwd: SIP_PASSWORD,
      category_terms: ['"Sales"', 'Support'],
      ...attributes,
    }),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as {
    data: { id: string; attributes: Record<string, unknown> };
    meta: { license_Key: string; bot_token: string };
  };
}

describe('phonebots of a company', () => {
  it('creates with the defaults of docs/product.md §9, answers license key and bot token, and keeps secrets out of answers', async () => {
    const admin = await app.signIn('admin');
    const created = await createBot(admin, { attendedTransfer: '1', sip_port: '5060' });
    expect(created.meta.license_Key).toBe(created.data.id);
    expect(created.meta.bot_token).toMatch(/^pbt_/);
    expect(created.data.attributes).toMatchObject({
      bezeichnung: 'Reception',
      chatmodel: 'gpt-4o',
      sttmodel: 'OpenAI',
      ttsmodel: 'OpenAI',
      web_log_enabled: true,
      abort_time: 30,
      voice: 'Shimmer',
      forwarding_through_openai_tool: false,
      attendedTransfer: true,
      attendedtransfer: true,
      sip_port: 5060,
      category_terms: ['Sales', 'Support'],
      payment_status: 0,
      pstatus: 'inactive',
      status: 'offline',
      secrets_set: { sip_passwd: true, e_mail_passwd: false, nat_password: false, apen_ai_key: true },
    });
    expect(created.data.attributes.apen_ai_key).toBe(`...${CANARY_KEY.slice(-4)}`);

    const list = await app.request({ method: 'GET', url: '/api/v2/vbot', token: admin.token });
    const one = await app.request({ method: 'GET', url: `/api/v2/vbot/${created.data.id}`, token: admin.token });
    for (const body of [list.body, one.body, JSON.stringify(created.data)]) {
      expect(body).not.toContain(CANARY_KEY);
      expect(body).not.toContain(SIP_PASSWORD);
    }
    // Not in plaintext in the database either.
    const row = await app.db.db
      .selectFrom('phonebots')
      .selectAll()
      .where('license_key', '=', created.data.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(CANARY_KEY);
    expect(JSON.stringify(row)).not.toContain(SIP_PASSWORD);
    expect(JSON.stringify(row)).not.toContain(created.meta.bot_token);
  });

  it('updates partially, keeps a secret saved empty, and validates bounds under their fields', async () => {
    const admin = await app.signIn('adminuser');
    const { data } = await createBot(admin);
    const updated = await app.request({
      method: 'PATCH',
      url: `/api/v2/vbot/${data.id}`,
      token: admin.token,
      body: doc({ prompt: 'Be kind', sip_passwd: '', apen_ai_key: '', attendedtransfer: 1 }),
    });
    expect(updated.status).toBe(200);
    expect(updated.json.data.attributes).toMatchObject({
      prompt: 'Be kind',
      bezeichnung: 'Reception',
      attendedTransfer: true,
      category_terms: ['Sales', 'Support'],
    });
    expect(updated.json.data.attributes.secrets_set.sip_passwd).toBe(true);
    expect(updated.json.data.attributes.apen_ai_key).toBe(`...${CANARY_KEY.slice(-4)}`);

    const bad = await app.request({
      method: 'PATCH',
      url: `/api/v2/vbot/${data.id}`,
      token: admin.token,
      body: doc({
        sip_port: 70000,
        temperature: 3,
        abort_time: 0,
        chatmodel: 'gpt-99',
        category_terms: ['a', 'b', 'c', 'd', 'e', 'f'],
        prompturl: 'ftp://x',
      }),
    });
    expect(bad.status).toBe(422);
    const pointers = bad.json.errors.map((e: { source: { pointer: string } }) =>
      e.source.pointer.replace('/data/attributes/', ''),
    );
    expect(pointers.sort()).toEqual([
      'abort_time',
      'category_terms',
      'chatmodel',
      'prompturl',
      'sip_port',
      'temperature',
    ]);
    expect(bad.json.errors.find((e: { code: string }) => e.code === 'categoryTermsMax').detail).toBe(
      'Maximum 5 category terms allowed.',
    );
    const after = await app.request({ method: 'GET', url: `/api/v2/vbot/${data.id}`, token: admin.token });
    expect(after.json.data.attributes.sip_port).toBeNull();
  });

  it("answers 404 for another company's phonebots and changes nothing", async () => {
    const admin = await app.signIn('admin');
    const other = await app.signIn('admin');
    const { data } = await createBot(other);
    for (const [method, url] of [
      ['GET', `/api/v2/vbot/${data.id}`],
      ['PATCH', `/api/v2/vbot/${data.id}`],
      ['DELETE', `/api/v2/vbot/${data.id}`],
      ['POST', `/api/v2/phonebots/${data.id}/bot-token`],
    ] as const) {
      const res = await app.request({
        method,
        url,
        token: admin.token,
        body: method === 'PATCH' ? doc({ prompt: 'hacked' }) : undefined,
      });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    const list = await app.request({ method: 'GET', url: '/api/v2/vbot', token: admin.token });
    expect(list.json.data).toHaveLength(0);
    const still = await app.request({ method: 'GET', url: `/api/v2/vbot/${data.id}`, token: other.token });
    expect(still.json.data.attributes.prompt).toBe('');
  });

  it('lets operators see no phonebots and refuses their changes', async () => {
    const admin = await app.signIn('admin');
    const { data } = await createBot(admin);
    const operator = await app.signIn('user', { customerId: admin.customerId! });
    expect((await app.request({ method: 'GET', url: '/api/v2/vbot', token: operator.token })).status).toBe(403);
    expect(
      (
        await app.request({
          method: 'PATCH',
          url: `/api/v2/vbot/${data.id}`,
          token: operator.token,
          body: doc({ prompt: 'x' }),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await app.request({
          method: 'POST',
          url: '/api/v2/vbot',
          token: operator.token,
          body: doc({ bezeichnung: 'x' }),
        })
      ).status,
    ).toBe(403);
  });

  it('deletes a phonebot with its calls but keeps its monthly counts', async () => {
    const admin = await app.signIn('admin');
    const { data, meta } = await createBot(admin);
    const call = await app.request({
      method: 'POST',
      url: '/api/v2/bot/calls',
      token: meta.bot_token,
      headers: { 'idempotency-key': 'del-1' },
      body: { caller_number: '+4930123', response: [] },
    });
    expect(call.status).toBe(201);
    expect((await app.request({ method: 'DELETE', url: `/api/v2/vbot/${data.id}`, token: admin.token })).status).toBe(
      204,
    );
    const calls = await app.db.db
      .selectFrom('calls')
      .select('id')
      .where('customer_id', '=', admin.customerId!)
      .execute();
    expect(calls).toHaveLength(0);
    const counts = await app.db.db
      .selectFrom('monthly_call_counts')
      .selectAll()
      .where('customer_id', '=', admin.customerId!)
      .execute();
    expect(counts.map((c) => c.count)).toEqual([1]);
    expect((await app.request({ method: 'GET', url: `/api/v2/vbot/${data.id}`, token: admin.token })).status).toBe(404);
  });
});

describe('guests', () => {
  it('see their company’s phonebots and change only greeting and prompt', async () => {
    const admin = await app.signIn('admin');
    const { data } = await createBot(admin, { ansagetext: 'Hello', prompt: 'Original' });
    const guest = await app.signIn('guest', { customerId: admin.customerId! });
    const list = await app.request({ method: 'GET', url: '/api/v2/vbot', token: guest.token });
    expect(list.status).toBe(200);
    expect(Object.keys(list.json.data[0].attributes).sort()).toEqual([
      'ansagetext',
      'bezeichnung',
      'created_at',
      'license_Key',
      'prompt',
      'status',
    ]);
    const one = await app.request({ method: 'GET', url: `/api/v2/vbotbyguest/${data.id}`, token: guest.token });
    expect(one.json.data.attributes).toMatchObject({ ansagetext: 'Hello', prompt: 'Original' });

    const ok = await app.request({
      method: 'PATCH',
      url: `/api/v2/vbotbyguest/${data.id}`,
      token: guest.token,
      body: doc({ ansagetext: 'Guten Tag', prompt: 'New prompt' }),
    });
    expect(ok.status).toBe(200);
    expect(ok.json.data.attributes).toMatchObject({ ansagetext: 'Guten Tag', prompt: 'New prompt' });

    const sneaky = await app.request({
      method: 'PATCH',
      url: `/api/v2/vbotbyguest/${data.id}`,
      token: guest.token,
      body: doc({ prompt: 'x', apen_ai_key: 'sk-mine' }),
    });
    expect(sneaky.status).toBe(422);
    expect(sneaky.json.errors[0].code).toBe('guestFieldsOnly');
    const full = await app.request({ method: 'GET', url: `/api/v2/vbot/${data.id}`, token: admin.token });
    expect(full.json.data.attributes).toMatchObject({ prompt: 'New prompt', ansagetext: 'Guten Tag' });
    expect(full.json.data.attributes.apen_ai_key).toBe(`...${CANARY_KEY.slice(-4)}`);

    expect(
      (
        await app.request({
          method: 'PATCH',
          url: `/api/v2/vbot/${data.id}`,
          token: guest.token,
          body: doc({ prompt: 'x' }),
        })
      ).status,
    ).toBe(403);
    const stranger = await app.signIn('guest');
    expect(
      (await app.request({ method: 'GET', url: `/api/v2/vbotbyguest/${data.id}`, token: stranger.token })).status,
    ).toBe(404);
    expect(
      (
        await app.request({
          method: 'PATCH',
          url: `/api/v2/vbotbyguest/${data.id}`,
          token: stranger.token,
          body: doc({ prompt: 'y' }),
        })
      ).status,
    ).toBe(404);
  });
});

describe('the super', () => {
  it('lists every phonebot with its customer, edits any, and sets payment_status by hand (audited)', async () => {
    const sup = await app.signIn('super');
    const admin = await app.signIn('admin');
    const { data } = await createBot(admin, { bezeichnung: 'Findable Bot' });
    const list = await app.request({ method: 'GET', url: '/api/v2/phonebot?search=findable', token: sup.token });
    expect(list.status).toBe(200);
    expect(list.json.meta.total).toBe(1);
    expect(list.json.data[0].attributes).toMatchObject({
      bezeichnung: 'Findable Bot',
      apen_ai_key: `...${CANARY_KEY.slice(-4)}`,
    });
    expect(list.json.data[0].attributes.customer_name).toMatch(/^Company/);
    expect(list.body).not.toContain(CANARY_KEY);

    const one = await app.request({ method: 'GET', url: `/api/v2/vbot/${data.id}`, token: sup.token });
    expect(one.status).toBe(200);
    const paid = await app.request({
      method: 'PATCH',
      url: `/api/v2/phonebot/${data.id}`,
      token: sup.token,
      body: doc({ payment_status: 1, prompt: 'by super' }),
    });
    expect(paid.json.data.attributes).toMatchObject({ payment_status: 1, pstatus: 'active', prompt: 'by super' });
    const entry = await app.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'phonebot.payment-status')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.detail!)).toEqual({ from: 0, to: 1 });

    // An admin cannot set the payment state.
    const selfPaid = await app.request({
      method: 'PATCH',
      url: `/api/v2/phonebot/${data.id}`,
      token: admin.token,
      body: doc({ payment_status: 1 }),
    });
    expect(selfPaid.status).toBe(403);
  });
});
