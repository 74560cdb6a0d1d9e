import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/app';
import { TEST_ENGINE } from '../../../test/db';
import { ingest, liveCompany } from '../../../test/live';

/**
 * The sessions and calls versions a process keeps in memory (docs/decisions.md, "Sessions and calls versions kept in
 * memory"): a change is seen by the next request of whoever made it, in this process at once and in another within
 * a notification's delay; a process that may miss notifications keeps nothing.
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function started(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const app = await createTestApp({}, env);
  cleanups.push(() => app.stop());
  return app;
}

function get(app: TestApp, url: string, token: string, headers: Record<string, string> = {}) {
  return app.request({ method: 'GET', url: `/api/v2${url}`, token, headers });
}

/** Asks until `done` holds, at most `ms`; answers whether it did. */
async function eventually(check: () => Promise<boolean>, ms = 3_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

/** A company whose only call is completed (so no open call carries the phonebot's name) and its list's ETag. */
async function completedOnly(app: TestApp) {
  const company = await liveCompany(app);
  const id = await ingest(app, company.botToken);
  const done = await app.request({
    method: 'PATCH',
    url: `/api/v2/updateCallStatus/${id}`,
    token: company.owner.token,
    body: { status: 'Completed' },
  });
  expect(done.status).toBe(200);
  return company;
}

/** Renames the company's phonebot. */
async function rename(app: TestApp, company: Awaited<ReturnType<typeof liveCompany>>, name: string) {
  const res = await app.request({
    method: 'PATCH',
    url: `/api/v2/vbot/${company.licenseKey}`,
    token: company.owner.token,
    body: { data: { type: 'vbots', id: company.licenseKey, attributes: { bezeichnung: name } } },
  });
  expect(res.status, res.body).toBe(200);
}

let app: TestApp;
beforeAll(async () => {
  app = await started();
});

describe('list pages kept per calls version', () => {
  it('answers the same page with the same text, a change on the next request, and "me" per user', async () => {
    const company = await liveCompany(app);
    const token = company.owner.token;
    const colleague = await app.signIn('user', { customerId: company.customerId });
    const id = await ingest(app, company.botToken);
    const first = await get(app, '/calls?view=all', token);
    const again = await get(app, '/calls?view=all', token);
    expect(again.status).toBe(200);
    expect(again.headers['content-type']).toBe('application/vnd.api+json');
    expect(again.body).toBe(first.body);

    const assigned = await app.request({
      method: 'PATCH',
      url: `/api/v2/calls/${id}`,
      token,
      body: { data: { type: 'calls', id, attributes: { assignee_id: String(colleague.userId) } } },
    });
    expect(assigned.status).toBe(200);
    const after = await get(app, '/calls?view=all', token);
    expect(after.json.data[0].attributes.assignee_id).toBe(String(colleague.userId));
    // The same address asked by two users: each gets their own calls.
    expect((await get(app, '/calls?view=all&assignee=me', colleague.token)).json.data).toHaveLength(1);
    expect((await get(app, '/calls?view=all&assignee=me', token)).json.data).toHaveLength(0);
    // The paging links repeat the spelling of the request.
    const jsonApi = await get(app, '/calls?view=all&page[number]=1&page[size]=20', token);
    expect(jsonApi.json.links.self).toContain('page%5Bsize%5D=20');
    expect((await get(app, '/calls?view=all&per_page=20', token)).json.links.self).toContain('per_page=20');
  });
});

describe('in one process', () => {
  it('moves the list’s ETag when a phonebot without open calls is renamed', async () => {
    const company = await completedOnly(app);
    const token = company.owner.token;
    const before = await get(app, '/calls?view=all', token);
    await rename(app, company, 'Renamed bot');
    const after = await get(app, '/calls?view=all', token, { 'if-none-match': before.headers.etag as string });
    expect(after.status).toBe(200);
    expect(after.json.data[0].attributes.phonebot_name).toBe('Renamed bot');
  });

  it('keeps both caches live on the process’s own transport', () => {
    expect(app.events.callsVersions.isLive).toBe(true);
    expect(app.events.sessions.isLive).toBe(true);
  });

  it('answers a change’s author with the change on the next request, while polls race the change', async () => {
    const company = await liveCompany(app);
    const id = await ingest(app, company.botToken);
    const token = company.owner.token;
    let etag = (await get(app, '/calls?view=all', token)).headers.etag as string;
    for (const status of ['In Progress', 'Completed', 'New', 'In Progress', 'Completed', 'New']) {
      let changed = false;
      // Pollers ask without pause while the change is written and committed.
      const poller = async () => {
        for (let i = 0; i < 200 && !changed; i++) {
          await get(app, '/calls?view=all', token, { 'if-none-match': etag });
          // Let the change's own queries in between: SQLite has one connection.
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      const polls = [poller(), poller(), poller()];
      const change = await app.request({
        method: 'PATCH',
        url: `/api/v2/updateCallStatus/${id}`,
        token,
        body: { status },
      });
      changed = true;
      expect(change.status).toBe(200);
      const after = await get(app, '/calls?view=all', token, { 'if-none-match': etag });
      await Promise.all(polls);
      expect(after.status).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      expect(after.json.data.find((call: { id: string }) => call.id === id).attributes.status).toBe(status);
      etag = after.headers.etag as string;
    }
  });

  it('ends a session at once when it signs out, with requests of the session in flight', async () => {
    const admin = await app.signIn('admin');
    for (let i = 0; i < 3; i++) expect((await get(app, '/me', admin.token)).status).toBe(200);
    const inFlight = Array.from({ length: 5 }, () => get(app, '/me', admin.token));
    const out = await app.request({ method: 'POST', url: '/api/v2/logout', token: admin.token });
    expect(out.status).toBe(204);
    await Promise.all(inFlight);
    expect((await get(app, '/me', admin.token)).status).toBe(401);
  });

  it('refuses a disabled customer’s sessions at once though they were just used', async () => {
    const sup = await app.signIn('super');
    const owner = await app.signIn('admin');
    expect((await get(app, '/me', owner.token)).status).toBe(200);
    const disabled = await app.request({
      method: 'PATCH',
      url: `/api/v2/disableUser/${owner.userId}`,
      token: sup.token,
    });
    expect(disabled.status).toBe(200);
    const res = await get(app, '/me', owner.token);
    expect(res.status).toBe(401);
    expect(res.json.errors[0].code).toBe('accountDisabled');
  });
});

describe.skipIf(TEST_ENGINE !== 'postgres')('two processes on one PostgreSQL database', () => {
  it('a session signed out in one is refused by the other once the notification arrives', async () => {
    const other = await started({ DATABASE_URL: app.config.databaseUrl! });
    const admin = await app.signIn('admin');
    expect((await get(other, '/me', admin.token)).status).toBe(200);
    expect((await get(other, '/me', admin.token)).status).toBe(200);
    expect((await app.request({ method: 'POST', url: '/api/v2/logout', token: admin.token })).status).toBe(204);
    expect(await eventually(async () => (await get(other, '/me', admin.token)).status === 401)).toBe(true);
  });

  it('a call stored by one moves the other’s list ETag once the notification arrives', async () => {
    const other = await started({ DATABASE_URL: app.config.databaseUrl! });
    const company = await liveCompany(app);
    const token = company.owner.token;
    const etag = (await get(other, '/callsview', token)).headers.etag as string;
    expect((await get(other, '/callsview', token, { 'if-none-match': etag })).status).toBe(304);
    await ingest(app, company.botToken);
    expect(
      await eventually(async () => (await get(other, '/callsview', token, { 'if-none-match': etag })).status === 200),
    ).toBe(true);
  });

  it('a phonebot without open calls renamed by one moves the other’s list ETag once the notification arrives', async () => {
    const other = await started({ DATABASE_URL: app.config.databaseUrl! });
    const company = await completedOnly(app);
    const token = company.owner.token;
    const etag = (await get(other, '/calls?view=all', token)).headers.etag as string;
    expect((await get(other, '/calls?view=all', token, { 'if-none-match': etag })).status).toBe(304);
    await rename(app, company, 'Renamed elsewhere');
    expect(
      await eventually(
        async () => (await get(other, '/calls?view=all', token, { 'if-none-match': etag })).status === 200,
      ),
    ).toBe(true);
  });

  it('keeps nothing while its LISTEN connection is lost, and again once it is back', async () => {
    const other = await started({ DATABASE_URL: app.config.databaseUrl! });
    expect(other.events.callsVersions.isLive).toBe(true);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`.execute(app.db.db);
    expect(await eventually(async () => !other.events.callsVersions.isLive || !app.events.callsVersions.isLive)).toBe(
      true,
    );
    expect(await eventually(async () => other.events.callsVersions.isLive && app.events.sessions.isLive, 15_000)).toBe(
      true,
    );
  });
});
