import crypto from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract } from '@phonebot/shared';
import { type SignedIn, type TestApp, createTestApp } from '../app';
import { TEST_ENGINE } from '../db';
import { writeFigures } from './figures';

/**
 * Property-based input fuzzing: random and hostile path ids, query strings and bodies against every route, sent by
 * a caller allowed to use it. No answer may be a 5xx, every error must be a JSON:API error document, and a refused
 * request must change nothing in the database.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
let app: TestApp;
let callers: Record<'admin' | 'super' | 'guest', SignedIn>;
let botToken: string;

/**
 * Rows of every table a request may change, hashed; the audit log and token use times change by design, and the
 * background jobs write job_runs and prune event tickets on their own schedule.
 */
const TABLES = [
  'customers',
  'users',
  'user_tokens',
  'two_factor',
  'two_factor_challenges',
  'phonebots',
  'calls',
  'call_notes',
  'sms_messages',
  'monthly_call_counts',
  'calls_version',
  'idempotency_keys',
  'billing_events',
  'call_event_heads',
  'call_events',
];
async function fingerprint(): Promise<string> {
  if (TEST_ENGINE === 'postgres') {
    // One round trip: PostgreSQL hashes each table's rows itself (about 15 times quicker than fetching them all
    // before and after each of the thousands of requests).
    const parts = TABLES.map(
      (table) =>
        sql`select ${sql.lit(table)} as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${sql.table(table)} t`,
    );
    const rows = await sql<{ name: string; hash: string }>`${sql.join(parts, sql` union all `)}`.execute(app.db.db);
    return rows.rows.map((row) => `${row.name}:${row.hash}`).join(',');
  }
  const hash = crypto.createHash('sha256');
  for (const table of TABLES) {
    const rows = await sql`select * from ${sql.table(table)} order by 1`.execute(app.db.db);
    hash.update(table).update(JSON.stringify(rows.rows));
  }
  return hash.digest('hex');
}

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ minLength: 1000, maxLength: 20_000 }),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '\u0000',
    'a\u0000b',
    '../../etc/passwd',
    '%00',
    '😀'.repeat(50),
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '=cmd|calc',
    'NaN',
    '-1',
    '0',
    '1e309',
    ' ',
  ),
);
const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** A raw body: valid JSON of any shape, malformed JSON, prototype pollution, a JSON:API document with junk attributes. */
const rawBody = fc.oneof(
  jsonValue.map((v) => JSON.stringify(v) ?? 'null'),
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,2',
    'not json',
    '',
    '\u0000',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    `{"a":"${'x'.repeat(50_000)}"}`,
    '{"data":{"type":"users","attributes":{"__proto__":{"role":"super"}}}}',
  ),
  fc
    .record({
      data: fc.record({
        type: fc.constantFrom('users', 'vbots', 'profile', 'customers', 'x'),
        attributes: fc.dictionary(
          fc.constantFrom(
            'email',
            'name',
            'role',
            'prompt',
            'sip_port',
            'category_terms',
            'payment_status',
            'company_name',
            'iban',
            '__proto__',
          ),
          jsonValue,
        ),
      }),
    })
    .map((v) => JSON.stringify(v)),
  fc
    .record({ calls: fc.array(fc.record({ id: jsonValue, status: jsonValue }), { maxLength: 3 }) })
    .map((v) => JSON.stringify(v)),
);
const pathId = fc
  .oneof(hostileString, fc.integer().map(String), fc.constantFrom('1', '999999999999999999999', '0x10', '1.5', '-5'))
  .map((s) => encodeURIComponent(s) || 'x');
const query = fc
  .dictionary(
    fc.constantFrom('page', 'per_page', 'sort', 'search', 'date', 'month', 'view', 'email', 'token', '__proto__'),
    hostileString,
    { maxKeys: 4 },
  )
  .map((q) => new URLSearchParams(q).toString());

function callerFor(route: Contract): { token?: string } {
  if (route.auth === 'public') return {};
  if (route.auth === 'bot') return { token: botToken };
  const ops = route.operations ?? [];
  if (
    ops.some((op) =>
      [
        'customers.manage',
        'guests.manage',
        'callsHistory.view',
        'calls.retention',
        'phonebots.all',
        'settings.manage',
      ].includes(op),
    ) &&
    !ops.includes('phonebots.manage')
  ) {
    return { token: callers.super.token };
  }
  if (ops.length === 1 && ops[0] === 'phonebots.guestEdit') return { token: callers.guest.token };
  return { token: callers.admin.token };
}

beforeAll(async () => {
  app = await createTestApp();
  const admin = await app.signIn('admin');
  callers = {
    admin,
    super: await app.signIn('super'),
    guest: await app.signIn('guest', { customerId: admin.customerId! }),
  };
  const bot = await app.request({
    method: 'POST',
    url: '/api/v2/vbot',
    token: admin.token,
    body: { data: { type: 'vbots', attributes: { bezeichnung: 'Fuzz', category_terms: ['A'] } } },
  });
  botToken = bot.json.meta.bot_token;
  for (let i = 0; i < 3; i++) {
    await app.request({
      method: 'POST',
      url: '/api/v2/bot/calls',
      token: botToken,
      headers: { 'idempotency-key': `seed-${i}` },
      body: { caller_number: '+49', response: [] },
    });
  }
});
afterAll(async () => {
  await app?.stop();
});

describe('fuzzing every route', () => {
  it('never answers 5xx, always answers errors as JSON:API, and changes nothing when it refuses', async () => {
    let cases = 0;
    const failures: string[] = [];
    for (const route of app.router.contracts) {
      const { token } = callerFor(route);
      const sendsBody = route.method !== 'GET' && route.method !== 'DELETE';
      await fc.assert(
        fc.asyncProperty(
          pathId,
          query,
          rawBody,
          fc.constantFrom(
            'application/json',
            'application/vnd.api+json',
            'text/plain',
            'application/x-www-form-urlencoded',
          ),
          async (id, qs, body, type) => {
            cases++;
            const url = `/api/v2${route.path.replace(/:(\w+)/g, id)}${qs ? `?${qs}` : ''}`;
            const before = await fingerprint();
            const headers: Record<string, string> = { 'idempotency-key': crypto.randomUUID() };
            if (sendsBody) headers['content-type'] = type;
            const res = await app.request({
              method: route.method,
              url,
              token,
              headers,
              rawBody: sendsBody ? body : undefined,
            });
            const label = `${route.method} ${route.path} -> ${res.status} (${url.slice(0, 80)}, ${body.slice(0, 60)})`;
            if (res.status >= 500 && !(route.path === '/billing/paddle-webhook' && res.status === 503))
              failures.push(label);
            if (res.status >= 400) {
              const errors = res.json?.errors;
              const valid =
                Array.isArray(errors) &&
                errors.length > 0 &&
                errors.every(
                  (e: Record<string, unknown>) =>
                    typeof e.status === 'string' && typeof e.title === 'string' && typeof e.detail === 'string',
                );
              if (!valid) failures.push(`${label}: not a JSON:API error document`);
              if ((await fingerprint()) !== before) failures.push(`${label}: a refused request changed the database`);
            }
            return true;
          },
        ),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261121) },
      );
    }
    writeFigures('fuzz', { routes: app.router.contracts.length, cases, failures: failures.length });
    expect(failures).toEqual([]);
  }, 900_000);
});
