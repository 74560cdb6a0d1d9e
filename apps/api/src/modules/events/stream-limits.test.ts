import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type TestApp, createTestApp } from '../../../test/app';
import { listen, liveCompany } from '../../../test/live';
import { type SseClient, openStream } from '../../../test/sse';

let app: TestApp;
let base: string;
// The deployment's own timings (a session check once a minute): the streams must not wait for it.
beforeAll(async () => {
  app = await createTestApp();
  base = await listen(app);
});
afterAll(async () => {
  await app?.stop();
});

/** How long the stream took to end after `since`, failing after `ms`. */
async function endedWithin(stream: SseClient, since: number, ms: number): Promise<number> {
  const timeout = new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms).unref());
  const outcome = await Promise.race([stream.ended.then(() => 'ended' as const), timeout]);
  expect(outcome).toBe('ended');
  return Date.now() - since;
}

async function ticketFor(token: string): Promise<string> {
  const res = await app.request({ method: 'POST', url: '/api/v2/events/ticket', token });
  expect(res.status).toBe(200);
  return res.json.meta.ticket as string;
}

describe('event streams of a disabled account', () => {
  it('end within 10 seconds when the user is disabled', async () => {
    const company = await liveCompany(app);
    const user = await app.signIn('user', { customerId: company.customerId });
    const stream = await openStream(base, { token: user.token });
    const ticketed = await openStream(base, { ticket: await ticketFor(user.token) });
    const colleague = await openStream(base, { token: company.owner.token });
    try {
      expect([stream.status, ticketed.status, colleague.status]).toEqual([200, 200, 200]);
      const since = Date.now();
      await app.db.db.updateTable('users').set({ status: 'Inactive' }).where('id', '=', user.userId).execute();
      expect(await endedWithin(stream, since, 10_000)).toBeLessThan(10_000);
      expect(await endedWithin(ticketed, since, 10_000)).toBeLessThan(10_000);
      // The colleague's stream stays open.
      expect(colleague.isEnded()).toBe(false);
    } finally {
      stream.close();
      ticketed.close();
      colleague.close();
    }
  }, 30_000);

  it('end within 10 seconds when the company is disabled', async () => {
    const company = await liveCompany(app);
    const sup = await app.signIn('super');
    const stream = await openStream(base, { token: company.owner.token });
    try {
      expect(stream.status).toBe(200);
      // Disabling is a sensitive action: the super confirms it with the password (step-up).
      expect(
        (
          await app.request({
            method: 'POST',
            url: '/api/v2/me/reauth',
            token: sup.token,
            body: { password: PASSWORD },
          })
        ).status,
      ).toBe(204);
      const since = Date.now();
      const disabled = await app.request({
        method: 'PATCH',
        url: `/api/v2/disableUser/${company.owner.userId}`,
        token: sup.token,
      });
      expect(disabled.status).toBe(200);
      expect(await endedWithin(stream, since, 10_000)).toBeLessThan(10_000);
    } finally {
      stream.close();
    }
  }, 30_000);
});

describe('event streams per session', () => {
  it('are at most 5: the sixth answers 429, with the Bearer header or a ticket; another session is not counted', async () => {
    const company = await liveCompany(app);
    const token = company.owner.token;
    const open: SseClient[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        const stream = await openStream(base, i % 2 ? { ticket: await ticketFor(token) } : { token });
        expect(stream.status).toBe(200);
        open.push(stream);
      }
      const sixth = await openStream(base, { token });
      expect(sixth.status).toBe(429);
      expect(sixth.headers['retry-after']).toBeDefined();
      expect((sixth.json as { errors: { code: string }[] }).errors[0]!.code).toBe('tooManyRequests');
      expect((await openStream(base, { ticket: await ticketFor(token) })).status).toBe(429);

      // The same user's other session has its own streams.
      const other = await app.signIn('user', { customerId: company.customerId });
      const elsewhere = await openStream(base, { token: other.token });
      expect(elsewhere.status).toBe(200);
      open.push(elsewhere);

      // A stream that ends frees its place.
      open.shift()!.close();
      const deadline = Date.now() + 5_000;
      let again = await openStream(base, { token });
      while (again.status === 429 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        again = await openStream(base, { token });
      }
      expect(again.status).toBe(200);
      open.push(again);
    } finally {
      for (const stream of open) stream.close();
    }
  });
});
