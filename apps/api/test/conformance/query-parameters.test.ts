import type { AddressInfo } from 'node:net';
import crypto from 'node:crypto';
import Kitsu from 'kitsu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJsonApiQuery, resourceShapes } from '../../src/lib/jsonapi-query';
import { ApiError } from '../../src/lib/errors';
import { jsonApiProblems } from '../answer-check';
import { PASSWORD, type SignedIn, type TestApp, createTestApp } from '../app';

/**
 * JSON:API's `include`, `fields[TYPE]` and `sort` either work or answer 400 naming the parameter, on every operation
 * that answers resources; the original routes keep their own parameters.
 */

let app: TestApp;
let admin: SignedIn;
let superUser: SignedIn;
let callId: string;

type Resource = { type: string; id: string; attributes?: Record<string, unknown> };

beforeAll(async () => {
  app = await createTestApp();
  admin = await app.signIn('admin');
  superUser = await app.signIn('super');
  for (const name of ['Bravo Desk', 'Alpha Desk', 'Charlie Desk']) {
    const created = await app.request({
      method: 'POST',
      url: '/api/v2/phonebots',
      token: admin.token,
      body: { data: { type: 'phonebots', attributes: { bezeichnung: name } } },
    });
    expect(created.status).toBe(201);
  }
  const bot = await app.request({
    method: 'POST',
    url: '/api/v2/vbot',
    token: admin.token,
    body: { data: { type: 'vbots', attributes: { bezeichnung: 'Query bot' } } },
  });
  for (const number of ['+491701111111', '+491702222222']) {
    const call = await app.request({
      method: 'POST',
      url: '/api/v2/bot/calls',
      token: bot.json.meta.bot_token,
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: { caller_number: number, response: [] },
    });
    expect(call.status).toBe(201);
    callId = call.json.data.id;
  }
});
afterAll(async () => {
  await app?.stop();
});

/** A request as sent, its answer only checked against the JSON:API schema (a sparse answer leaves attributes out). */
async function get(url: string, token = admin.token) {
  const res = await app.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.api+json' },
  });
  const json = res.body ? JSON.parse(res.body) : undefined;
  if (json !== undefined) expect(jsonApiProblems(json), res.body).toBeUndefined();
  return { status: res.statusCode, json };
}

function expectRefusal(
  res: { status: number; json: { errors: { status: string; source?: { parameter?: string } }[] } },
  parameter: string,
) {
  expect(res.status).toBe(400);
  expect(res.json.errors[0]).toMatchObject({ status: '400', source: { parameter } });
}

describe('every operation that answers resources', () => {
  it('refuses include, checks fields[TYPE] and sort, and leaves the other operations alone', () => {
    const contracts = app.router.contracts;
    const resourceOperations = contracts.filter((contract) => resourceShapes(contract).size > 0);
    expect(resourceOperations.length).toBeGreaterThan(40);
    const parameterOf = (run: () => unknown) => {
      try {
        run();
        return undefined;
      } catch (error) {
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).status).toBe(400);
        return (error as ApiError).errors[0]?.source?.parameter;
      }
    };
    for (const contract of resourceOperations) {
      const [type, attributes] = [...resourceShapes(contract)][0]!;
      const name = contract.operationId;
      expect(
        parameterOf(() => readJsonApiQuery(contract, { include: 'owner' })),
        name,
      ).toBe('include');
      expect(
        parameterOf(() => readJsonApiQuery(contract, { 'fields[nothing]': 'a' })),
        name,
      ).toBe('fields[nothing]');
      expect(
        parameterOf(() => readJsonApiQuery(contract, { [`fields[${type}]`]: 'no_such_field' })),
        name,
      ).toBe(`fields[${type}]`);
      const some = [...attributes].slice(0, 2);
      expect(readJsonApiQuery(contract, { [`fields[${type}]`]: some.join(',') })?.get(type), name).toEqual(
        new Set(some),
      );
      const sort = parameterOf(() => readJsonApiQuery(contract, { sort: '-no_such_field' }));
      if (contract.sorts || !contract.tags.includes('Compatibility')) expect(sort, name).toBe('sort');
      else expect(sort, name).toBeUndefined();
      for (const field of contract.sorts ?? []) {
        expect(
          parameterOf(() => readJsonApiQuery(contract, { sort: `-${field}` })),
          name,
        ).toBeUndefined();
      }
    }
    // Operations without resources (actions, files, streams) are not judged by these rules.
    for (const contract of contracts.filter((c) => resourceShapes(c).size === 0)) {
      expect(readJsonApiQuery(contract, { include: 'x', sort: 'y', 'fields[z]': 'w' })).toBeUndefined();
    }
  });
});

describe('include', () => {
  it('answers 400 naming include, on resources and original routes alike', async () => {
    expectRefusal(await get('/api/v2/users?include=calls'), 'include');
    expectRefusal(await get(`/api/v2/calls/${callId}?include=notes`), 'include');
    expectRefusal(await get('/api/v2/user?include=customer'), 'include');
    expectRefusal(await get('/api/v2/phonebots?include='), 'include');
  });
});

describe('sparse fieldsets', () => {
  it('answers only the listed attributes of a list, a resource and a change', async () => {
    const users = await get('/api/v2/users?fields[users]=name,email');
    expect(users.status).toBe(200);
    expect(users.json.data.length).toBeGreaterThan(0);
    for (const user of users.json.data as Resource[]) {
      expect(Object.keys(user.attributes ?? {}).sort()).toEqual(['email', 'name']);
      expect(user).toMatchObject({ type: 'users' });
    }

    const one = await get(`/api/v2/calls/${callId}?fields[calls]=status,caller_number`);
    expect(one.json.data.attributes).toEqual({ status: 'New', caller_number: '+491702222222' });

    const none = await get(`/api/v2/calls/${callId}?fields[calls]=`);
    expect(none.json.data).toEqual({ type: 'calls', id: callId });

    const changed = await app.app.inject({
      method: 'PATCH',
      url: `/api/v2/calls/${callId}?fields[calls]=status`,
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/vnd.api+json' },
      payload: JSON.stringify({ data: { type: 'calls', id: callId, attributes: { status: 'In Progress' } } }),
    });
    expect(changed.statusCode).toBe(200);
    expect(JSON.parse(changed.body).data.attributes).toEqual({ status: 'In Progress' });
  });

  it('narrows the call lists, whether a page is kept as text or every call is streamed', async () => {
    for (const url of [
      '/api/v2/calls?fields[calls]=caller_number',
      '/api/v2/calls?fields[calls]=caller_number',
      '/api/v2/callsview?per_page=all&fields[calls]=caller_number',
      '/api/v2/calls?page[size]=all&fields[calls]=caller_number',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.json.data.length, url).toBeGreaterThanOrEqual(1);
      for (const call of res.json.data as Resource[])
        expect(Object.keys(call.attributes ?? {}), url).toEqual(['caller_number']);
      expect(res.json.meta.total, url).toBeGreaterThanOrEqual(1);
    }
    // The same list without a fieldset is whole again.
    const whole = await get('/api/v2/calls');
    expect(Object.keys((whole.json.data as Resource[])[0]!.attributes ?? {}).length).toBeGreaterThan(10);
  });

  it('answers 400 for a type the operation does not answer or an attribute its type lacks', async () => {
    expectRefusal(await get('/api/v2/users?fields[calls]=status'), 'fields[calls]');
    expectRefusal(await get('/api/v2/users?fields[users]=password_hash'), 'fields[users]');
    expectRefusal(await get('/api/v2/users?fields=name'), 'fields');
  });
});

describe('sort', () => {
  it('sorts the lists that sort, by one allowed field either way', async () => {
    const names = async (sort: string) =>
      ((await get(`/api/v2/phonebots?sort=${sort}`)).json.data as Resource[]).map((p) =>
        String(p.attributes?.bezeichnung),
      );
    const ascending = await names('bezeichnung');
    expect(ascending).toEqual(['Alpha Desk', 'Bravo Desk', 'Charlie Desk', 'Query bot']);
    expect(await names('-bezeichnung')).toEqual([...ascending].reverse());

    const calls = await get('/api/v2/calls?sort=caller_number');
    expect((calls.json.data as Resource[]).map((c) => c.attributes?.caller_number)).toEqual([
      '+491701111111',
      '+491702222222',
    ]);
    expect((await get('/api/v2/customers?sort=-company_name', superUser.token)).status).toBe(200);
  });

  it('answers 400 naming sort for another field, several fields, or a list that does not sort', async () => {
    expectRefusal(await get('/api/v2/phonebots?sort=prompt'), 'sort');
    expectRefusal(await get('/api/v2/calls?sort=-status,caller_number'), 'sort');
    expectRefusal(await get('/api/v2/calls?sort=-unknown'), 'sort');
    expectRefusal(await get('/api/v2/users?sort=name'), 'sort');
    expectRefusal(await get('/api/v2/customers?sort=iban', superUser.token), 'sort');
  });

  it('lets an original route that does not sort ignore sort, as it always did', async () => {
    expect((await get('/api/v2/user?sort=name')).status).toBe(200);
    expect((await get('/api/v2/vbot?sort=-bezeichnung')).status).toBe(200);
  });
});

describe('a standard JSON:API client (kitsu)', () => {
  it('sends fields and sort as JSON:API spells them and gets what it asked for', async () => {
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.app.server.address() as AddressInfo;
    const login = await fetch(`http://127.0.0.1:${port}/api/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({ email: admin.email, password: PASSWORD }),
    });
    const token = ((await login.json()) as { meta: { access_token: string } }).meta.access_token;
    const api = new Kitsu({
      baseURL: `http://127.0.0.1:${port}/api/v2`,
      headers: { Authorization: `Bearer ${token}` },
    });

    const phonebots = (await api.get('phonebots', {
      params: { fields: { phonebots: 'bezeichnung' }, sort: '-bezeichnung' },
    })) as { data: { id: string; bezeichnung?: string; prompt?: string }[] };
    expect(phonebots.data.length).toBeGreaterThanOrEqual(3);
    expect(phonebots.data.every((p) => typeof p.bezeichnung === 'string' && p.prompt === undefined)).toBe(true);

    await expect(api.get('users', { params: { include: 'calls' } })).rejects.toMatchObject({
      response: { status: 400 },
    });
    await expect(api.get('users', { params: { sort: 'name' } })).rejects.toMatchObject({ response: { status: 400 } });
  });
});
