import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRYPT_PARAMS, passwordHashCost } from '../../src/lib/crypto';
import { type SignedIn, type TestApp, createTestApp } from '../app';
import { writeFigures } from './figures';

/**
 * Canary secrets: a phonebot's third-party secrets and a user's password, searched for in every answer of every
 * role, the logs, the database and the exports. Only the phonebot's own runtime may receive its secrets.
 */
const CANARIES = {
  sip_passwd: 'canary-sip-7f3a9b1c',
  e_mail_passwd: 'canary-mail-2d8e4f60',
  nat_password: 'canary-nat-91b2c3d4',
  apen_ai_key: 'sk-canary-5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d',
};
const PASSWORD_CANARY = 'canary-password-a1b2c3d4';
const ALL = [...Object.values(CANARIES), PASSWORD_CANARY];

const logLines: string[] = [];
let app: TestApp;
let actors: Record<string, SignedIn>;
let licenseKey: string;
let botToken: string;
let callId: string;

beforeAll(async () => {
  app = await createTestApp({}, {}, { logLines });
  const admin = await app.signIn('admin');
  actors = {
    admin,
    adminuser: await app.signIn('adminuser', { customerId: admin.customerId! }),
    user: await app.signIn('user', { customerId: admin.customerId! }),
    guest: await app.signIn('guest', { customerId: admin.customerId! }),
    super: await app.signIn('super'),
  };
  const created = await app.request({
    method: 'POST',
    url: '/api/v2/vbot',
    token: admin.token,
    body: { data: { type: 'vbots', attributes: { bezeichnung: 'Canary', category_terms: ['Sales'], ...CANARIES } } },
  });
  licenseKey = created.json.meta.license_Key;
  botToken = created.json.meta.bot_token;
  await app.request({
    method: 'PATCH',
    url: `/api/v2/phonebot/${licenseKey}`,
    token: actors.super!.token,
    body: { data: { type: 'vbots', attributes: { payment_status: 1 } } },
  });
  const call = await app.request({
    method: 'POST',
    url: '/api/v2/bot/calls',
    token: botToken,
    headers: { 'idempotency-key': 'canary-call' },
    body: { caller_number: '+4930', response: [{ action: 'UserRecognizedText', text: 'Hallo' }] },
  });
  callId = call.json.data.id;
  await app.request({
    method: 'POST',
    url: '/api/v2/register',
    body: {
      name: 'Canary Owner',
      email: 'canary@example.com',
      password: PASSWORD_CANARY,
      password_confirmation: PASSWORD_CANARY,
    },
  });
  await app.request({
    method: 'POST',
    url: '/api/v2/login',
    body: { email: 'canary@example.com', password: PASSWORD_CANARY },
  });
});
afterAll(async () => {
  await app?.stop();
});

describe('canary secrets', () => {
  it('appear in no answer of any role except the runtime’s own configuration', async () => {
    let answers = 0;
    const leaks: string[] = [];
    for (const route of app.router.contracts.filter((r) => r.method === 'GET' && r.auth === 'user')) {
      const url = `/api/v2${route.path
        .replace(':license_Key', licenseKey)
        .replace(':callId', callId)
        .replace(
          ':id',
          route.path.startsWith('/calls')
            ? callId
            : route.path.startsWith('/phonebots')
              ? licenseKey
              : String(actors.admin!.userId),
        )}`;
      for (const [role, actor] of Object.entries(actors)) {
        const res = await app.request({ method: 'GET', url, token: actor.token });
        answers++;
        for (const canary of ALL) if (res.body.includes(canary)) leaks.push(`${role} GET ${url}`);
      }
    }
    // Answers of writes carry the resource too.
    const patched = await app.request({
      method: 'PATCH',
      url: `/api/v2/vbot/${licenseKey}`,
      token: actors.admin!.token,
      body: { data: { type: 'vbots', attributes: { prompt: 'x' } } },
    });
    answers++;
    for (const canary of ALL) if (patched.body.includes(canary)) leaks.push('PATCH /vbot answer');
    writeFigures('canary-answers', { answers, roles: Object.keys(actors).length, leaks: leaks.length });
    expect(leaks).toEqual([]);

    const config = await app.request({ method: 'GET', url: '/api/v2/bot/config', token: botToken });
    expect(config.json.data.attributes).toMatchObject(CANARIES);
  });

  it('are not in the exports', async () => {
    const csv = await app.app.inject({
      method: 'GET',
      url: '/api/v2/calls/export?view=all',
      headers: { authorization: `Bearer ${actors.admin!.token}` },
    });
    expect(csv.statusCode).toBe(200);
    for (const canary of ALL) expect(csv.body).not.toContain(canary);
  });

  it('are not in the logs, even at the most verbose level', async () => {
    await app.mailer.idle();
    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(1000);
    for (const canary of ALL) expect(log).not.toContain(canary);
    expect(log).not.toContain(botToken);
  });

  it('are not in the database in plaintext (rows, and for SQLite the file itself)', async () => {
    const tables = await (app.db.engine === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(app.db.db)
      : sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public'`.execute(app.db.db));
    for (const { name } of tables.rows) {
      const rows = await sql`select * from ${sql.table(name)}`.execute(app.db.db);
      const text = JSON.stringify(rows.rows);
      for (const canary of [...ALL, botToken]) expect(text, name).not.toContain(canary);
    }
    if (app.db.engine === 'sqlite') {
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(app.db.db);
      for (const file of fs.readdirSync(app.config.dataDir).filter((f) => f.startsWith('phonebot.sqlite'))) {
        const bytes = fs.readFileSync(path.join(app.config.dataDir, file)).toString('latin1');
        for (const canary of [...ALL, botToken]) expect(bytes, file).not.toContain(canary);
      }
    }
  });
});

describe('headers and hashing', () => {
  it('sends the security headers and the CSP on every API answer', async () => {
    for (const url of ['/api/v2/me', '/api/v2/nothing', '/healthz', '/api/v2/openapi.json']) {
      const res = await app.request({ method: 'GET', url, token: actors.admin!.token });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['strict-transport-security'], url).toContain('max-age=');
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain('unsafe-eval');
      expect(csp, url).not.toContain('upgrade-insecure-requests');
    }
  });

  // The cost of 32 MiB outside a test run is the unit test's (lib.unit.test.ts); a test run makes cheaper ones.
  it('hashes passwords with scrypt at the configured cost and stores only token hashes', async () => {
    const hashes = await app.db.db
      .selectFrom('users')
      .select('password_hash')
      .where('password_hash', 'is not', null)
      .execute();
    for (const { password_hash } of hashes) {
      const [kind, n, r, p, salt, hash] = password_hash!.split('$');
      expect(kind).toBe('scrypt');
      expect(Number(n)).toBe(passwordHashCost());
      expect(Number(r)).toBe(SCRYPT_PARAMS.r);
      expect(Number(p)).toBeGreaterThanOrEqual(1);
      expect(Buffer.from(salt!, 'base64url').length).toBe(16);
      expect(Buffer.from(hash!, 'base64url').length).toBe(SCRYPT_PARAMS.keylen);
    }
    const tokens = await app.db.db.selectFrom('access_tokens').select('token_hash').execute();
    for (const { token_hash } of tokens) expect(token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers register and forgot alike for known and unknown addresses', async () => {
    const body = (email: string) => ({
      name: 'X',
      email,
      password: 'password-123',
      password_confirmation: 'password-123',
    });
    const known = await app.request({ method: 'POST', url: '/api/v2/register', body: body(actors.user!.email) });
    const unknown = await app.request({
      method: 'POST',
      url: '/api/v2/register',
      body: body('never-seen@example.com'),
    });
    expect([known.status, known.body]).toEqual([unknown.status, unknown.body]);
    const forgotKnown = await app.request({
      method: 'POST',
      url: '/api/v2/password-forgot',
      body: { email: actors.user!.email },
    });
    const forgotUnknown = await app.request({
      method: 'POST',
      url: '/api/v2/password-forgot',
      body: { email: 'never-seen-2@example.com' },
    });
    expect([forgotKnown.status, forgotKnown.body]).toEqual([forgotUnknown.status, forgotUnknown.body]);
  });
});
