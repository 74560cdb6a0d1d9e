import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';
import { newCallFrom } from '../../../test/calls-back';

/** The callback attempts in Insights: the reach rate and the attempts per completed call of a range. */

let app: TestApp;
let admin: SignedIn;
let guest: SignedIn;

beforeAll(async () => {
  app = await createTestApp();
  admin = await app.signIn('admin');
  guest = await app.signIn('guest', { customerId: admin.customerId! });
});
afterAll(async () => {
  await app?.stop();
});

const attempt = (id: string, outcome: string) =>
  app.request({
    method: 'POST',
    url: `/api/v2/calls/${id}/attempts`,
    token: admin.token,
    body: { data: { type: 'call-attempts', attributes: { outcome } } },
  });

const stats = async (token: string, query = 'tz=UTC') =>
  (await app.request({ method: 'GET', url: `/api/v2/analytics/calls?${query}`, token })).json.meta.attempts;

describe('attempts in Insights', () => {
  it('has no rates before any attempt', async () => {
    expect(await stats(admin.token)).toEqual({
      total: 0,
      recorded: 0,
      reached: 0,
      reach_rate: null,
      per_completed_call: null,
    });
  });

  it('counts the attempts of the range: reached of those with an outcome, and per completed call', async () => {
    const first = await newCallFrom(app, admin, '+4930100100');
    const second = await newCallFrom(app, admin, '+4930100200');
    for (const outcome of ['no_answer', 'voicemail', 'reached'])
      expect((await attempt(first, outcome)).status).toBe(201);
    expect((await attempt(second, 'reached')).status).toBe(201);
    for (const id of [first, second]) {
      await app.request({ method: 'PATCH', url: `/api/v2/updateCallStatusCompleted/${id}`, token: admin.token });
    }
    const figures = await stats(admin.token);
    expect(figures).toEqual({ total: 4, recorded: 4, reached: 2, reach_rate: 0.5, per_completed_call: 2 });
    // Guests see the company's Insights too; another company has none of these.
    expect(await stats(guest.token)).toEqual(figures);
    const other = await app.signIn('admin');
    expect((await stats(other.token)).total).toBe(0);
    // A range before the attempts counts none of them.
    expect((await stats(admin.token, 'tz=UTC&from=2026-01-01&to=2026-01-31')).total).toBe(0);
  });
});
