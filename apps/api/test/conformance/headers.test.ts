import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { PASSWORD, type SignedIn, type TestApp, createTestApp } from '../app';

/**
 * What HTTP clients read from the headers: content negotiation with weights, the Bearer challenge of every 401, the
 * IETF RateLimit fields, CORS for API keys from the listed origins, and the otpauth URI of two-factor sign-in.
 */

const ALLOWED = 'https://tools.example';
const API_KEY_RATE = 4;
let app: TestApp;
let admin: SignedIn;
let apiKey: string;

beforeAll(async () => {
  app = await createTestApp(
    { apiKeyRatePerMinute: API_KEY_RATE },
    { CORS_ORIGINS: `${ALLOWED}, http://localhost:5173` },
  );
  admin = await app.signIn('admin');
  const created = await app.request({
    method: 'POST',
    url: '/api/v2/api-keys',
    token: admin.token,
    body: { data: { type: 'api-keys', attributes: { name: 'Headers', scopes: ['calls:read'] } } },
  });
  expect(created.status).toBe(201);
  apiKey = created.json.data.attributes.token;
});
afterAll(async () => {
  await app?.stop();
});

/** A request exactly as given: no default Accept, no answer checks (these tests look at the headers). */
async function raw(
  method: 'GET' | 'POST' | 'OPTIONS',
  url: string,
  headers: Record<string, string> = {},
  body?: unknown,
) {
  const res = await app.app.inject({
    method,
    url,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.statusCode, headers: res.headers, json: res.body ? safeJson(res.body) : undefined };
}
function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

describe('Accept with weights', () => {
  const accept = (value: string, url = '/api/v2/users') =>
    raw('GET', url, { authorization: `Bearer ${admin.token}`, accept: value });

  it('reads q as a weight, not as a media type parameter', async () => {
    for (const value of [
      'application/vnd.api+json;q=0.9, */*;q=0.1',
      'application/vnd.api+json; q=0.5',
      'application/vnd.api+json;q=0.5;ext-after-weight=1',
      'application/json;q=0.8',
      'text/html, application/xhtml+xml, application/xml;q=0.9, */*;q=0.8',
      'application/vnd.api+json; profile="https://example.com/p";q=1',
      'text/html',
    ]) {
      const res = await accept(value);
      expect(res.status, value).toBe(200);
      expect(res.headers['content-type'], value).toBe('application/vnd.api+json');
    }
  });

  it('answers 406 when the answer is weighted 0 or every JSON:API type carries a parameter', async () => {
    for (const value of [
      'application/vnd.api+json;q=0',
      'application/vnd.api+json;q=0, text/html',
      '*/*;q=0',
      'application/*;q=0, text/html',
      'application/vnd.api+json;q=0, */*',
      'application/vnd.api+json; version=2;q=1, */*',
      'application/vnd.api+json; ext="https://example.com/ext"',
    ]) {
      const res = await accept(value);
      expect(res.status, value).toBe(406);
      expect(res.headers['content-type'], value).toBe('application/vnd.api+json');
      expect((res.json as { errors: { status: string }[] }).errors[0]!.status).toBe('406');
    }
  });

  it('prefers the most specific range and does not refuse a file answer for its JSON weight', async () => {
    expect((await accept('application/vnd.api+json;q=0.2, */*;q=0')).status).toBe(200);
    expect((await accept('application/json;q=0, application/vnd.api+json')).status).toBe(200);
    const csv = await accept('text/csv, application/vnd.api+json;q=0', '/api/v2/calls/export');
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toMatch(/^text\/csv/);
  });

  it('weighs the event stream’s media type too', async () => {
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.app.server.address() as AddressInfo;
    const stream = async (value: string) => {
      const abort = new AbortController();
      const res = await fetch(`http://127.0.0.1:${port}/api/v2/events`, {
        headers: { authorization: `Bearer ${admin.token}`, accept: value },
        signal: abort.signal,
      });
      abort.abort();
      return res.status;
    };
    expect(await stream('text/event-stream;q=0, */*;q=0.5')).toBe(406);
    expect(await stream('application/json, text/*;q=0')).toBe(406);
    expect(await stream('text/event-stream;q=0.5, */*;q=0')).toBe(200);
  });

  it('keeps refusing JSON:API media type parameters on bodies (415)', async () => {
    const res = await raw('POST', '/api/v2/login', { 'content-type': 'application/vnd.api+json; charset=utf-8' });
    expect(res.status).toBe(415);
  });
});

describe('WWW-Authenticate', () => {
  it('challenges every 401 with Bearer, and names the error when a token was presented', async () => {
    expect((await raw('GET', '/api/v2/users')).headers['www-authenticate']).toBe('Bearer realm="api"');
    expect(
      (await raw('GET', '/api/v2/users', { authorization: 'Basic dXNlcjpwYXNz' })).headers['www-authenticate'],
    ).toBe('Bearer realm="api"');

    const unknown = await raw('GET', '/api/v2/users', { authorization: 'Bearer 0123456789abcdef0123456789abcdef' });
    expect(unknown.status).toBe(401);
    expect(unknown.headers['www-authenticate']).toMatch(
      /^Bearer realm="api", error="invalid_token", error_description="[^"]+"$/,
    );

    const empty = await raw('GET', '/api/v2/users', { authorization: 'Bearer' });
    expect(empty.status).toBe(401);
    expect(empty.headers['www-authenticate']).toMatch(/^Bearer realm="api", error="invalid_request"/);

    const bot = await raw('GET', '/api/v2/bot/config', { authorization: 'Bearer pbt_0123456789abcdef0123456789' });
    expect(bot.status).toBe(401);
    expect(bot.headers['www-authenticate']).toMatch(/error="invalid_token"/);

    const ticket = await raw('GET', '/api/v2/events?ticket=pbe_0123456789abcdef0123456789', {
      accept: 'text/event-stream',
    });
    expect(ticket.status).toBe(401);
    expect(ticket.headers['www-authenticate']).toMatch(/error="invalid_token"/);
  });

  it('names an expired or signed-out token invalid_token', async () => {
    const user = await app.signIn('user', { customerId: admin.customerId! });
    const out = await raw('POST', '/api/v2/logout', { authorization: `Bearer ${user.token}` });
    expect(out.status).toBeLessThan(300);
    const after = await raw('GET', '/api/v2/me', { authorization: `Bearer ${user.token}` });
    expect(after.status).toBe(401);
    expect(after.headers['www-authenticate']).toMatch(/^Bearer realm="api", error="invalid_token"/);
  });

  it('challenges a refused sign-in without an error code (no token was presented)', async () => {
    const res = await raw('POST', '/api/v2/login', {}, { email: admin.email, password: 'wrong password here' });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="api"');
    const right = await raw('POST', '/api/v2/login', {}, { email: admin.email, password: PASSWORD });
    expect(right.status).toBe(200);
    expect(right.headers['www-authenticate']).toBeUndefined();
  });

  it('asks a session for step-up with insufficient_user_authentication (RFC 9470)', async () => {
    const fresh = await app.signIn('admin', { customerId: admin.customerId!, steppedUp: false });
    const res = await raw(
      'POST',
      '/api/v2/api-keys',
      { authorization: `Bearer ${fresh.token}`, 'content-type': 'application/vnd.api+json' },
      { data: { type: 'api-keys', attributes: { name: 'x', scopes: ['calls:read'] } } },
    );
    expect(res.status).toBe(401);
    expect((res.json as { errors: { code: string }[] }).errors[0]!.code).toBe('reauthRequired');
    expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="api", error="insufficient_user_authentication"/);
  });

  it('names the missing scope of an API key (403 insufficient_scope)', async () => {
    const res = await raw('GET', '/api/v2/users', { authorization: `Bearer ${apiKey}` });
    expect(res.status).toBe(403);
    expect(res.headers['www-authenticate']).toMatch(
      /^Bearer realm="api", error="insufficient_scope", scope="users:read", error_description="/,
    );
  });
});

describe('RateLimit and RateLimit-Policy', () => {
  it('tells an API key its quota on every answer, and names the policy of a 429 beside Retry-After', async () => {
    const limited = await createTestApp({ apiKeyRatePerMinute: 2 });
    try {
      const owner = await limited.signIn('admin');
      const created = await limited.request({
        method: 'POST',
        url: '/api/v2/api-keys',
        token: owner.token,
        body: { data: { type: 'api-keys', attributes: { name: 'Limits', scopes: ['calls:read'] } } },
      });
      const key = created.json.data.attributes.token as string;
      const call = () =>
        limited.app.inject({ method: 'GET', url: '/api/v2/calls', headers: { authorization: `Bearer ${key}` } });

      const first = await call();
      expect(first.statusCode).toBe(200);
      expect(first.headers['ratelimit-policy']).toBe('"api-key";q=2;w=60');
      expect(first.headers.ratelimit).toMatch(/^"api-key";r=1;t=([1-9]|[1-5]\d|60)$/);
      expect((await call()).headers.ratelimit).toMatch(/^"api-key";r=0;t=\d+$/);

      const refused = await call();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['ratelimit-policy']).toBe('"api-key";q=2;w=60');
      expect(refused.headers.ratelimit).toMatch(/^"api-key";r=0;t=\d+$/);

      // A signed-in session is not limited per key: no fields.
      const session = await limited.app.inject({
        method: 'GET',
        url: '/api/v2/calls',
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(session.headers.ratelimit).toBeUndefined();
    } finally {
      await limited.stop();
    }
  });

  it('names the sign-in limit that refused a login', async () => {
    const user = await app.signIn('user', { customerId: admin.customerId! });
    let refused: Awaited<ReturnType<typeof raw>> | undefined;
    for (let i = 0; i < 12 && !refused; i += 1) {
      const res = await raw('POST', '/api/v2/login', {}, { email: user.email, password: `wrong-${i}-password` });
      if (res.status === 429) refused = res;
    }
    expect(refused?.status).toBe(429);
    expect(refused!.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused!.headers['ratelimit-policy']).toBe('"login-fail";q=10;w=900');
    expect(refused!.headers.ratelimit).toBe(`"login-fail";r=0;t=${String(refused!.headers['retry-after'])}`);
  });
});

describe('CORS for API keys (CORS_ORIGINS)', () => {
  const preflight = (origin: string) =>
    raw('OPTIONS', '/api/v2/calls', {
      origin,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    });

  it('answers a preflight from a listed origin, never with credentials', async () => {
    const res = await preflight(ALLOWED);
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(res.headers['access-control-allow-methods'])).toContain('PATCH');
    expect(String(res.headers['access-control-allow-headers'])).toContain('authorization');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/\bOrigin\b/);
  });

  it('gives another origin no CORS headers', async () => {
    const res = await preflight('https://elsewhere.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const actual = await raw('GET', '/api/v2/calls', {
      origin: 'https://elsewhere.example',
      authorization: `Bearer ${apiKey}`,
    });
    expect(actual.status).toBe(200);
    expect(actual.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets a listed origin read the answers of an API key, also its refusals, and never a session’s', async () => {
    const res = await raw('GET', '/api/v2/calls', { origin: ALLOWED, authorization: `Bearer ${apiKey}` });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(res.headers['access-control-expose-headers'])).toContain('ratelimit');
    expect(String(res.headers.vary)).toMatch(/\bOrigin\b/);

    const outOfScope = await raw('GET', '/api/v2/users', { origin: ALLOWED, authorization: `Bearer ${apiKey}` });
    expect(outOfScope.status).toBe(403);
    expect(outOfScope.headers['access-control-allow-origin']).toBe(ALLOWED);

    const session = await raw('GET', '/api/v2/calls', { origin: ALLOWED, authorization: `Bearer ${admin.token}` });
    expect(session.status).toBe(200);
    expect(session.headers['access-control-allow-origin']).toBeUndefined();
    const cookie = await raw('GET', '/api/v2/calls', { origin: ALLOWED, cookie: 'pbp_device=x' });
    expect(cookie.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('is off by default and refuses a setting that is not a list of origins', async () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, http://localhost:5173/' }).corsOrigins).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
    for (const bad of ['*', 'https://a.example/path', 'a.example'])
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
    const off = await createTestApp();
    try {
      const res = await off.app.inject({
        method: 'GET',
        url: '/api/v2/public-config',
        headers: { origin: ALLOWED },
      });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(String(res.headers.vary ?? '')).not.toMatch(/\bOrigin\b/);
    } finally {
      await off.stop();
    }
  });
});

describe('two-factor enrolment', () => {
  it('writes the issuer of the otpauth URI with %20', async () => {
    const user = await app.signIn('user', { customerId: admin.customerId! });
    const started = await app.request({ method: 'POST', url: '/api/v2/me/mfa/totp', token: user.token });
    expect(started.status).toBe(200);
    const uri = started.json.meta.otpauth_uri as string;
    expect(uri).toContain('issuer=Phonebot%20Portal');
    expect(uri).not.toContain('+');
    expect(new URL(uri).searchParams.get('issuer')).toBe('Phonebot Portal');
  });
});
