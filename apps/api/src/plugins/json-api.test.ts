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
});
