import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/app';
import { liveCompany } from '../../../test/live';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

describe('repeat callers', () => {
  it('never count a withheld number, in any writing, however often it called', async () => {
    const company = await liveCompany(app);
    const numbers = [
      ...Array(3).fill('anonymous'),
      ...Array(3).fill('Unbekannt'),
      ...Array(2).fill('+266696687'),
      ...Array(2).fill('0'),
      ...Array(2).fill('sip:anonymous@example.com'),
      ...Array(2).fill('+4930777001'),
      '+4930777002',
    ];
    for (const caller_number of numbers) {
      const posted = await app.request({
        method: 'POST',
        url: '/api/v2/bot/calls',
        token: company.botToken,
        headers: { 'idempotency-key': crypto.randomUUID() },
        body: { caller_number, response: [{ action: 'UserRecognizedText', text: 'Hallo' }] },
      });
      expect(posted.status, posted.body).toBe(201);
    }
    const today = new Date().toISOString().slice(0, 10);
    const res = await app.request({
      method: 'GET',
      url: `/api/v2/analytics/calls?from=${today}&to=${today}&split=status`,
      token: company.owner.token,
    });
    expect(res.status).toBe(200);
    // Every call counts as a call; only a number that names a caller is a repeat caller.
    expect(res.json.meta.total).toBe(numbers.length);
    expect(res.json.meta.top_callers).toEqual([{ number: '+4930777001', calls: 2 }]);

    // The call lists' repeat count says the same: a withheld call stands alone.
    const list = await app.request({
      method: 'GET',
      url: '/api/v2/calls?per_page=all',
      token: company.owner.token,
    });
    const counts = new Map<string, number>();
    for (const row of list.json.data as { attributes: { caller_number: string; caller_call_count: number } }[]) {
      counts.set(row.attributes.caller_number, row.attributes.caller_call_count);
    }
    expect(counts.get('anonymous')).toBe(1);
    expect(counts.get('+266696687')).toBe(1);
    expect(counts.get('+4930777001')).toBe(2);
  });
});
