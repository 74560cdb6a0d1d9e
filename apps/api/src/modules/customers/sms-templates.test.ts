import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/app';
import { ingest, liveCompany } from '../../../test/live';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const body = (sms_templates: unknown) => ({ data: { type: 'sms-templates', attributes: { sms_templates } } });
const read = (token: string) => app.request({ method: 'GET', url: '/api/v2/sms-templates', token });
const save = (token: string, templates: unknown) =>
  app.request({ method: 'PATCH', url: '/api/v2/sms-templates', token, body: body(templates) });

describe('SMS templates', () => {
  it('offer the default text as the first template of a company that has none, in the reader’s language', async () => {
    const admin = await app.signIn('admin');
    const res = await read(admin.token);
    expect(res.status).toBe(200);
    expect(res.json.data.attributes.sms_templates).toEqual([
      { name: 'Default', text: 'Hello, this is a prefilled SMS message. You can edit it before sending.' },
    ]);
    const operator = await app.signIn('user', { customerId: admin.customerId! });
    await app.db.db.updateTable('users').set({ language: 'de' }).where('id', '=', operator.userId).execute();
    const german = await read(operator.token);
    expect(german.json.data.attributes.sms_templates[0].name).toBe('Standard');
    expect(german.json.data.attributes.company_name).toEqual(expect.any(String));
  });

  it('are replaced by the company’s admins and read by its operators; other companies keep theirs', async () => {
    const admin = await app.signIn('admin');
    const adminuser = await app.signIn('adminuser', { customerId: admin.customerId! });
    const operator = await app.signIn('user', { customerId: admin.customerId! });
    const other = await app.signIn('admin');
    const templates = [
      { name: 'Callback', text: 'Hello {caller_name}, {user_name} of {company_name} will call you back today.' },
      { name: 'Missed', text: 'We tried to reach you.' },
    ];
    const saved = await save(adminuser.token, templates);
    expect(saved.status).toBe(200);
    expect(saved.json.data.attributes.sms_templates).toEqual(templates);
    expect((await read(operator.token)).json.data.attributes.sms_templates).toEqual(templates);
    expect((await read(other.token)).json.data.attributes.sms_templates[0].name).toBe('Default');
    const audit = await app.db.db
      .selectFrom('audit_log')
      .select('action')
      .where('customer_id', '=', admin.customerId!)
      .where('action', '=', 'sms-templates.update')
      .execute();
    expect(audit).toHaveLength(1);
    // An empty list brings the default back.
    expect((await save(admin.token, [])).json.data.attributes.sms_templates[0].name).toBe('Default');
  });

  it('refuse more than 20, a text over 480 characters, an empty name or text, changing nothing', async () => {
    const admin = await app.signIn('admin');
    const kept = [{ name: 'Kept', text: 'Kept text' }];
    await save(admin.token, kept);
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `T${i}`, text: 'x' }));
    for (const templates of [
      many,
      [{ name: 'Long', text: 'x'.repeat(481) }],
      [{ name: ' ', text: 'text' }],
      [{ name: 'Empty', text: '  ' }],
      [{ name: 'No text' }],
      'not a list',
    ]) {
      const res = await save(admin.token, templates);
      expect(res.status, JSON.stringify(templates).slice(0, 60)).toBe(422);
    }
    expect((await save(admin.token, [{ name: 'Max', text: 'x'.repeat(480) }])).status).toBe(200);
    await save(admin.token, kept);
    expect((await read(admin.token)).json.data.attributes.sms_templates).toEqual(kept);
  });

  it('are not changed by operators, guests, the super or API keys, nor read by guests', async () => {
    const admin = await app.signIn('admin');
    for (const role of ['user', 'guest'] as const) {
      const other = await app.signIn(role, { customerId: admin.customerId! });
      expect((await save(other.token, [{ name: 'A', text: 'B' }])).status).toBe(403);
    }
    const guest = await app.signIn('guest', { customerId: admin.customerId! });
    expect((await read(guest.token)).status).toBe(403);
    const superAdmin = await app.signIn('super');
    expect((await read(superAdmin.token)).status).toBe(403);
    const key = await app.request({
      method: 'POST',
      url: '/api/v2/api-keys',
      token: admin.token,
      body: { data: { type: 'api-keys', attributes: { name: 'Key', scopes: ['calls:read', 'calls:write'] } } },
    });
    expect((await read(key.json.data.attributes.token)).status).toBe(403);
    expect((await read(admin.token)).json.data.attributes.sms_templates[0].name).toBe('Default');
  });
});

describe('an SMS', () => {
  it('is refused empty with a clear 422, and nothing is sent', async () => {
    const company = await liveCompany(app);
    const call = await ingest(app, company.botToken);
    for (const message of ['', '   ']) {
      const res = await app.request({
        method: 'POST',
        url: `/api/v2/calls/${call}/sms`,
        token: company.owner.token,
        body: { data: { type: 'sms', attributes: { to: '+4930123456', message } } },
      });
      expect(res.status).toBe(422);
      expect(res.json.errors[0]).toMatchObject({ code: 'smsEmpty', detail: 'Please enter a message!' });
      const compat = await app.request({
        method: 'POST',
        url: '/api/v2/sendSms',
        token: company.owner.token,
        body: { call_id: Number(call), to: '+4930123456', message },
      });
      expect(compat.status).toBe(422);
    }
    const sent = await app.db.db.selectFrom('sms_messages').select('id').where('call_id', '=', Number(call)).execute();
    expect(sent).toEqual([]);
  });
});
