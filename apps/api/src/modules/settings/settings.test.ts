import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { type TestApp, createTestApp } from '../../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp(
    {},
    {
      OPERATOR_NAME: 'Beispiel Telefonie GmbH',
      OPERATOR_ADDRESS: 'Hauptstraße 5, 50667 Köln',
      OPERATOR_EMAIL: 'kontakt@beispiel.example',
      IMPRINT_URL: 'https://beispiel.example/impressum',
    },
  );
});
afterAll(async () => {
  await app?.stop();
});

const operatorDoc = (attributes: Record<string, unknown>) => ({ data: { type: 'operator-settings', attributes } });

describe('operator identity', () => {
  it('starts from the environment, shows unset parts as null, and lets the super change and clear them', async () => {
    const open = await app.request({ method: 'GET', url: '/api/v2/public-config' });
    expect(open.status).toBe(200);
    expect(open.json.meta).toEqual({
      paddle: null,
      operator: {
        name: 'Beispiel Telefonie GmbH',
        address: 'Hauptstraße 5, 50667 Köln',
        phone: null,
        email: 'kontakt@beispiel.example',
        imprint_url: 'https://beispiel.example/impressum',
        privacy_url: null,
        terms_url: null,
      },
    });

    const sup = await app.signIn('super');
    const read = await app.request({ method: 'GET', url: '/api/v2/settings/operator', token: sup.token });
    expect(read.json.data).toMatchObject({ type: 'operator-settings', id: 'operator' });
    expect(read.json.data.attributes).toEqual(open.json.meta.operator);

    const changed = await app.request({
      method: 'PATCH',
      url: '/api/v2/settings/operator',
      token: sup.token,
      body: operatorDoc({ phone: ' +49 221 123456 ', privacy_url: 'https://beispiel.example/datenschutz', email: '' }),
    });
    expect(changed.status).toBe(200);
    expect(changed.json.data.attributes).toEqual({
      name: 'Beispiel Telefonie GmbH',
      address: 'Hauptstraße 5, 50667 Köln',
      phone: '+49 221 123456',
      // Cleared on purpose: the environment's value no longer shows.
      email: null,
      imprint_url: 'https://beispiel.example/impressum',
      privacy_url: 'https://beispiel.example/datenschutz',
      terms_url: null,
    });
    expect((await app.request({ method: 'GET', url: '/api/v2/public-config' })).json.meta.operator).toEqual(
      changed.json.data.attributes,
    );
    // A second save updates the saved rows.
    const again = await app.request({
      method: 'PATCH',
      url: '/api/v2/settings/operator',
      token: sup.token,
      body: operatorDoc({ email: 'info@beispiel.example' }),
    });
    expect(again.json.data.attributes.email).toBe('info@beispiel.example');
    const audited = await app.db.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_user_id', '=', sup.userId)
      .where('action', '=', 'settings.operator')
      .execute();
    expect(audited).toHaveLength(2);
  });

  it('refuses bad values field by field and changes nothing', async () => {
    const sup = await app.signIn('super');
    const before = (await app.request({ method: 'GET', url: '/api/v2/settings/operator', token: sup.token })).json;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'not-an-address' }, '/data/attributes/email', 'emailInvalid'],
      [{ imprint_url: 'javascript:alert(1)' }, '/data/attributes/imprint_url', 'urlInvalid'],
      [{ terms_url: 'ftp://x.example' }, '/data/attributes/terms_url', 'urlInvalid'],
      [{ phone: 'call me' }, '/data/attributes/phone', 'phoneInvalid'],
      [{ name: 'x'.repeat(201) }, '/data/attributes/name', 'valueTooLong'],
      [{ name: 5 }, '/data/attributes/name', 'invalidType'],
    ];
    for (const [attributes, pointer, code] of cases) {
      const res = await app.request({
        method: 'PATCH',
        url: '/api/v2/settings/operator',
        token: sup.token,
        body: operatorDoc({ name: 'Changed', ...attributes }),
      });
      expect(res.status, JSON.stringify(attributes)).toBe(422);
      expect(res.json.errors[0]).toMatchObject({ code, source: { pointer } });
    }
    const wrongType = await app.request({
      method: 'PATCH',
      url: '/api/v2/settings/operator',
      token: sup.token,
      body: { data: { type: 'users', attributes: { name: 'Changed' } } },
    });
    expect(wrongType.status).toBe(409);
    expect((await app.request({ method: 'GET', url: '/api/v2/settings/operator', token: sup.token })).json).toEqual(
      before,
    );
  });

  it('is the super’s alone', async () => {
    for (const role of ['admin', 'adminuser', 'user', 'guest'] as const) {
      const { token } = await app.signIn(role);
      expect((await app.request({ method: 'GET', url: '/api/v2/settings/operator', token })).status, role).toBe(403);
      const patch = await app.request({
        method: 'PATCH',
        url: '/api/v2/settings/operator',
        token,
        body: operatorDoc({ name: 'Taken over' }),
      });
      expect(patch.status, role).toBe(403);
    }
    expect((await app.request({ method: 'GET', url: '/api/v2/settings/operator' })).status).toBe(401);
    expect((await app.request({ method: 'GET', url: '/api/v2/public-config' })).json.meta.operator.name).not.toBe(
      'Taken over',
    );
  });

  it('refuses an operator seed the environment gets wrong, naming the variable', () => {
    expect(() => loadConfig({ OPERATOR_EMAIL: 'nope' })).toThrow(/OPERATOR_EMAIL: Email has to be a valid/);
    expect(() => loadConfig({ IMPRINT_URL: 'www.example.com' })).toThrow(/IMPRINT_URL/);
    expect(loadConfig({}).operator).toEqual({
      name: '',
      address: '',
      phone: '',
      email: '',
      imprint_url: '',
      privacy_url: '',
      terms_url: '',
    });
  });
});
