import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/app';
import { ingest, listen, liveCompany } from '../../../test/live';
import { callIdsOf, openStream } from '../../../test/sse';
import { MINUTE } from '../../db/time';
import { pruneEvents } from './call-events';

let app: TestApp;
let base: string;
beforeAll(async () => {
  app = await createTestApp({ events: { keepAliveMs: 100, revalidateMs: 200, sweepMs: 500, transport: 'auto' } });
  base = await listen(app);
});
afterAll(async () => {
  await app?.stop();
});

async function ticketFor(token: string): Promise<string> {
  const res = await app.request({ method: 'POST', url: '/api/v2/events/ticket', token });
  expect(res.status).toBe(200);
  return res.json.meta.ticket as string;
}

describe('the event stream', () => {
  it('delivers a call posted through the Bot API to a stream opened with the Bearer header', async () => {
    const company = await liveCompany(app);
    const stream = await openStream(base, { token: company.owner.token });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers['cache-control']).toBe('no-store');
      expect(stream.headers['x-accel-buffering']).toBe('no');
      expect(stream.headers['x-content-type-options']).toBe('nosniff');
      const callId = await ingest(app, company.botToken);
      await stream.waitFor((events) => events.length === 1);
      expect(stream.retry).toBe(2000);
      expect(stream.events[0]).toEqual({
        id: '1',
        event: 'call.created',
        data: JSON.stringify({ type: 'calls', id: callId }),
      });
    } finally {
      stream.close();
    }
  });

  it('opens with a ticket once, within 60 seconds, while its session lives', async () => {
    const company = await liveCompany(app);
    const issued = await app.request({ method: 'POST', url: '/api/v2/events/ticket', token: company.owner.token });
    expect(issued.json.meta).toEqual({ ticket: expect.stringMatching(/^pbe_/), expires_in: 60 });
    const ticket = issued.json.meta.ticket as string;

    const first = await openStream(base, { ticket });
    expect(first.status).toBe(200);
    const callId = await ingest(app, company.botToken);
    await first.waitFor((events) => callIdsOf(events).includes(callId));
    first.close();

    const again = await openStream(base, { ticket });
    expect(again.status).toBe(401);
    expect((again.json as { errors: { code: string }[] }).errors[0]!.code).toBe('unauthenticated');

    const expired = await ticketFor(company.owner.token);
    await app.db.db
      .updateTable('event_tickets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await openStream(base, { ticket: expired })).status).toBe(401);

    // A ticket ends with the session that asked for it.
    const session = await app.signIn('user', { customerId: company.customerId });
    const orphan = await ticketFor(session.token);
    expect((await app.request({ method: 'POST', url: '/api/v2/logout', token: session.token })).status).toBe(204);
    expect((await openStream(base, { ticket: orphan })).status).toBe(401);

    expect((await openStream(base, { ticket: 'pbe_not-a-ticket' })).status).toBe(401);
    // Tickets open the event stream and nothing else.
    const elsewhere = await ticketFor(company.owner.token);
    const list = await app.request({ method: 'GET', url: `/api/v2/calls?ticket=${elsewhere}` });
    expect(list.status).toBe(401);
    expect((await openStream(base, { ticket: elsewhere })).status).toBe(200);
  });

  it('answers 401 without a session, 403 to the super, 406 to a client that accepts only JSON', async () => {
    const company = await liveCompany(app);
    const anonymous = await openStream(base);
    expect(anonymous.status).toBe(401);
    const sup = await app.signIn('super');
    expect((await openStream(base, { token: sup.token })).status).toBe(403);
    expect((await app.request({ method: 'POST', url: '/api/v2/events/ticket', token: sup.token })).status).toBe(403);
    const jsonOnly = await openStream(base, { token: company.owner.token, accept: 'application/vnd.api+json' });
    expect(jsonOnly.status).toBe(406);
    const guest = await app.signIn('guest', { customerId: company.customerId });
    const guestStream = await openStream(base, { token: guest.token, accept: '*/*' });
    expect(guestStream.status).toBe(200);
    guestStream.close();
  });

  it('sends nothing of another company', async () => {
    const a = await liveCompany(app);
    const b = await liveCompany(app);
    const streamsA = [
      await openStream(base, { token: a.owner.token }),
      await openStream(base, { ticket: await ticketFor(a.owner.token) }),
    ];
    const streamB = await openStream(base, { token: b.owner.token });
    try {
      const ofA: string[] = [];
      const ofB: string[] = [];
      for (let i = 0; i < 5; i++) {
        ofA.push(await ingest(app, a.botToken));
        ofB.push(await ingest(app, b.botToken));
      }
      // Another company's call id in a company's own bulk change is refused and announces nothing.
      const foreign = await app.request({
        method: 'PATCH',
        url: '/api/v2/updateNotificationStatus',
        token: a.owner.token,
        body: { calls: [{ id: Number(ofB[0]) }, { id: Number(ofA[0]) }] },
      });
      expect(foreign.json.meta.updated).toBe(1);
      for (const stream of streamsA) {
        await stream.waitFor((events) => events.length === 6);
        expect(callIdsOf(stream.events, 'call.created')).toEqual(ofA);
        expect(callIdsOf(stream.events, 'call.updated')).toEqual([ofA[0]]);
        expect(stream.events.map((event) => event.id)).toEqual(['1', '2', '3', '4', '5', '6']);
      }
      await streamB.waitFor((events) => events.length === 5);
      expect(callIdsOf(streamB.events)).toEqual(ofB);
      // A replay from the start holds the company's own events only.
      const replayA = await openStream(base, { token: a.owner.token, lastEventId: '0' });
      await replayA.waitFor((events) => events.length === 6);
      expect(callIdsOf(replayA.events).every((id) => ofA.includes(id))).toBe(true);
      replayA.close();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(streamB.events).toHaveLength(5);
    } finally {
      for (const stream of [...streamsA, streamB]) stream.close();
    }
  });

  it('replays the events after Last-Event-ID, from the header or the query', async () => {
    const company = await liveCompany(app);
    const ids = [await ingest(app, company.botToken), await ingest(app, company.botToken)];
    ids.push(await ingest(app, company.botToken));

    const byHeader = await openStream(base, { token: company.owner.token, lastEventId: '1' });
    await byHeader.waitFor((events) => events.length === 2);
    expect(byHeader.events.map((event) => event.id)).toEqual(['2', '3']);
    expect(callIdsOf(byHeader.events)).toEqual(ids.slice(1));

    const byQuery = await openStream(base, {
      ticket: await ticketFor(company.owner.token),
      query: { last_event_id: '2' },
    });
    await byQuery.waitFor((events) => events.length === 1);
    expect(callIdsOf(byQuery.events)).toEqual(ids.slice(2));

    // Without an id the stream starts at the present; an id beyond the company's last counts as its last.
    const fresh = await openStream(base, { token: company.owner.token });
    const ahead = await openStream(base, { token: company.owner.token, lastEventId: '999999' });
    const next = await ingest(app, company.botToken);
    for (const stream of [byHeader, byQuery, fresh, ahead]) {
      await stream.waitFor((events) => callIdsOf(events).includes(next));
      stream.close();
    }
    expect(fresh.events).toEqual([ahead.events[0]]);
    expect(ahead.events.map((event) => event.id)).toEqual(['4']);

    const bad = await openStream(base, { token: company.owner.token, lastEventId: 'abc' });
    expect(bad.status).toBe(400);
    const badQuery = await openStream(base, { token: company.owner.token, query: { last_event_id: '-3' } });
    expect(badQuery.status).toBe(400);
    expect((badQuery.json as { errors: { source: unknown }[] }).errors[0]!.source).toEqual({
      parameter: 'last_event_id',
    });
  });

  it('sends a comment line at the keep-alive interval', async () => {
    const company = await liveCompany(app);
    const stream = await openStream(base, { token: company.owner.token });
    const deadline = Date.now() + 5000;
    while (stream.comments.filter((c) => c === 'keep-alive').length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    stream.close();
    expect(stream.comments.filter((c) => c === 'keep-alive').length).toBeGreaterThanOrEqual(2);
  });

  it('ends the streams of a session that was signed out', async () => {
    const company = await liveCompany(app);
    const session = await app.signIn('user', { customerId: company.customerId });
    const stream = await openStream(base, { token: session.token });
    const other = await openStream(base, { token: company.owner.token });
    await app.request({ method: 'POST', url: '/api/v2/logout', token: session.token });
    await stream.ended;
    expect(other.isEnded()).toBe(false);
    other.close();
  });

  it('prunes events older than the replay window and expired tickets', async () => {
    await pruneEvents(app.db.db);
    const company = await liveCompany(app);
    await ingest(app, company.botToken);
    await ticketFor(company.owner.token);
    // Fresh events and unexpired tickets stay.
    expect(await pruneEvents(app.db.db)).toEqual({ events: 0, tickets: 0 });
    const later = await pruneEvents(app.db.db, Date.now() + 16 * MINUTE);
    expect(later.events).toBeGreaterThan(0);
    expect(later.tickets).toBeGreaterThan(0);
    expect(await app.db.db.selectFrom('call_events').select('id').execute()).toEqual([]);
  });
});

describe('shutdown', () => {
  it('ends open streams when the runtime closes, so clients reconnect elsewhere', async () => {
    const other = await createTestApp();
    let stopped = false;
    try {
      const otherBase = await listen(other);
      const company = await liveCompany(other);
      const stream = await openStream(otherBase, { token: company.owner.token });
      expect(stream.status).toBe(200);
      await other.stop();
      stopped = true;
      await stream.ended;
      expect(stream.isEnded()).toBe(true);
    } finally {
      if (!stopped) await other.stop();
    }
  });
});
