import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

describe('API conventions', () => {
  it('answers an unknown API path with a JSON:API 404', async () => {
    const res = await app.request({ method: 'GET', url: '/api/v2/no-such-thing' });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toContain('application/vnd.api+json');
    expect(res.json.errors[0]).toMatchObject({ status: '404', title: 'Not Found' });
  });

  it('answers a wrong media type with 415 and malformed JSON with 400', async () => {
    const text = await app.request({
      method: 'POST',
      url: '/api/v2/login',
      headers: { 'content-type': 'text/plain' },
      rawBody: 'hello',
    });
    expect(text.status).toBe(415);
    expect(text.json.errors[0].status).toBe('415');
    const form = await app.request({
      method: 'POST',
      url: '/api/v2/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: 'a=b',
    });
    expect(form.status).toBe(415);
    const bad = await app.request({
      method: 'POST',
      url: '/api/v2/login',
      headers: { 'content-type': 'application/json' },
      rawBody: '{"email":',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].code).toBe('invalidJson');
  });

  it('accepts both JSON media types', async () => {
    for (const type of ['application/json', 'application/vnd.api+json']) {
      const res = await app.request({
        method: 'POST',
        url: '/api/v2/login',
        headers: { 'content-type': type },
        rawBody: '{"email":"a@b.de","password":"x"}',
      });
      expect(res.status).toBe(401);
    }
  });

  it('refuses hostile bodies with 4xx, never 5xx', async () => {
    const bodies = [
      '[]',
      '"text"',
      'null',
      '123',
      '{"__proto__":{"admin":true},"email":"a@b.de","password":"x"}',
      `{"email":"${'a'.repeat(5000)}@b.de","password":"x"}`,
      '{"email":"a\\u0000@b.de","password":"x"}',
    ];
    for (const rawBody of bodies) {
      const res = await app.request({
        method: 'POST',
        url: '/api/v2/login',
        headers: { 'content-type': 'application/json' },
        rawBody,
      });
      expect(res.status, rawBody.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.status, rawBody.slice(0, 40)).toBeLessThan(500);
      expect(res.json.errors.length).toBeGreaterThan(0);
    }
    const huge = await app.request({
      method: 'POST',
      url: '/api/v2/login',
      headers: { 'content-type': 'application/json' },
      rawBody: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
  });

  it('sets security headers without upgrade-insecure-requests and echoes a request id', async () => {
    const res = await app.request({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'trace-123' } });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('trace-123');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('reports readiness of the database', async () => {
    const res = await app.request({ method: 'GET', url: '/readyz' });
    expect(res.status).toBe(200);
    expect(res.json.database).toBe(app.db.engine);
  });

  it('serves an OpenAPI document of every route, generated from the schemas, and a reference page', async () => {
    const res = await app.request({ method: 'GET', url: '/api/v2/openapi.json' });
    expect(res.status).toBe(200);
    expect(res.json.openapi).toMatch(/^3\./);
    for (const route of app.router.contracts) {
      const path = `/api/v2${route.path.replace(/:(\w+)/g, '{$1}')}`;
      expect(res.json.paths[path]?.[route.method.toLowerCase()], `${route.method} ${path}`).toBeDefined();
    }
    const login = res.json.paths['/api/v2/login'].post;
    expect(login.requestBody.content['application/vnd.api+json'].schema.required).toEqual(['email', 'password']);
    const page = await app.request({ method: 'GET', url: '/api/v2/docs' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('POST /api/v2/login');
  });

  it('refuses a deeply nested body with 400 before parsing, and finds NUL characters by a linear scan', async () => {
    const post = (rawBody: string) =>
      app.request({ method: 'POST', url: '/api/v2/login', headers: { 'content-type': 'application/json' }, rawBody });
    const deep = await post(`${'['.repeat(5000)}${']'.repeat(5000)}`);
    expect(deep.status).toBe(400);
    expect(deep.json.errors[0].code).toBe('jsonTooDeep');
    const deepObject = await post(`${'{"a":'.repeat(40)}1${'}'.repeat(40)}`);
    expect(deepObject.status).toBe(400);

    const nul = await post('{"email":"a@b.de","password":"x","list":[1,{"k":"v\\\\u0000"},{"k":"\\u0000"}]}');
    expect(nul.status).toBe(422);
    expect(nul.json.errors[0].source.pointer).toBe('/list/2/k');
    // An escaped backslash followed by the letters u0000 is no NUL character.
    const backslash = await post('{"email":"a@b.de","password":"\\\\u0000"}');
    expect(backslash.status).toBe(401);
    const inKey = await post('{"email":"a@b.de","password":"x","\\u0000":1}');
    expect(inKey.json.errors[0].source.pointer).toBe('/\u0000');
  });

  it('answers a multipart body without a boundary or cut short with 400', async () => {
    const { token, userId } = await app.signIn('user');
    const url = `/api/v2/uploads/users/${userId}/profile-image`;
    const noBoundary = await app.request({
      method: 'POST',
      url,
      token,
      headers: { 'content-type': 'multipart/form-data' },
      rawBody: 'abc',
    });
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.json.errors[0].code).toBe('multipartInvalid');
    const cut = await app.request({
      method: 'POST',
      url,
      token,
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      rawBody: '--XYZ\r\nContent-Disposition: form-data; name="attachment"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(cut.status).toBe(400);
    expect(cut.json.errors[0].code).toBe('multipartInvalid');
  });

  it('accepts only decimal digits as ids', async () => {
    const { token, userId } = await app.signIn('admin');
    expect((await app.request({ method: 'GET', url: `/api/v2/user/${userId}`, token })).status).toBe(200);
    // Other spellings of the same, existing id name nothing.
    const spellings = [
      `${userId}e0`,
      `0x${userId.toString(16)}`,
      `+${userId}`,
      `${userId}.0`,
      ` ${userId}`,
      `0${userId}`,
    ];
    for (const id of [...spellings, '1e3', '0x10', '99999999999999999'])
      expect(
        (await app.request({ method: 'GET', url: `/api/v2/user/${encodeURIComponent(id)}`, token })).status,
        id,
      ).toBe(404);
  });

  it('keeps signed-in answers out of shared caches', async () => {
    const { token } = await app.signIn('admin');
    const me = await app.request({ method: 'GET', url: '/api/v2/me', token });
    expect(me.headers['cache-control']).toBe('private, no-store');
    expect(String(me.headers.vary)).toMatch(/authorization/i);
    const list = await app.request({ method: 'GET', url: '/api/v2/callsview', token });
    expect(list.headers['cache-control']).toBe('private, no-cache');
    expect(String(list.headers.vary)).toMatch(/authorization/i);
  });

  it('reads no body of a signed-in route without a token, and at most 64 KiB of a public route', async () => {
    const big = JSON.stringify({ email: 'a@b.de', password: 'x', pad: 'y'.repeat(100_000) });
    const headers = { 'content-type': 'application/json' };
    const anonymous = await app.request({ method: 'PATCH', url: '/api/v2/me', headers, rawBody: big });
    expect(anonymous.status).toBe(401);
    const sized = await app.request({ method: 'POST', url: '/api/v2/login', headers, rawBody: big });
    expect(sized.status).toBe(413);
    // Without a Content-Length (chunked) the body is cut off at the limit as it arrives.
    const chunked = await app.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      headers,
      payload: Readable.from([big.slice(0, 50_000), big.slice(50_000)]),
    });
    expect(chunked.statusCode).toBe(413);
    const small = await app.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      headers,
      payload: Readable.from([JSON.stringify({ email: 'a@b.de', password: 'x' })]),
    });
    expect(small.statusCode).toBe(401);
  });
});
