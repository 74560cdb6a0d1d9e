import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@phonebot/shared';
import { buildOpenApi } from '../../src/lib/openapi';
import { VALID_PNG } from '../fixtures';
import { type SignedIn, type TestApp, createTestApp } from '../app';

/**
 * What the API's document and its resources promise a client: only required attributes marked required, every
 * body described (also the avatar upload), one type for the signed-in user, and the company's number named for
 * what it is.
 */

let app: TestApp;
let admin: SignedIn;
type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; default?: unknown };
type Operation = { operationId: string; requestBody?: { content: Record<string, { schema: Schema }> } };
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  app = await createTestApp();
  admin = await app.signIn('admin');
  paths = buildOpenApi(app.router.contracts, API_BASE, { version: 'test', termsUrl: 'http://portal.test' })
    .paths as typeof paths;
});
afterAll(async () => {
  await app?.stop();
});

function operation(operationId: string): Operation {
  for (const methods of Object.values(paths)) {
    for (const op of Object.values(methods)) if (op.operationId === operationId) return op;
  }
  throw new Error(`no operation ${operationId}`);
}

describe('the OpenAPI document', () => {
  it('marks only the name of a new phonebot required and shows the defaults of the rest', () => {
    const body = operation('createPhonebot').requestBody!.content['application/vnd.api+json']!.schema;
    const attributes = body.properties!.data!.properties!.attributes!;
    expect(attributes.required).toEqual(['bezeichnung']);
    const others = Object.entries(attributes.properties!).filter(([name]) => name !== 'bezeichnung');
    expect(others.length).toBeGreaterThan(40);
    for (const [name, property] of others) expect(property, name).toHaveProperty('default');
  });

  it('marks required only what a request cannot leave out, on every operation with a JSON body', () => {
    let checked = 0;
    for (const contract of app.router.contracts) {
      if (!contract.body || contract.formBody) continue;
      const schema = operation(contract.operationId).requestBody?.content['application/json']?.schema;
      if (!schema?.properties) continue;
      const resource = contract.resource !== undefined && schema.properties.data?.properties?.attributes;
      const object = resource ? schema.properties.data!.properties!.attributes! : schema;
      const required = object.required ?? [];
      if (required.length === 0) continue;
      // The least body there is: no attributes at all. Every property the document requires must be refused.
      const probe = resource ? { data: { type: contract.resource!.type, attributes: {} } } : {};
      const result = contract.body.safeParse(probe);
      expect(result.success, contract.operationId).toBe(false);
      const refused = new Set(result.error!.issues.map((issue) => String(issue.path[resource ? 2 : 0])));
      for (const name of required) expect(refused.has(name), `${contract.operationId}: ${name}`).toBe(true);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('describes the avatar upload’s multipart body, and the upload works as described', async () => {
    const body = operation('uploadAvatar').requestBody!;
    const multipart = body.content['multipart/form-data']!.schema;
    expect(multipart.required).toEqual(['attachment']);
    expect(multipart.properties!.attachment).toMatchObject({ type: 'string', format: 'binary' });

    const boundary = 'conformance-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      VALID_PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.app.inject({
      method: 'POST',
      url: `/api/v2/uploads/users/${admin.userId}/profile-image`,
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).meta.url).toMatch(/^\/uploads\//);
  });
});

describe('a new phonebot', () => {
  it('takes its defaults for what is left out, and still needs a name', async () => {
    const created = await app.request({
      method: 'POST',
      url: '/api/v2/phonebots',
      token: admin.token,
      body: { data: { type: 'phonebots', attributes: { bezeichnung: 'Defaults Desk' } } },
    });
    expect(created.status).toBe(201);
    expect(created.json.data.attributes).toMatchObject({
      bezeichnung: 'Defaults Desk',
      chatmodel: 'gpt-4o',
      voice: 'Shimmer',
      abort_time: 30,
      web_log_enabled: true,
      category_terms: [],
    });
    const nameless = await app.request({
      method: 'POST',
      url: '/api/v2/phonebots',
      token: admin.token,
      body: { data: { type: 'phonebots', attributes: { prompt: 'Be brief.' } } },
    });
    expect(nameless.status).toBe(422);
    expect(nameless.json.errors[0]).toMatchObject({
      code: 'phonebotNameRequired',
      source: { pointer: '/data/attributes/bezeichnung' },
    });
    const badDefault = await app.request({
      method: 'POST',
      url: '/api/v2/vbot',
      token: admin.token,
      body: { data: { type: 'vbots', attributes: { bezeichnung: 'Old form', abort_time: 2 } } },
    });
    expect(badDefault.status).toBe(422);
  });
});

describe('the signed-in user', () => {
  it('is a users resource when read and when changed; the original type profile still works', async () => {
    const user = await app.signIn('user', { customerId: admin.customerId! });
    const read = await app.request({ method: 'GET', url: '/api/v2/me', token: user.token });
    expect(read.json.data).toMatchObject({ type: 'users', id: String(user.userId) });

    const asRead = await app.request({
      method: 'PATCH',
      url: '/api/v2/me',
      token: user.token,
      body: { data: { type: 'users', id: read.json.data.id, attributes: { name: 'Ulla User' } } },
    });
    expect(asRead.status).toBe(200);
    expect(asRead.json.data).toMatchObject({ type: 'users', attributes: { name: 'Ulla User' } });

    const original = await app.request({
      method: 'PATCH',
      url: '/api/v2/me',
      token: user.token,
      body: { data: { type: 'profile', attributes: { name: 'Ulla U.' } } },
    });
    expect(original.status).toBe(200);
    expect(original.json.data.type).toBe('users');

    const other = await app.request({
      method: 'PATCH',
      url: '/api/v2/me',
      token: user.token,
      body: { data: { type: 'customers', attributes: { name: 'X' } } },
    });
    expect(other.status).toBe(409);
    expect(other.json.errors[0].source.pointer).toBe('/data/type');
  });
});

describe('the company of a user', () => {
  it('is named customer_number, the number its customers resource carries, not that resource’s id', async () => {
    const superUser = await app.signIn('super');
    const colleague = await app.signIn('user', { customerId: admin.customerId! });
    const users = await app.request({ method: 'GET', url: '/api/v2/users', token: admin.token });
    for (const user of users.json.data) {
      expect(user.attributes.customer_number).toBe(admin.customerId);
      expect(user.attributes).not.toHaveProperty('customer_id');
    }
    const me = await app.request({ method: 'GET', url: '/api/v2/me', token: colleague.token });
    expect(me.json.data.attributes.customer_number).toBe(admin.customerId);
    const customer = await app.request({
      method: 'GET',
      url: `/api/v2/customers/${admin.userId}`,
      token: superUser.token,
    });
    expect(customer.json.data.id).toBe(String(admin.userId));
    expect(customer.json.data.attributes.customer_number).toBe(admin.customerId);
    const listed = await app.request({ method: 'GET', url: '/api/v2/customers?per_page=all', token: superUser.token });
    const row = listed.json.data.find((c: { id: string }) => c.id === String(admin.userId));
    expect(row.attributes.customer_number).toBe(admin.customerId);
  });
});
