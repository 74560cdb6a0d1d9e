import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/app';
import { ingest, listen, liveCompany } from '../../../test/live';
import { type SseClient, callIdsOf, openStream } from '../../../test/sse';

let app: TestApp;
let base: string;
beforeAll(async () => {
  app = await createTestApp();
  base = await listen(app);
});
afterAll(async () => {
  await app?.stop();
});

/** Reads a stream's events in steps: each step expects exactly the events its change caused. */
function reader(stream: SseClient) {
  let seen = 0;
  return async (type: string, callIds: string[]) => {
    await stream.waitFor((events) => events.length >= seen + callIds.length);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const fresh = stream.events.slice(seen);
    seen = stream.events.length;
    expect(fresh.map((event) => event.event)).toEqual(callIds.map(() => type));
    expect(callIdsOf(fresh).sort()).toEqual([...callIds].sort());
  };
}

describe('every change to the calls announces its calls', () => {
  it('ingest, entry by hand, single and bulk changes, notes, SMS, deletes, retention and phonebot changes', async () => {
    const company = await liveCompany(app);
    const token = company.owner.token;
    const stream = await openStream(base, { token });
    const next = reader(stream);
    const send = (method: 'PATCH' | 'POST' | 'DELETE', url: string, body?: unknown, as = token) =>
      app.request({ method, url: `/api/v2${url}`, token: as, body }).then((res) => {
        expect(res.status, `${method} ${url}: ${res.body}`).toBeLessThan(300);
        return res;
      });

    const a = await ingest(app, company.botToken);
    await next('call.created', [a]);
    const byHand = await send('POST', '/calls', {
      data: { type: 'calls', attributes: { phonebot: company.licenseKey, caller_number: '+4930555' } },
    });
    const b = byHand.json.data.id as string;
    await next('call.created', [b]);

    await send('PATCH', `/calls/${a}`, { data: { type: 'calls', id: a, attributes: { priority: 'Transferred' } } });
    await next('call.updated', [a]);
    await send('PATCH', `/updateCallStatus/${a}`, { status: 'In Progress' });
    await next('call.updated', [a]);
    await send('PATCH', `/updateCallPriority/${a}`, { priority: 'Send Email' });
    await next('call.updated', [a]);
    await send('PATCH', `/updateCallCategory/${a}`, { selected_category: 'Sales' });
    await next('call.updated', [a]);
    await send('PATCH', '/updateBulkStatus', {
      calls: [
        { id: Number(a), status: 'New' },
        { id: Number(b), status: 'In Progress' },
      ],
    });
    await next('call.updated', [a, b]);
    await send('PATCH', '/updateNotificationStatus', { calls: [{ id: Number(b) }] });
    await next('call.updated', [b]);
    await send('POST', `/calls/${a}/notes`, { data: { type: 'notes', attributes: { text: 'Called back' } } });
    await next('call.updated', [a]);
    await send('POST', `/notes/${b}`, { text: 'Left a message' });
    await next('call.updated', [b]);
    await send('POST', `/calls/${a}/sms`, {
      data: { type: 'sms', attributes: { to: '+4930123456', message: 'Hi' } },
    });
    await next('call.updated', [a]);
    await send('POST', '/sendSms', { call_id: Number(b), to: '+4930555', message: 'Hallo' });
    await next('call.updated', [b]);
    await send('PATCH', `/calls/${a}`, {
      data: { type: 'calls', id: a, attributes: { assignee_id: company.owner.userId } },
    });
    await next('call.updated', [a]);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await send('PATCH', `/calls/${a}`, { data: { type: 'calls', id: a, attributes: { snoozed_until: later } } });
    await next('call.updated', [a]);
    await send('PATCH', '/updateBulkAssignee', { calls: [{ id: Number(a) }, { id: Number(b) }], assignee_id: null });
    await next('call.updated', [a, b]);
    await send('PATCH', '/updateBulkSnooze', { calls: [{ id: Number(a) }, { id: Number(b) }], snoozed_until: null });
    await next('call.updated', [a, b]);
    await send('PATCH', `/updateCallStatusCompleted/${b}`);
    await next('call.updated', [b]);

    // A phonebot's new name shows on its open calls (a is open, b completed); a new prompt shows nowhere.
    await send('PATCH', `/vbot/${company.licenseKey}`, {
      data: { type: 'vbots', attributes: { bezeichnung: 'Renamed' } },
    });
    await next('call.updated', [a]);
    await send('PATCH', `/vbot/${company.licenseKey}`, {
      data: { type: 'vbots', attributes: { prompt: 'Be brief.' } },
    });

    await send('DELETE', `/calls/${b}`);
    await next('call.deleted', [b]);

    const old = await ingest(app, company.botToken);
    await next('call.created', [old]);
    await app.db.db
      .updateTable('calls')
      .set({ created_at: new Date(Date.now() - 40 * 86_400_000).toISOString() })
      .where('id', '=', Number(old))
      .execute();
    const sup = await app.signIn('super');
    const retention = await send('DELETE', '/deleteOldCallLogs', undefined, sup.token);
    expect(retention.json.meta.deleted).toBeGreaterThanOrEqual(1);
    await next('call.deleted', [old]);

    const last = await ingest(app, company.botToken);
    await next('call.created', [last]);
    await send('DELETE', `/vbot/${company.licenseKey}`);
    await next('call.deleted', [a, last]);

    expect(stream.events.map((event) => Number(event.id))).toEqual(stream.events.map((_, index) => index + 1));
    stream.close();
  });
});
