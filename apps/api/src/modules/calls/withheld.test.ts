import crypto from 'node:crypto';
import { isWithheldNumber } from '@phonebot/shared/calls';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/app';
import { type LiveCompany, liveCompany } from '../../../test/live';
import { withheldNumberSql } from './withheld';

let app: TestApp;
const API = '/api/v2';

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

/** A call from `caller` as the phonebot runtime posts it; answers its id. */
async function callFrom(company: LiveCompany, caller: string): Promise<string> {
  const res = await app.request({
    method: 'POST',
    url: `${API}/bot/calls`,
    token: company.botToken,
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: { caller_number: caller, response: [{ action: 'UserRecognizedText', text: 'Bitte um Rückruf' }] },
  });
  expect(res.status, res.body).toBe(201);
  return res.json.data.id as string;
}

const WITHHELD = ['anonymous', 'Anonymous', 'ANONYMOUS', 'unknown', 'private', 'Restricted', 'withheld', '+266696687'];
const today = () => new Date().toISOString().slice(0, 10);

describe('withheld numbers', () => {
  it('are the values without a digit 1-9 and the carriers’ codes for a hidden number, on both engines alike', async () => {
    const samples = [
      ...WITHHELD,
      '',
      ' ',
      'unavailable',
      'Unbekannt',
      'sip:anonymous@anonymous.invalid',
      '0',
      '000000',
      '+0',
      '-',
      '+7378742833',
      '+8656696',
      '+86282452253',
      '+4930123456',
      '030 1234567',
      '+1 (555) 010-9999',
      '100',
      '266696687',
    ];
    const expected = samples.map((s) => [
      s,
      !/[1-9]/.test(s) || ['+266696687', '+7378742833', '+8656696', '+86282452253'].includes(s),
    ]);
    expect(samples.map((s) => [s, isWithheldNumber(s)])).toEqual(expected);
    for (const sample of samples) {
      const row = await sql<{ w: unknown }>`select case when ${withheldNumberSql(
        sql<string>`cast(${sample} as text)`,
      )} then 1 else 0 end as w`.execute(app.db.db);
      expect([sample, Number(row.rows[0]!.w) === 1]).toEqual([sample, isWithheldNumber(sample)]);
    }
  });

  it('are never one caller: no repeat count, no caller export, erasure or timeline, no repeat caller in Insights', async () => {
    const company = await liveCompany(app);
    const token = company.owner.token;
    const withheld: string[] = [];
    for (const caller of WITHHELD) withheld.push(await callFrom(company, caller));
    withheld.push(await callFrom(company, 'anonymous'), await callFrom(company, 'anonymous'));
    const known = [await callFrom(company, '+4930555111'), await callFrom(company, '+4930555111')];

    // The list's repeat count: a withheld number is one call of its own; a real number counts all its calls.
    const list = await app.request({ method: 'GET', url: `${API}/calls?view=all&per_page=100`, token });
    expect(list.status).toBe(200);
    const counts = new Map(
      (list.json.data as { id: string; attributes: { caller_call_count: number } }[]).map((row) => [
        row.id,
        row.attributes.caller_call_count,
      ]),
    );
    for (const id of withheld) expect([id, counts.get(id)]).toEqual([id, 1]);
    for (const id of known) expect(counts.get(id)).toBe(2);

    // Caller routes answer 404 for a withheld "number", as for a number the company keeps nothing of.
    for (const number of ['anonymous', 'Anonymous', 'unknown', '+266696687', '0000']) {
      const path = `${API}/callers/${encodeURIComponent(number)}`;
      expect((await app.request({ method: 'GET', url: path, token })).status).toBe(404);
      expect((await app.request({ method: 'GET', url: `${path}/calls`, token })).status).toBe(404);
      expect((await app.request({ method: 'GET', url: `${path}/export`, token })).status).toBe(404);
      expect((await app.request({ method: 'DELETE', url: path, token })).status).toBe(404);
    }
    // Nothing was erased.
    const stored = await app.db.db
      .selectFrom('calls')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('customer_id', '=', company.customerId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(withheld.length + known.length);
    // A real number is still a caller.
    const path = `${API}/callers/${encodeURIComponent('+4930555111')}`;
    expect((await app.request({ method: 'GET', url: `${path}/calls`, token })).json.meta.total).toBe(2);
    expect((await app.request({ method: 'GET', url: `${path}/export`, token })).status).toBe(200);

    // Insights: the real number is a repeat caller; "anonymous", with three calls, is not.
    const stats = await app.request({
      method: 'GET',
      url: `${API}/analytics/calls?from=${today()}&to=${today()}&tz=UTC`,
      token,
    });
    expect(stats.status).toBe(200);
    expect(stats.json.meta.top_callers).toEqual([{ number: '+4930555111', calls: 2 }]);
  });
});
