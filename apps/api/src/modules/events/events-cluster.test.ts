import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/app';
import { TEST_ENGINE } from '../../../test/db';
import { ingest, listen, liveCompany } from '../../../test/live';
import { reachable } from '../../../test/reliability/services';
import { callIdsOf, openStream } from '../../../test/sse';
import { publishChanges } from '../../lib/changes';

/**
 * Several runtimes and several writers on one database: events cross processes, survive a lost LISTEN connection,
 * and commit in the order of their ids however many transactions run at once.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function started(overrides: Parameters<typeof createTestApp>[0] = {}, env: NodeJS.ProcessEnv = {}) {
  const app = await createTestApp(overrides, env);
  cleanups.push(() => app.stop());
  return { app, base: await listen(app) };
}

const redisReachable = () => {
  const { hostname, port } = new URL(REDIS_URL);
  return reachable(Number(port || 6379), hostname);
};

let first: { app: TestApp; base: string };
beforeAll(async () => {
  first = await started();
});

describe('concurrent writers', () => {
  it('commit a company’s events in id order: every stream and replay gets 1..n without a gap', async () => {
    const { app, base } = first;
    const company = await liveCompany(app);
    const second = await liveCompany(app, await app.signIn('admin', { customerId: company.customerId }));
    const live = await openStream(base, { token: company.owner.token });
    const ids = await Promise.all(
      Array.from({ length: 40 }, (_, i) => ingest(app, i % 2 ? company.botToken : second.botToken, `call ${i}`)),
    );
    const updates = await Promise.all(
      ids.slice(0, 10).map((id) =>
        app.request({
          method: 'PATCH',
          url: `/api/v2/updateCallStatus/${id}`,
          token: company.owner.token,
          body: { status: 'In Progress' },
        }),
      ),
    );
    expect(updates.every((res) => res.status === 200)).toBe(true);
    await live.waitFor((events) => events.length === 50, 15_000);
    const replay = await openStream(base, { token: company.owner.token, lastEventId: '0' });
    await replay.waitFor((events) => events.length === 50, 15_000);
    for (const stream of [live, replay]) {
      expect(stream.events.map((event) => Number(event.id))).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(callIdsOf(stream.events, 'call.created').sort()).toEqual([...ids].sort());
      expect(callIdsOf(stream.events, 'call.updated').sort()).toEqual(ids.slice(0, 10).sort());
      stream.close();
    }
  });

  it('a later id never becomes visible before an earlier one: the second change waits for the first’s commit', async () => {
    const { app, base } = first;
    const company = await liveCompany(app);
    const a = Number(await ingest(app, company.botToken));
    const b = Number(await ingest(app, company.botToken));
    const stream = await openStream(base, { token: company.owner.token });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstRecorded!: () => void;
    const recorded = new Promise<void>((resolve) => (firstRecorded = resolve));
    const slow = app.db.db.transaction().execute(async (trx) => {
      await publishChanges(trx, [{ kind: 'updated', customerId: company.customerId, callIds: [a] }]);
      firstRecorded();
      await held;
    });
    await recorded;
    let fastDone = false;
    // On SQLite the second transaction waits for the only connection, on PostgreSQL for the company's head row.
    const fast = app.db.db
      .transaction()
      .execute((trx) => publishChanges(trx, [{ kind: 'updated', customerId: company.customerId, callIds: [b] }]))
      .then(() => (fastDone = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fastDone).toBe(false);
    expect(stream.events).toEqual([]);
    release();
    await Promise.all([slow, fast]);
    await stream.waitFor((events) => events.length === 2);
    expect(callIdsOf(stream.events)).toEqual([String(a), String(b)]);
    expect(stream.events.map((event) => Number(event.id))).toEqual([3, 4]);
    stream.close();
  });
});

describe.skipIf(TEST_ENGINE !== 'postgres')('two runtimes on one PostgreSQL database', () => {
  it('deliver each other’s changes through LISTEN/NOTIFY', async () => {
    const other = await started({}, { DATABASE_URL: first.app.config.databaseUrl! });
    const company = await liveCompany(first.app);
    const onFirst = await openStream(first.base, { token: company.owner.token });
    const onOther = await openStream(other.base, { token: company.owner.token });
    const viaFirst = await ingest(first.app, company.botToken);
    const viaOther = await ingest(other.app, company.botToken);
    for (const stream of [onFirst, onOther]) {
      await stream.waitFor((events) => events.length === 2);
      expect(callIdsOf(stream.events)).toEqual([viaFirst, viaOther]);
      stream.close();
    }
  });

  it('open a lost LISTEN connection again by themselves and deliver what was missed', async () => {
    const { app, base } = first;
    const company = await liveCompany(app);
    const stream = await openStream(base, { token: company.owner.token });
    const before = await ingest(app, company.botToken);
    await stream.waitFor((events) => events.length === 1);
    const terminated = await sql<{ pid: number }>`
      select pid from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`.execute(app.db.db);
    expect(terminated.rows.length).toBeGreaterThan(0);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`.execute(app.db.db);
    // Stored while nobody listens: its notification is lost, the table still has the event.
    const during = await ingest(app, company.botToken);
    await stream.waitFor((events) => events.length === 2, 15_000);
    const after = await ingest(app, company.botToken);
    await stream.waitFor((events) => events.length === 3, 15_000);
    expect(callIdsOf(stream.events)).toEqual([before, during, after]);
    stream.close();
  });
});

describe('with REDIS_URL', () => {
  it('two runtimes on one database deliver each other’s changes through Redis pub/sub', async ({ skip }) => {
    if (!(await redisReachable())) {
      console.warn(`\n!!!!!!!! Redis is not reachable at ${REDIS_URL}: the Redis transport was not tested.\n`);
      skip();
    }
    const shared =
      TEST_ENGINE === 'postgres'
        ? { DATABASE_URL: first.app.config.databaseUrl! }
        : // Two connections to one SQLite file: the reader sees a change only after the writer's commit.
          { DATA_DIR: first.app.config.dataDir };
    // On PostgreSQL Redis carries the events only when told to (a pooler that cannot carry LISTEN).
    const env = { ...shared, REDIS_URL, EVENTS_TRANSPORT: 'redis' };
    const one = await started({}, env);
    const two = await started({}, env);
    expect(one.app.events.transportName).toBe('redis');
    const company = await liveCompany(one.app);
    const onOne = await openStream(one.base, { token: company.owner.token });
    const onTwo = await openStream(two.base, { token: company.owner.token });
    const ids = [await ingest(one.app, company.botToken), await ingest(two.app, company.botToken)];
    ids.push(await ingest(one.app, company.botToken));
    for (const stream of [onOne, onTwo]) {
      await stream.waitFor((events) => events.length === 3, 15_000);
      expect(callIdsOf(stream.events)).toEqual(ids);
      stream.close();
    }
  });
});
