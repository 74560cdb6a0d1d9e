import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../app';
import { createPostgresDatabase } from '../db';
import { type ServerProcess, spawnServer } from '../process';
import { writeFigures } from '../security/figures';
import { type SseClient, callIdsOf, openStream } from '../sse';
import { prepareCompany, startSenders } from './setup';
import { postgresCluster, reachable, requireService } from './services';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const STREAMS = 20;

async function waitFor(check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/** Every id from 1 up, each once and in order: nothing missed, nothing twice. */
const gapless = (stream: SseClient) => stream.events.every((event, index) => Number(event.id) === index + 1);

describe('event streams across a PostgreSQL restart', () => {
  it('stay open or resume with Last-Event-ID, and miss no call that was acknowledged', async () => {
    const cluster = postgresCluster();
    if (!requireService((await reachable(5432)) && cluster !== undefined, 'A local PostgreSQL cluster (pg_ctlcluster)'))
      return;
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    const { app, prepared } = await prepareCompany({ DATABASE_URL: database.url });
    await app.close();
    const server: ServerProcess = await spawnServer({
      DATA_DIR: prepared.dataDir,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
    });
    cleanups.push(() => server.stop('SIGKILL'));
    // One session per stream, as separate browsers have (a session may hold only a few streams).
    const signIn = async () => {
      const login = await fetch(`${server.base}/api/v2/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: prepared.adminEmail, password: PASSWORD }),
      });
      return ((await login.json()) as { meta: { access_token: string } }).meta.access_token;
    };

    // Half the streams stay open throughout; the other half are dropped while the database is away and come back
    // afterwards with the last id they had, as a browser does.
    const staying: SseClient[] = [];
    const resuming: SseClient[] = [];
    const resumingTokens: string[] = [];
    for (let i = 0; i < STREAMS; i++) {
      const token = await signIn();
      const stream = await openStream(server.base, { token });
      expect(stream.status).toBe(200);
      (i % 2 ? resuming : staying).push(stream);
      if (i % 2) resumingTokens.push(token);
    }
    cleanups.push(async () => [...staying, ...resuming].forEach((stream) => stream.close()));
    const senders = startSenders(() => server.base, prepared.botToken, 4);
    await new Promise((r) => setTimeout(r, 1500));

    cluster!.stop();
    const lastIds: string[] = [];
    try {
      for (const stream of resuming) {
        lastIds.push(stream.events.at(-1)?.id ?? '0');
        stream.close();
      }
      await new Promise((r) => setTimeout(r, 2000));
    } finally {
      cluster!.start();
    }
    const recovered = await waitFor(async () => (await fetch(`${server.base}/readyz`)).status === 200, 30_000);
    expect(recovered).toBe(true);
    const resumed: SseClient[] = [];
    for (const [index, stream] of resuming.entries()) {
      const again = await openStream(server.base, { token: resumingTokens[index]!, lastEventId: lastIds[index]! });
      expect(again.status).toBe(200);
      // What the dropped stream had, then the replay and what came after.
      again.events.unshift(...stream.events);
      resumed.push(again);
    }
    cleanups.push(async () => resumed.forEach((stream) => stream.close()));
    await new Promise((r) => setTimeout(r, 1500));
    await senders.stop();

    const acknowledged = new Set(senders.acknowledged.values());
    const complete = (stream: SseClient) => {
      const seen = new Set(callIdsOf(stream.events, 'call.created'));
      return [...acknowledged].every((id) => seen.has(id));
    };
    const all = [...staying, ...resumed];
    const delivered = await waitFor(() => all.every(complete), 30_000);
    const missing = all.map((stream) => [...acknowledged].filter((id) => !callIdsOf(stream.events).includes(id)));

    expect(senders.refused).toContain(503);
    expect(staying.every((stream) => !stream.isEnded())).toBe(true);
    expect(missing.map((ids) => ids.length)).toEqual(all.map(() => 0));
    expect(delivered).toBe(true);
    expect(all.every(gapless)).toBe(true);
    expect(all.every((stream) => stream.events.length === acknowledged.size)).toBe(true);
    writeFigures(
      'events-restart',
      {
        streams: all.length,
        staying: staying.length,
        resumedWithLastEventId: resumed.length,
        acknowledged: acknowledged.size,
        refused503: senders.refused.filter((status) => status === 503).length,
        missedPerStream: missing.map((ids) => ids.length),
      },
      'postgres',
    );
  }, 300_000);
});
