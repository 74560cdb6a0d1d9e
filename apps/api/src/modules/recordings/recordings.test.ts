import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FileStoreError } from '../../lib/file-store';
import type { TestApp } from '../../../test/app';
import { MP3_FRAME_SECONDS, mp3File, oggFile, wavFile, webmFile } from '../../../test/audio';
import { paidPhonebot } from '../../../test/fixtures';
import { type RecordingStore, postCall, recordingsApp, upload } from '../../../test/recordings';

/**
 * The recordings' API on both stores (this file runs once per store): the Bot API's upload with its type check and
 * size limit, the audio with byte ranges for whoever may read the call, tickets, and the `recording` attribute.
 */

type Store = RecordingStore;

async function audio(app: TestApp, url: string, token?: string, headers: Record<string, string> = {}) {
  const res = await app.app.inject({
    method: 'GET',
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, body: res.body };
}

describe.each<Store>(['file', 's3'])('recordings (%s store)', (store) => {
  let ctx: Awaited<ReturnType<typeof recordingsApp>>;
  let app: TestApp;
  let bot: Awaited<ReturnType<typeof paidPhonebot>>;
  let callId: string;
  const wav = wavFile(2);

  beforeAll(async () => {
    ctx = await recordingsApp(store, { RECORDING_MAX_BYTES: String(64 * 1024) });
    app = ctx.app;
    bot = await paidPhonebot(app, 'Recorder');
    callId = await postCall(app, bot.botToken);
    const put = await upload(app, bot.botToken, callId, wav);
    expect(put.status).toBe(200);
    expect(put.json.meta.recording).toEqual({ duration_seconds: 2, content_type: 'audio/wav', size: wav.length });
  });
  afterAll(async () => ctx?.stop());

  it('shows the recording on the call, its lists and the compatibility routes', async () => {
    const token = bot.admin.token;
    const detail = await app.request({ method: 'GET', url: `/api/v2/calls/${callId}`, token });
    expect(detail.json.data.attributes.recording).toEqual({
      duration_seconds: 2,
      content_type: 'audio/wav',
      size: wav.length,
    });
    expect(detail.json.data.attributes.recording_error).toBeNull();
    for (const url of ['/api/v2/calls', '/api/v2/callsview']) {
      const list = await app.request({ method: 'GET', url, token });
      const row = list.json.data.find((call: { id: string }) => call.id === callId);
      expect(row.attributes.recording.content_type).toBe('audio/wav');
    }
    const other = await postCall(app, bot.botToken, '+4930999');
    const without = await app.request({ method: 'GET', url: `/api/v2/calls/${other}`, token });
    expect(without.json.data.attributes.recording).toBeNull();
  });

  it('streams the whole recording with its headers', async () => {
    const res = await audio(app, `/api/v2/calls/${callId}/recording`, bot.admin.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['cache-control']).toMatch(/^private/);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Number(res.headers['content-length'])).toBe(wav.length);
    expect(Buffer.compare(res.raw, wav)).toBe(0);
  });

  it('answers ranges: 206 with Content-Range, 416 beyond the end, the whole file for what it cannot honour', async () => {
    const url = `/api/v2/calls/${callId}/recording`;
    const token = bot.admin.token;
    const first = await audio(app, url, token, { range: 'bytes=0-99' });
    expect(first.status).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${wav.length}`);
    expect(Buffer.compare(first.raw, wav.subarray(0, 100))).toBe(0);
    const open = await audio(app, url, token, { range: `bytes=${wav.length - 5}-` });
    expect(open.status).toBe(206);
    expect(open.raw.length).toBe(5);
    const suffix = await audio(app, url, token, { range: 'bytes=-10' });
    expect(suffix.status).toBe(206);
    expect(suffix.headers['content-range']).toBe(`bytes ${wav.length - 10}-${wav.length - 1}/${wav.length}`);
    expect(Buffer.compare(suffix.raw, wav.subarray(-10))).toBe(0);
    const past = await audio(app, url, token, { range: `bytes=0-${wav.length + 1000}` });
    expect(past.status).toBe(206);
    expect(past.raw.length).toBe(wav.length);
    const beyond = await audio(app, url, token, { range: `bytes=${wav.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${wav.length}`);
    for (const ignored of ['bytes=10-5', 'bytes=0-1,5-6', 'items=0-5', 'bytes=abc']) {
      const whole = await audio(app, url, token, { range: ignored });
      expect(whole.status, ignored).toBe(200);
      expect(whole.raw.length).toBe(wav.length);
    }
  });

  it('serves whoever may read the call, and 404 to another company and for a call without one', async () => {
    const url = `/api/v2/calls/${callId}/recording`;
    const own = bot.admin.customerId!;
    for (const role of ['admin', 'adminuser', 'user', 'guest'] as const) {
      const who = await app.signIn(role, { customerId: own });
      expect((await audio(app, url, who.token)).status, role).toBe(200);
    }
    expect((await audio(app, url, (await app.signIn('super')).token)).status).toBe(403);
    expect((await audio(app, url)).status).toBe(401);
    const key = await app.request({
      method: 'POST',
      url: '/api/v2/api-keys',
      token: bot.admin.token,
      body: { data: { type: 'api-keys', attributes: { name: 'Player', scopes: ['calls:read'] } } },
    });
    expect((await audio(app, url, key.json.data.attributes.token)).status).toBe(200);
    const stranger = await app.signIn('admin');
    expect((await audio(app, url, stranger.token)).status).toBe(404);
    const bare = await postCall(app, bot.botToken, '+4930777');
    expect((await audio(app, `/api/v2/calls/${bare}/recording`, bot.admin.token)).status).toBe(404);
    expect((await audio(app, '/api/v2/calls/999999999/recording', bot.admin.token)).status).toBe(404);
  });

  it('opens the recording once with a ticket of that call, within its time', async () => {
    const ticketOf = async (id: string, token = bot.admin.token) =>
      app.request({ method: 'POST', url: `/api/v2/calls/${id}/recording/ticket`, token });
    const issued = await ticketOf(callId);
    expect(issued.status).toBe(200);
    expect(issued.json.meta.expires_in).toBe(60);
    const url = `/api/v2/calls/${callId}/recording?ticket=${issued.json.meta.ticket}`;
    const played = await audio(app, url, undefined, { range: 'bytes=0-9' });
    expect(played.status).toBe(206);
    expect((await audio(app, url)).status).toBe(401);

    const other = await postCall(app, bot.botToken, '+4930555');
    await upload(app, bot.botToken, other, wavFile(1));
    const forOther = await ticketOf(other);
    expect((await audio(app, `/api/v2/calls/${callId}/recording?ticket=${forOther.json.meta.ticket}`)).status).toBe(
      401,
    );
    const events = await app.request({ method: 'POST', url: '/api/v2/events/ticket', token: bot.admin.token });
    expect((await audio(app, `/api/v2/calls/${callId}/recording?ticket=${events.json.meta.ticket}`)).status).toBe(401);

    const late = await ticketOf(callId);
    await app.db.db
      .updateTable('recording_tickets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await audio(app, `/api/v2/calls/${callId}/recording?ticket=${late.json.meta.ticket}`)).status).toBe(401);

    expect((await ticketOf(callId, (await app.signIn('admin')).token)).status).toBe(404);
    expect((await ticketOf(await postCall(app, bot.botToken, '+4930444'))).status).toBe(404);
  });

  it('signs the audio element’s further requests in with the playback cookie its ticket set', async () => {
    const viewer = await app.signIn('user', { customerId: bot.admin.customerId! });
    const issued = await app.request({
      method: 'POST',
      url: `/api/v2/calls/${callId}/recording/ticket`,
      token: viewer.token,
    });
    const url = `/api/v2/calls/${callId}/recording?ticket=${issued.json.meta.ticket}`;
    const first = await audio(app, url, undefined, { range: 'bytes=0-43' });
    expect(first.status).toBe(206);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(
      new RegExp(
        `^pb_recording=pbc_[\\w-]{43}; Path=/api/v2/calls/${callId}/recording; Max-Age=3600; HttpOnly; SameSite=Strict$`,
      ),
    );
    const cookie = setCookie.split(';')[0]!;
    // The same URL again (its ticket used up), as the element asks for the part it seeks to.
    const seek = await audio(app, url, undefined, { range: 'bytes=1000-1999', cookie });
    expect(seek.status).toBe(206);
    expect(seek.headers['set-cookie']).toBeUndefined();
    expect((await audio(app, `/api/v2/calls/${callId}/recording`, undefined, { cookie })).status).toBe(200);
    expect((await audio(app, url, undefined, { range: 'bytes=1000-1999' })).status).toBe(401);

    const other = await postCall(app, bot.botToken, '+4930888');
    await upload(app, bot.botToken, other, wavFile(1));
    expect((await audio(app, `/api/v2/calls/${other}/recording`, undefined, { cookie })).status).toBe(401);
    expect((await audio(app, `/api/v2/calls/${callId}/recording?ticket=${cookie.split('=')[1]}`)).status).toBe(401);

    await app.db.db
      .updateTable('recording_tickets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where(
        'access_token_id',
        'in',
        app.db.db.selectFrom('access_tokens').select('id').where('user_id', '=', viewer.userId),
      )
      .execute();
    expect((await audio(app, `/api/v2/calls/${callId}/recording`, undefined, { cookie })).status).toBe(401);

    const again = await app.request({
      method: 'POST',
      url: `/api/v2/calls/${callId}/recording/ticket`,
      token: viewer.token,
    });
    const renewed = await audio(app, `/api/v2/calls/${callId}/recording?ticket=${again.json.meta.ticket}`);
    const fresh = String(renewed.headers['set-cookie']).split(';')[0]!;
    expect((await app.request({ method: 'POST', url: '/api/v2/logout', token: viewer.token })).status).toBe(204);
    // The session ended: its playback tokens with it.
    expect((await audio(app, `/api/v2/calls/${callId}/recording`, undefined, { cookie: fresh })).status).toBe(401);
  });

  it('takes only the phonebot’s own calls', async () => {
    const sibling = await paidPhonebot(app, 'Sibling', bot.admin);
    expect((await upload(app, sibling.botToken, callId, wavFile(1))).status).toBe(404);
    const stranger = await paidPhonebot(app, 'Stranger');
    expect((await upload(app, stranger.botToken, callId, wavFile(1))).status).toBe(404);
    expect((await upload(app, bot.botToken, '987654321', wavFile(1))).status).toBe(404);
    expect((await upload(app, 'pbt_nonsense', callId, wavFile(1))).status).toBe(401);
  });

  it('tells the type from the bytes: MP3 (frames, Xing, ID3), Ogg (Opus) and WebM, and 415 for anything else', async () => {
    const id = await postCall(app, bot.botToken, '+4930333');
    const cbr = await upload(app, bot.botToken, id, mp3File(100), 'audio/mpeg');
    expect(cbr.json.meta.recording.content_type).toBe('audio/mpeg');
    expect(cbr.json.meta.recording.duration_seconds).toBeCloseTo(100 * MP3_FRAME_SECONDS, 2);
    const xing = await upload(app, bot.botToken, id, mp3File(3, { id3: true, xing: 5000 }), 'audio/mpeg');
    expect(xing.json.meta.recording.duration_seconds).toBeCloseTo(5000 * MP3_FRAME_SECONDS, 2);
    // The type named by the client does not count: WAV bytes sent as audio/mpeg are a WAV.
    const named = await upload(app, bot.botToken, id, wavFile(1), 'audio/mpeg');
    expect(named.json.meta.recording.content_type).toBe('audio/wav');
    const ogg = await upload(app, bot.botToken, id, oggFile(), 'audio/ogg');
    expect(ogg.json.meta.recording).toEqual({ content_type: 'audio/ogg', duration_seconds: null, size: 2000 });
    const opus = await upload(app, bot.botToken, id, oggFile(30_000, 12.5), 'audio/ogg');
    expect(opus.json.meta.recording).toEqual({ content_type: 'audio/ogg', duration_seconds: 12.5, size: 30_000 });
    const webm = await upload(app, bot.botToken, id, webmFile(), 'audio/webm');
    expect(webm.json.meta.recording.content_type).toBe('audio/webm');

    // The replaced recordings go: one object for the call.
    await app.recordings.deleter.idle();
    const before = await ctx.keys();
    expect(before.filter((key) => key.includes(`/${id}-`))).toHaveLength(1);
    for (const [bytes, type] of [
      [Buffer.from('<html>not audio</html>'), 'audio/mpeg'],
      [Buffer.alloc(0), 'audio/wav'],
      [Buffer.from('%PDF-1.4 ...'), 'application/octet-stream'],
      [wavFile(1), 'image/png'],
    ] as const) {
      const refused = await upload(app, bot.botToken, id, bytes, type);
      expect(refused.status, type).toBe(415);
      expect(refused.json.errors[0].status).toBe('415');
    }
    const json = await app.request({
      method: 'PUT',
      url: `/api/v2/bot/calls/${id}/recording`,
      token: bot.botToken,
      body: {},
    });
    expect(json.status).toBe(415);
    const detail = await app.request({ method: 'GET', url: `/api/v2/calls/${id}`, token: bot.admin.token });
    expect(detail.json.data.attributes.recording.content_type).toBe('audio/webm');
    expect(await ctx.keys()).toEqual(before);
  });

  it('refuses more than RECORDING_MAX_BYTES, by its length or as it streams, and keeps nothing', async () => {
    const id = await postCall(app, bot.botToken, '+4930222');
    const big = wavFile(5); // 80,044 bytes, the limit is 65,536
    const before = await ctx.keys();
    const declared = await upload(app, bot.botToken, id, big);
    expect(declared.status).toBe(413);
    const streamed = await upload(
      app,
      bot.botToken,
      id,
      Readable.from([big.subarray(0, 40_000), big.subarray(40_000)]),
    );
    expect(streamed.status).toBe(413);
    expect(streamed.json.errors[0].status).toBe('413');
    const detail = await app.request({ method: 'GET', url: `/api/v2/calls/${id}`, token: bot.admin.token });
    expect(detail.json.data.attributes.recording).toBeNull();
    expect(await ctx.keys()).toEqual(before);
    const fits = await upload(app, bot.botToken, id, wavFile(4 * 0.99));
    expect(fits.status).toBe(200);
  });

  it('answers 503 while the store cannot be reached, and keeps nothing', async () => {
    const id = await postCall(app, bot.botToken, '+4930666');
    const down = vi
      .spyOn(app.recordings.store, 'putFile')
      .mockRejectedValueOnce(new FileStoreError('could not write: the bucket is away'));
    const res = await app.app.inject({
      method: 'PUT',
      url: `/api/v2/bot/calls/${id}/recording`,
      headers: { authorization: `Bearer ${bot.botToken}`, 'content-type': 'audio/wav' },
      payload: wavFile(1),
    });
    down.mockRestore();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    const detail = await app.request({ method: 'GET', url: `/api/v2/calls/${id}`, token: bot.admin.token });
    expect(detail.json.data.attributes.recording).toBeNull();
  });
});
