import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';
import { TEST_ENGINE } from '../../../test/db';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const MINUTE = 60_000;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string, body?: unknown) =>
  app.request({ method, url: `/api/v2${url}`, token, body });
const patchCall = (id: number, attributes: Record<string, unknown>, token: string) =>
  call('PATCH', `/calls/${id}`, token, { data: { type: 'calls', id: String(id), attributes } });
const ids = (res: { json: { data: { id: string }[] } }) => res.json.data.map((c) => Number(c.id)).sort((a, b) => a - b);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

/** A company with an admin, an adminuser, two operators and a guest, and one phonebot. */
async function company() {
  const admin = await app.signIn('admin');
  const customerId = admin.customerId!;
  const [adminuser, operator, colleague, guest] = await Promise.all([
    app.signIn('adminuser', { customerId }),
    app.signIn('user', { customerId }),
    app.signIn('user', { customerId }),
    app.signIn('guest', { customerId }),
  ]);
  const created = await call('POST', '/vbot', admin.token, {
    data: { type: 'vbots', attributes: { bezeichnung: 'Empfang' } },
  });
  return { admin, adminuser, operator, colleague, guest, licenseKey: created.json.meta.license_Key as string };
}

/** Calls entered by hand (as the runtime's are stored: due from the company's deadlines). */
async function enter(owner: SignedIn, licenseKey: string, calls: { caller?: string; priority?: string }[]) {
  const out: number[] = [];
  for (const c of calls) {
    const res = await call('POST', '/calls', owner.token, {
      data: {
        type: 'calls',
        attributes: { phonebot: licenseKey, caller_number: c.caller ?? '+4930111', priority: c.priority },
      },
    });
    expect(res.status, res.body).toBe(201);
    out.push(Number(res.json.data.id));
  }
  return out;
}

describe('deadlines and completion', () => {
  it('a call is due after its priority’s deadline, moves with the priority unless set by hand, and records completion', async () => {
    const c = await company();
    const [a] = await enter(c.admin, c.licenseKey, [{ priority: 'Important Callback' }]);
    let res = await call('GET', `/calls/${a}`, c.operator.token);
    const attrs = res.json.data.attributes;
    expect(Date.parse(attrs.callback_due_at) - Date.parse(attrs.created_at)).toBe(60 * MINUTE);
    expect(attrs).toMatchObject({ assignee_id: null, snoozed_until: null, completed_at: null, overdue: false });

    res = await patchCall(a!, { priority: 'Normal Callback' }, c.operator.token);
    expect(Date.parse(res.json.data.attributes.callback_due_at) - Date.parse(attrs.created_at)).toBe(1440 * MINUTE);
    await call('PATCH', `/updateCallPriority/${a}`, c.operator.token, { priority: 'Transferred' });
    res = await call('GET', `/calls/${a}`, c.operator.token);
    expect(Date.parse(res.json.data.attributes.callback_due_at) - Date.parse(attrs.created_at)).toBe(30 * MINUTE);

    const byHand = '2030-01-02T03:04:05.000Z';
    res = await patchCall(a!, { callback_due_at: byHand }, c.operator.token);
    expect(res.json.data.attributes.callback_due_at).toBe(byHand);
    res = await patchCall(a!, { priority: 'Send Email' }, c.operator.token);
    expect(res.json.data.attributes.callback_due_at).toBe(byHand);

    await call('PATCH', `/updateCallStatusCompleted/${a}`, c.operator.token);
    res = await call('GET', `/calls/${a}`, c.operator.token);
    const completedAt = res.json.data.attributes.completed_at as string;
    expect(completedAt).toEqual(expect.any(String));
    // Completing again keeps the first moment; reopening clears it.
    await call('PATCH', '/updateBulkStatus', c.operator.token, { calls: [{ id: a, status: 'Completed' }] });
    res = await call('GET', `/calls/${a}`, c.operator.token);
    expect(res.json.data.attributes.completed_at).toBe(completedAt);
    await call('PATCH', `/updateCallStatus/${a}`, c.operator.token, { status: 'In Progress' });
    res = await call('GET', `/calls/${a}`, c.operator.token);
    expect(res.json.data.attributes.completed_at).toBeNull();
  });

  it('the deadlines are the company’s: read and changed in the Company Profile, checked, partial changes merge', async () => {
    const c = await company();
    let res = await call('GET', '/profile', c.admin.token);
    expect(res.json.data.attributes.callback_sla_minutes).toEqual({
      'Important Callback': 60,
      Transferred: 30,
      'Send Email': 240,
      'Normal Callback': 1440,
    });
    const profile = (attributes: Record<string, unknown>) =>
      call('PATCH', '/profile', c.adminuser.token, { data: { type: 'profile', attributes } });
    for (const bad of [{ Transferred: 0 }, { Transferred: 1.5 }, { Transferred: '30' }, { Urgent: 5 }, [], 'x']) {
      res = await profile({ callback_sla_minutes: bad });
      expect(res.status, JSON.stringify(bad)).toBe(422);
    }
    res = await profile({ callback_sla_minutes: { Transferred: 10 } });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.attributes.callback_sla_minutes).toMatchObject({ Transferred: 10, 'Send Email': 240 });
    const [a] = await enter(c.admin, c.licenseKey, [{ priority: 'Transferred' }]);
    res = await call('GET', `/calls/${a}`, c.admin.token);
    const { callback_due_at: due, created_at: created } = res.json.data.attributes;
    expect(Date.parse(due) - Date.parse(created)).toBe(10 * MINUTE);
    // Operators and guests do not edit the company.
    for (const who of [c.operator, c.guest]) {
      const refused = await call('PATCH', '/profile', who.token, {
        data: { type: 'profile', attributes: { callback_sla_minutes: { Transferred: 5 } } },
      });
      expect(refused.status).toBe(403);
    }
  });
});

describe('assigning', () => {
  it('lists whom a call can be assigned to for admins and adminusers: the company’s users, no guests', async () => {
    const c = await company();
    const other = await company();
    const expected = [c.admin, c.adminuser, c.operator, c.colleague].map((who) => String(who.userId)).sort();
    for (const who of [c.admin, c.adminuser]) {
      const res = await call('GET', '/calls/assignees', who.token);
      expect(res.status).toBe(200);
      expect(res.json.data.map((user: { id: string }) => user.id).sort()).toEqual(expected);
      expect(res.json.data[0]).toEqual({
        type: 'users',
        id: expect.any(String),
        attributes: { name: expect.any(String) },
      });
    }
    // Another company's list holds none of them.
    const theirs = await call('GET', '/calls/assignees', other.adminuser.token);
    expect(theirs.json.data.map((user: { id: string }) => user.id)).toHaveLength(4);
    for (const id of expected) expect(theirs.json.data.map((user: { id: string }) => user.id)).not.toContain(id);
    // Whoever lists them may assign each of them.
    const [a] = await enter(c.admin, c.licenseKey, [{}]);
    for (const id of expected)
      expect((await patchCall(a!, { assignee_id: Number(id) }, c.adminuser.token)).status).toBe(200);
    for (const who of [c.operator, c.guest])
      expect((await call('GET', '/calls/assignees', who.token)).status).toBe(403);
  });

  it('operators take and release calls for themselves; admins assign anyone of the company; guests read', async () => {
    const c = await company();
    const other = await company();
    const [a, b] = await enter(c.admin, c.licenseKey, [{}, {}]);

    let res = await patchCall(a!, { assignee_id: c.operator.userId }, c.operator.token);
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.attributes).toMatchObject({
      assignee_id: String(c.operator.userId),
      assignee_name: expect.any(String),
    });
    // Someone else's call: a colleague cannot take it (409) nor release it (403).
    res = await patchCall(a!, { assignee_id: c.colleague.userId }, c.colleague.token);
    expect(res.status).toBe(409);
    expect(res.json.errors[0].code).toBe('callAlreadyAssigned');
    res = await patchCall(a!, { assignee_id: null }, c.colleague.token);
    expect(res.status).toBe(403);
    // An operator assigns nobody else.
    res = await patchCall(b!, { assignee_id: c.colleague.userId }, c.operator.token);
    expect(res.status).toBe(403);
    expect(res.json.errors[0].code).toBe('assignSelfOnly');
    // Nothing else of a refused change is applied.
    res = await patchCall(a!, { assignee_id: c.colleague.userId, status: 'Completed' }, c.colleague.token);
    expect(res.status).toBe(409);
    expect((await call('GET', `/calls/${a}`, c.admin.token)).json.data.attributes.status).toBe('New');
    // The holder releases it.
    res = await patchCall(a!, { assignee_id: null }, c.operator.token);
    expect(res.status).toBe(200);
    expect(res.json.data.attributes.assignee_id).toBeNull();

    // Admins (and adminusers) assign anyone of the company, and reassign.
    res = await patchCall(a!, { assignee_id: c.colleague.userId }, c.admin.token);
    expect(res.status).toBe(200);
    res = await patchCall(a!, { assignee_id: c.operator.userId }, c.adminuser.token);
    expect(res.status).toBe(200);
    // A user of another company, a guest, or nobody: 422, nothing changes.
    for (const who of [other.operator.userId, c.guest.userId, 999_999_999]) {
      res = await patchCall(a!, { assignee_id: who }, c.admin.token);
      expect(res.status, String(who)).toBe(422);
      expect(res.json.errors[0].code).toBe('assigneeInvalid');
    }
    expect((await call('GET', `/calls/${a}`, c.admin.token)).json.data.attributes.assignee_id).toBe(
      String(c.operator.userId),
    );
    // Guests read only; another company's call is not found.
    expect((await patchCall(b!, { assignee_id: c.guest.userId }, c.guest.token)).status).toBe(403);
    expect((await patchCall(b!, { assignee_id: other.admin.userId }, other.admin.token)).status).toBe(404);
    expect((await patchCall(b!, { assignee_id: 'x' }, c.admin.token)).status).toBe(422);
  });

  it('bulk assign: all or none, by the same rules', async () => {
    const c = await company();
    const other = await company();
    const [a, b, d] = await enter(c.admin, c.licenseKey, [{}, {}, {}]);
    const [foreign] = await enter(other.admin, other.licenseKey, [{}]);
    const bulk = (token: string, callIds: number[], assignee: number | null) =>
      call('PATCH', '/updateBulkAssignee', token, { calls: callIds.map((id) => ({ id })), assignee_id: assignee });

    let res = await bulk(c.colleague.token, [b!], c.colleague.userId);
    expect(res.status).toBe(200);
    // One of the calls is the colleague's: nothing is taken.
    res = await bulk(c.operator.token, [a!, b!, d!], c.operator.userId);
    expect(res.status).toBe(409);
    res = await call('GET', '/calls?filter[assignee]=none', c.admin.token);
    expect(ids(res)).toEqual(sorted([a!, d!]));
    res = await bulk(c.operator.token, [a!, d!], c.operator.userId);
    expect(res.json.meta.updated).toBe(2);
    // Another company's id: 404 and nothing changes.
    res = await bulk(c.admin.token, [a!, foreign!], c.colleague.userId);
    expect(res.status).toBe(404);
    res = await bulk(c.admin.token, [a!, b!, d!], other.admin.userId);
    expect(res.status).toBe(422);
    res = await bulk(c.admin.token, [a!, b!, d!], null);
    expect(res.json.meta.updated).toBe(3);
    expect((await bulk(c.guest.token, [a!], c.guest.userId)).status).toBe(403);
    expect((await bulk(c.admin.token, [], null)).status).toBe(422);
  });
});

describe('snoozing', () => {
  it('a snoozed call leaves the open list until its time and is listed with snoozed=true; bulk snooze is all or none', async () => {
    const c = await company();
    const other = await company();
    const [a, b] = await enter(c.admin, c.licenseKey, [{}, {}]);
    const [foreign] = await enter(other.admin, other.licenseKey, [{}]);
    const soon = new Date(Date.now() + 60 * MINUTE).toISOString();

    let res = await patchCall(a!, { snoozed_until: soon }, c.operator.token);
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.attributes.snoozed_until).toBe(soon);
    expect(ids(await call('GET', '/callsview', c.operator.token))).toEqual([b]);
    expect(ids(await call('GET', '/callsview?snoozed=true', c.operator.token))).toEqual([a]);
    expect(ids(await call('GET', '/calls?filter[snoozed]=true', c.operator.token))).toEqual([a]);
    expect(ids(await call('GET', '/calls?filter[snoozed]=false', c.operator.token))).toEqual([b]);

    for (const bad of [new Date(Date.now() - MINUTE).toISOString(), '2099-01-01T00:00:00Z', 'tomorrow']) {
      res = await patchCall(b!, { snoozed_until: bad }, c.operator.token);
      expect(res.status, bad).toBe(422);
    }
    const bulk = (token: string, callIds: number[], until: string | null) =>
      call('PATCH', '/updateBulkSnooze', token, { calls: callIds.map((id) => ({ id })), snoozed_until: until });
    expect((await bulk(c.operator.token, [b!, foreign!], soon)).status).toBe(404);
    expect((await bulk(c.guest.token, [b!], soon)).status).toBe(403);
    expect((await bulk(c.operator.token, [b!], '2000-01-01T00:00:00Z')).status).toBe(422);
    expect(ids(await call('GET', '/callsview', c.operator.token))).toEqual([b]);
    res = await bulk(c.operator.token, [a!, b!], soon);
    expect(res.json.meta.updated).toBe(2);
    expect(ids(await call('GET', '/callsview', c.operator.token))).toEqual([]);

    // Once the time has passed the call is back, still marked with when it was snoozed until.
    const past = new Date(Date.now() - MINUTE).toISOString();
    await app.db.db.updateTable('calls').set({ snoozed_until: past }).where('id', '=', a!).execute();
    await call('PATCH', `/updateCallStatus/${a}`, c.operator.token, { status: 'In Progress' });
    res = await call('GET', '/callsview', c.operator.token);
    expect(ids(res)).toEqual([a]);
    expect(res.json.data[0].attributes.snoozed_until).toBe(past);
    // Waking with null.
    res = await bulk(c.operator.token, [b!], null);
    expect(ids(await call('GET', '/callsview', c.operator.token))).toEqual(sorted([a!, b!]));
  });
});

describe('filters on every call list', () => {
  it('assignee, overdue, caller, phonebot and snoozed, as plain parameters and as filter[...]', async () => {
    const c = await company();
    const other = await company();
    const second = await call('POST', '/vbot', c.admin.token, {
      data: { type: 'vbots', attributes: { bezeichnung: 'Zweiter' } },
    });
    const secondKey = second.json.meta.license_Key as string;
    const [a, b] = await enter(c.admin, c.licenseKey, [{ caller: '+4930111' }, { caller: '+4930222' }]);
    const [d] = await enter(c.admin, secondKey, [{ caller: '+4930111' }]);
    await enter(other.admin, other.licenseKey, [{ caller: '+4930111' }]);
    await patchCall(a!, { assignee_id: c.operator.userId }, c.operator.token);
    await patchCall(b!, { assignee_id: c.colleague.userId }, c.colleague.token);
    await patchCall(b!, { callback_due_at: new Date(Date.now() - MINUTE).toISOString() }, c.admin.token);

    const check = async (filters: Record<string, string>, expected: number[], token = c.operator.token) => {
      for (const path of ['/callsview', '/newcalls', '/calls']) {
        const plain = new URLSearchParams(filters).toString();
        const bracket = new URLSearchParams(
          Object.fromEntries(Object.entries(filters).map(([k, v]) => [`filter[${k}]`, v])),
        ).toString();
        for (const query of path === '/calls' ? [plain, bracket] : [plain]) {
          const res = await call('GET', `${path}?${query}`, token);
          expect(res.status, `${path}?${query}: ${res.body}`).toBe(200);
          expect(ids(res), `${path}?${query}`).toEqual(sorted(expected));
          expect(res.json.meta.total).toBe(expected.length);
        }
      }
    };
    await check({ assignee: 'me' }, [a!]);
    await check({ assignee: 'me' }, [b!], c.colleague.token);
    await check({ assignee: 'none' }, [d!]);
    await check({ assignee: String(c.colleague.userId) }, [b!]);
    await check({ assignee: String(other.admin.userId) }, []);
    await check({ overdue: 'true' }, [b!]);
    await check({ overdue: 'false' }, [a!, d!]);
    await check({ caller: '+4930111' }, [a!, d!]);
    await check({ phonebot: secondKey }, [d!]);
    await check({ phonebot: other.licenseKey }, []);
    await check({ caller: '+4930111', phonebot: c.licenseKey, assignee: 'me' }, [a!]);

    // Computed on every row: overdue and the caller's calls within 90 days (in this company only).
    const res = await call('GET', '/callsview', c.operator.token);
    const byId = new Map(res.json.data.map((r: { id: string; attributes: unknown }) => [Number(r.id), r.attributes]));
    expect(byId.get(b!)).toMatchObject({ overdue: true, caller_call_count: 1 });
    expect(byId.get(a!)).toMatchObject({ overdue: false, caller_call_count: 2 });
    // A completed call is never overdue.
    await call('PATCH', `/updateCallStatusCompleted/${b}`, c.admin.token);
    expect((await call('GET', `/calls/${b}`, c.admin.token)).json.data.attributes.overdue).toBe(false);
    await check({ overdue: 'true' }, []);

    for (const bad of ['assignee=someone', 'overdue=yes', 'snoozed=1', 'filter[assignee]=0']) {
      expect((await call('GET', `/calls?${bad}`, c.operator.token)).status, bad).toBe(400);
    }
  });

  it('the ETag changes with the filters', async () => {
    const c = await company();
    await enter(c.admin, c.licenseKey, [{}]);
    const first = await call('GET', '/callsview?assignee=me', c.operator.token);
    const second = await call('GET', '/callsview?assignee=none', c.operator.token);
    expect(first.headers.etag).not.toBe(second.headers.etag);
  });
});

describe('inbox counts', () => {
  it('count the open calls per quick filter for the signed-in user, within the company only', async () => {
    const c = await company();
    const other = await company();
    const [a, b, d, e] = await enter(c.admin, c.licenseKey, [
      { priority: 'Important Callback' },
      { priority: 'Important Callback' },
      {},
      {},
    ]);
    await enter(other.admin, other.licenseKey, [{ priority: 'Important Callback' }, {}]);
    await call('PATCH', '/updateBulkAssignee', c.operator.token, {
      calls: [{ id: a }],
      assignee_id: c.operator.userId,
    });
    await call('PATCH', '/updateBulkAssignee', c.admin.token, { calls: [{ id: d }], assignee_id: c.colleague.userId });
    await patchCall(b!, { callback_due_at: new Date(Date.now() - MINUTE).toISOString() }, c.admin.token);
    await patchCall(e!, { snoozed_until: new Date(Date.now() + 60 * MINUTE).toISOString() }, c.admin.token);
    const [done] = await enter(c.admin, c.licenseKey, [{ priority: 'Important Callback' }]);
    await call('PATCH', `/updateCallStatusCompleted/${done}`, c.admin.token);

    const expected = { open: 3, unassigned: 1, overdue: 1, important: 2, snoozed: 1, phonebots: 1 };
    for (const [who, mine] of [
      [c.operator, 1],
      [c.colleague, 1],
      [c.admin, 0],
      [c.guest, 0],
    ] as const) {
      const res = await call('GET', '/calls/counts', who.token);
      expect(res.status, res.body).toBe(200);
      expect(res.json.meta).toEqual({ ...expected, mine });
    }
    // Each count is what the list of its filter answers.
    const total = async (query: string) => (await call('GET', `/callsview?${query}`, c.operator.token)).json.meta.total;
    expect(await total('')).toBe(3);
    expect(await total('assignee=me')).toBe(1);
    expect(await total('assignee=none')).toBe(1);
    expect(await total('overdue=true')).toBe(1);
    expect(await total('priority=Important%20Callback')).toBe(2);
    expect(await total('snoozed=true')).toBe(1);

    // Another company sees its own numbers only; a company without phonebots says so.
    const res = await call('GET', '/calls/counts', other.operator.token);
    expect(res.json.meta).toEqual({
      open: 2,
      mine: 0,
      unassigned: 2,
      overdue: 0,
      important: 1,
      snoozed: 0,
      phonebots: 1,
    });
    const empty = await app.signIn('admin');
    expect((await call('GET', '/calls/counts', empty.token)).json.meta).toMatchObject({ open: 0, phonebots: 0 });
    expect((await app.request({ method: 'GET', url: '/api/v2/calls/counts' })).status).toBe(401);
    const sup = await app.signIn('super');
    expect((await call('GET', '/calls/counts', sup.token)).status).toBe(403);
    expect((await call('GET', '/callsview?priority=Urgent', c.operator.token)).status).toBe(400);
  });
});

describe('caller timeline', () => {
  it('every call of the number in the company, newest first, with notes and SMS', async () => {
    const c = await company();
    const other = await company();
    const [a, b] = await enter(c.admin, c.licenseKey, [{ caller: '+4930777' }, { caller: '+4930777' }]);
    await enter(c.admin, c.licenseKey, [{ caller: '+4930888' }]);
    await enter(other.admin, other.licenseKey, [{ caller: '+4930777' }]);
    await app.db.db
      .updateTable('calls')
      .set({ created_at: new Date(Date.now() - 3600_000).toISOString() })
      .where('id', '=', a!)
      .execute();
    await call('POST', `/calls/${a}/notes`, c.operator.token, {
      data: { type: 'notes', attributes: { text: 'Rang back, no answer' } },
    });
    await call('POST', `/calls/${a}/sms`, c.operator.token, {
      data: { type: 'sms', attributes: { to: '+4930777', message: 'We tried to reach you' } },
    });

    let res = await call('GET', `/callers/${encodeURIComponent('+4930777')}/calls`, c.guest.token);
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.map((r: { id: string }) => Number(r.id))).toEqual([b, a]);
    expect(res.json.meta.total).toBe(2);
    const older = res.json.data[1].attributes;
    expect(older.notes.map((n: { attributes: { text: string } }) => n.attributes.text)).toEqual([
      'Rang back, no answer',
    ]);
    expect(older.sms[0].attributes).toMatchObject({ to: '+4930777', state: 'sent' });
    expect(older.caller_call_count).toBe(2);

    res = await call('GET', `/callers/${encodeURIComponent('+4930777')}/calls?per_page=1&page=2`, c.admin.token);
    expect(res.json.data.map((r: { id: string }) => Number(r.id))).toEqual([a]);
    res = await call('GET', `/callers/${encodeURIComponent('+499999')}/calls`, c.admin.token);
    expect(res.json.data).toEqual([]);
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('races', () => {
  it('of two operators taking the same unassigned call at once, exactly one wins', async () => {
    const c = await company();
    for (let round = 0; round < 20; round++) {
      const [id] = await enter(c.admin, c.licenseKey, [{}]);
      const answers = await Promise.all(
        [c.operator, c.colleague].map((who) =>
          call('PATCH', '/updateBulkAssignee', who.token, { calls: [{ id }], assignee_id: who.userId }),
        ),
      );
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses).toEqual([200, 409]);
      const winner = answers[0]!.status === 200 ? c.operator : c.colleague;
      const row = await app.db.db.selectFrom('calls').select('assignee_id').where('id', '=', id!).executeTakeFirst();
      expect(row?.assignee_id).toBe(winner.userId);
    }
  });
});
