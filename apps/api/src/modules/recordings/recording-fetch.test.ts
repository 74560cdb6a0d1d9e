import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { wavFile } from '../../../test/audio';
import { paidPhonebot } from '../../../test/fixtures';
import { postCall, recordingsApp } from '../../../test/recordings';
import { createRecordings, queueRecordingFetch } from '.';

/**
 * The background fetch of a platform's recording from a loopback server: stored on success; a 404, a file too large,
 * bytes that are not audio and a private address (without WEBHOOK_ALLOW_PRIVATE_URLS) leave the call without one and
 * say why; a 5xx and a timeout are tried again; two fetchers on one database fetch a recording once.
 */

const wav = wavFile(1);
let server: http.Server;
let base: string;
const hits = new Map<string, number>();
let flaky = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    if (req.url === '/ok.wav') return res.writeHead(200, { 'content-type': 'audio/wav' }).end(wav);
    if (req.url === '/slow.wav') return void setTimeout(() => res.writeHead(200).end(wav), 300);
    if (req.url === '/moved') return res.writeHead(302, { location: '/ok.wav' }).end();
    if (req.url === '/big.wav') {
      const big = wavFile(10);
      return res.writeHead(200, { 'content-length': String(big.length) }).end(big);
    }
    if (req.url === '/chunked-big.wav') {
      res.writeHead(200);
      res.write(wavFile(5));
      return res.end(wavFile(5));
    }
    if (req.url === '/page.html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    if (req.url === '/flaky.wav') return flaky++ === 0 ? res.writeHead(503).end() : res.writeHead(200).end(wav);
    if (req.url === '/hang.wav') return; // never answers
    res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function queued(app: TestApp, botToken: string, url: string): Promise<string> {
  const id = await postCall(app, botToken, `+49302${Math.floor(Math.random() * 1e6)}`);
  await app.db.db.transaction().execute((trx) => queueRecordingFetch(trx, Number(id), url));
  return id;
}

async function attributes(app: TestApp, token: string, id: string) {
  const res = await app.request({ method: 'GET', url: `/api/v2/calls/${id}`, token });
  return res.json.data.attributes as { recording: { size: number } | null; recording_error: string | null };
}

describe('fetching a platform’s recording (private addresses allowed, as in development)', () => {
  let ctx: Awaited<ReturnType<typeof recordingsApp>>;
  let app: TestApp;
  let bot: Awaited<ReturnType<typeof paidPhonebot>>;
  const fetched = async () => {
    app.recordings.fetcher.wake();
    await app.recordings.fetcher.idle();
  };

  beforeAll(async () => {
    ctx = await recordingsApp('file', { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', RECORDING_MAX_BYTES: String(100_000) });
    app = ctx.app;
    bot = await paidPhonebot(app, 'Platform');
  });
  afterAll(async () => ctx?.stop());

  it('stores the recording, following a redirect', async () => {
    const id = await queued(app, bot.botToken, `${base}/ok.wav`);
    const moved = await queued(app, bot.botToken, `${base}/moved`);
    await fetched();
    for (const call of [id, moved]) {
      const attrs = await attributes(app, bot.admin.token, call);
      expect(attrs.recording).toEqual({ duration_seconds: 1, content_type: 'audio/wav', size: wav.length });
      expect(attrs.recording_error).toBeNull();
    }
    expect(await app.db.db.selectFrom('recording_fetches').selectAll().execute()).toEqual([]);
  });

  it('gives up on a 404, a file too large (by its length or as it streams) and bytes that are not audio', async () => {
    const cases = {
      missing: [`${base}/missing.wav`, /answered 404/],
      big: [`${base}/big.wav`, /more than 100000/],
      chunked: [`${base}/chunked-big.wav`, /at most 100000 bytes/],
      page: [`${base}/page.html`, /not MP3, WAV, Ogg or WebM/],
      ftp: ['ftp://example.com/a.wav', /not http/],
    } as const;
    const ids = new Map<string, string>();
    for (const [name, [url]] of Object.entries(cases)) ids.set(name, await queued(app, bot.botToken, url));
    const before = await ctx.keys();
    await fetched();
    for (const [name, [, why]] of Object.entries(cases)) {
      const attrs = await attributes(app, bot.admin.token, ids.get(name)!);
      expect(attrs.recording, name).toBeNull();
      expect(attrs.recording_error, name).toMatch(why);
    }
    expect(await ctx.keys()).toEqual(before);
    expect(await app.db.db.selectFrom('recording_fetches').selectAll().execute()).toEqual([]);
  });

  it('tries a 5xx again later, and then stores it', async () => {
    const id = await queued(app, bot.botToken, `${base}/flaky.wav`);
    await fetched();
    const [row] = await app.db.db.selectFrom('recording_fetches').selectAll().execute();
    expect(row).toMatchObject({ attempts: 1, last_error: 'the platform answered 503' });
    expect(Date.parse(row!.next_attempt_at)).toBeGreaterThan(Date.now() + 20_000);
    expect((await attributes(app, bot.admin.token, id)).recording).toBeNull();
    await app.db.db.updateTable('recording_fetches').set({ next_attempt_at: new Date().toISOString() }).execute();
    await fetched();
    expect((await attributes(app, bot.admin.token, id)).recording?.size).toBe(wav.length);
  });

  it('goes with its call', async () => {
    const id = await queued(app, bot.botToken, `${base}/hang.wav`);
    await app.request({ method: 'DELETE', url: `/api/v2/calls/${id}`, token: bot.admin.token });
    expect(await app.db.db.selectFrom('recording_fetches').selectAll().execute()).toEqual([]);
  });

  it('is fetched once by two processes, and a timeout is tried again', async () => {
    const other = await createRecordings({
      db: app.db.db,
      storage: app.config.recordings.storage,
      maxBytes: 100_000,
      fetchTimeoutMs: 200,
      guard: { allowPrivate: true },
      log: pino({ level: 'silent' }),
    });
    try {
      const id = await queued(app, bot.botToken, `${base}/slow.wav`);
      app.recordings.fetcher.wake();
      other.fetcher.wake();
      await Promise.all([app.recordings.fetcher.idle(), other.fetcher.idle()]);
      expect(hits.get('/slow.wav')).toBe(1);
      const attrs = await attributes(app, bot.admin.token, id);
      const [row] = await app.db.db.selectFrom('recording_fetches').selectAll().execute();
      // Whichever process took it: stored (the app's 60 s) or to be tried again (the other's 200 ms).
      if (attrs.recording) expect(row).toBeUndefined();
      else expect(row).toMatchObject({ attempts: 1, last_error: 'no recording within 0.2 s' });

      const hung = await queued(app, bot.botToken, `${base}/hang.wav`);
      other.fetcher.wake();
      await other.fetcher.idle();
      const [late] = await app.db.db
        .selectFrom('recording_fetches')
        .selectAll()
        .where('call_id', '=', Number(hung))
        .execute();
      expect(late?.last_error).toBe('no recording within 0.2 s');
    } finally {
      await other.close();
      await app.db.db.deleteFrom('recording_fetches').execute();
    }
  });
});

describe('fetching a platform’s recording (production guard)', () => {
  let ctx: Awaited<ReturnType<typeof recordingsApp>>;

  beforeAll(async () => {
    ctx = await recordingsApp('file');
  });
  afterAll(async () => ctx?.stop());

  it('refuses a private address and never connects', async () => {
    const app = ctx.app;
    const bot = await paidPhonebot(app, 'Guarded');
    const before = hits.get('/ok.wav') ?? 0;
    const id = await queued(app, bot.botToken, `${base}/ok.wav`);
    const named = await queued(app, bot.botToken, `http://localhost:${new URL(base).port}/ok.wav`);
    app.recordings.fetcher.wake();
    await app.recordings.fetcher.idle();
    for (const call of [id, named]) {
      const attrs = await attributes(app, bot.admin.token, call);
      expect(attrs.recording).toBeNull();
      expect(attrs.recording_error).toMatch(/local or private address/);
    }
    expect(hits.get('/ok.wav') ?? 0).toBe(before);
  });
});
