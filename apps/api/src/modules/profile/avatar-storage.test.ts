import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/app';
import { TEST_ENGINE } from '../../../test/db';
import { VALID_PNG } from '../../../test/fixtures';
import { listen } from '../../../test/live';
import { type LoopbackS3, startLoopbackS3 } from '../../../test/s3';
import type { FileStore } from '../../lib/file-store';
import { avatarKey, pruneOrphanedAvatars } from '../users';

/**
 * Avatars in the file store: with STORAGE=s3 every process serves every avatar from the shared bucket, and every
 * way a user or avatar goes deletes its object, so the bucket holds exactly the avatars users name. With the default
 * file store they stay where earlier versions kept them (profile.test.ts, account-protection.test.ts).
 */

let s3: LoopbackS3;
let app: TestApp;
const stops: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  s3 = await startLoopbackS3();
  stops.push(() => s3.stop());
  app = await createTestApp({}, s3.env);
  stops.push(() => app.stop());
});
afterAll(async () => {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
});

async function upload(on: TestApp, user: { token: string; userId: number }, image: Buffer = VALID_PNG) {
  const boundary = 'pbp-storage-boundary';
  const res = await on.app.inject({
    method: 'POST',
    url: `/api/v2/uploads/users/${user.userId}/profile-image`,
    headers: { authorization: `Bearer ${user.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="a.img"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  return { status: res.statusCode, headers: res.headers, url: (res.json() as { meta?: { url: string } }).meta?.url };
}

const keyOf = (url: string) => url.slice(1);
const serve = (on: TestApp, url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  on.app.inject({ method, url, headers });

/** The bucket holds exactly the avatars that users of the database name. */
async function expectNothingOrphaned(on: TestApp) {
  const named = await on.db.db.selectFrom('users').select('avatar_path').where('avatar_path', 'is not', null).execute();
  expect(await s3.keys()).toEqual(named.map((row) => avatarKey(row.avatar_path!)).sort());
}

const square = (colour: string) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

describe('avatars in an S3 bucket', () => {
  it('are uploaded into the bucket, served from it with today’s headers, in ranges, and replaced and removed there', async () => {
    const me = await app.signIn('user');
    const first = await upload(app, me);
    expect(first.status).toBe(200);
    expect(first.url).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.png$/);
    expect(await s3.keys()).toContain(keyOf(first.url!));
    // Nothing on this process's disk.
    expect(fs.existsSync(path.join(app.config.dataDir, 'uploads'))).toBe(false);

    const served = await serve(app, first.url!);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(VALID_PNG.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
      'cache-control': 'public, max-age=31536000, immutable',
      'accept-ranges': 'bytes',
    });
    expect(served.rawPayload.equals(VALID_PNG)).toBe(true);

    const part = await serve(app, first.url!, { range: 'bytes=1-3' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1-3/${VALID_PNG.length}`);
    expect(part.headers['content-length']).toBe('3');
    expect(part.rawPayload.equals(VALID_PNG.subarray(1, 4))).toBe(true);
    const tail = await serve(app, first.url!, { range: 'bytes=-8' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(VALID_PNG.subarray(-8))).toBe(true);
    const past = await serve(app, first.url!, { range: `bytes=${VALID_PNG.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${VALID_PNG.length}`);
    const head = await serve(app, first.url!, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(VALID_PNG.length));
    expect(head.headers['content-type']).toBe('image/png');
    expect(head.rawPayload.length).toBe(0);

    const jpeg = await square('#0d6e65');
    const second = await upload(app, me, jpeg);
    expect(second.status).toBe(200);
    expect(second.url).toMatch(/\.jpg$/);
    expect((await serve(app, second.url!)).rawPayload.equals(jpeg)).toBe(true);
    expect((await serve(app, first.url!)).statusCode).toBe(404);
    expect(await s3.keys()).not.toContain(keyOf(first.url!));

    const removed = await app.request({
      method: 'DELETE',
      url: `/api/v2/uploads/users/${me.userId}/profile-image`,
      token: me.token,
    });
    expect(removed.status).toBe(204);
    expect((await serve(app, second.url!)).statusCode).toBe(404);
    expect(await s3.keys()).not.toContain(keyOf(second.url!));
    await expectNothingOrphaned(app);
  });

  it('go with their deleted user, guest and customer', async () => {
    const admin = await app.signIn('admin');
    const colleague = await app.signIn('user', { customerId: admin.customerId! });
    const colleagueUrl = (await upload(app, colleague)).url!;
    const adminUrl = (await upload(app, admin)).url!;
    const bystander = await app.signIn('user');
    const bystanderUrl = (await upload(app, bystander)).url!;

    expect(
      (await app.request({ method: 'DELETE', url: `/api/v2/user/${colleague.userId}`, token: admin.token })).status,
    ).toBe(204);
    expect(await s3.keys()).not.toContain(keyOf(colleagueUrl));
    expect((await serve(app, colleagueUrl)).statusCode).toBe(404);

    // Guests cannot upload one, but a guest's avatar goes with the guest all the same.
    const guest = await app.signIn('guest', { customerId: admin.customerId! });
    const guestPath = 'avatars/0123456789abcdef0123456789abcdef.png';
    await app.files.put(avatarKey(guestPath), VALID_PNG, 'image/png');
    await app.db.db.updateTable('users').set({ avatar_path: guestPath }).where('id', '=', guest.userId).execute();
    const sup = await app.signIn('super');
    expect(
      (await app.request({ method: 'DELETE', url: `/api/v2/guest/${guest.userId}`, token: sup.token })).status,
    ).toBe(204);
    expect(await s3.keys()).not.toContain(avatarKey(guestPath));

    expect(
      (await app.request({ method: 'DELETE', url: `/api/v2/customer/${admin.userId}`, token: sup.token })).status,
    ).toBe(204);
    expect(await s3.keys()).not.toContain(keyOf(adminUrl));
    expect(await s3.keys()).toContain(keyOf(bystanderUrl));
    await expectNothingOrphaned(app);
  });

  it('left behind by a failure are swept once they are an hour old, and only those', async () => {
    const me = await app.signIn('user');
    const kept = (await upload(app, me)).url!;
    const orphan = 'uploads/avatars/fedcba9876543210fedcba9876543210.png';
    await app.files.put(orphan, VALID_PNG, 'image/png');
    // The bucket cannot be told an object's age: a view of it that reports every object as a day old.
    const aged: FileStore = {
      ...app.files,
      async *list(prefix) {
        for await (const entry of app.files.list(prefix))
          yield { ...entry, lastModified: new Date(Date.now() - 86_400_000) };
      },
    };
    expect(await pruneOrphanedAvatars(app.db.db, app.files)).toBe(0);
    expect(await s3.keys()).toContain(orphan);
    expect(await pruneOrphanedAvatars(app.db.db, aged)).toBe(1);
    expect(await s3.keys()).not.toContain(orphan);
    expect((await serve(app, kept)).statusCode).toBe(200);
    await expectNothingOrphaned(app);
  });
});

describe('a bucket that cannot be reached', () => {
  let down: TestApp;
  beforeAll(async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const logLines: string[] = [];
    down = await createTestApp({}, { ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${closed}` }, { logLines });
    stops.push(() => down.stop());
    Object.assign(down, { logLines });
  });

  it('refuses uploads with 503 and changes nothing, serves 503, and still deletes users', async () => {
    const me = await down.signIn('user');
    const refused = await upload(down, me);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    const mine = await down.request({ method: 'GET', url: '/api/v2/me', token: me.token });
    expect(mine.json.data.attributes.avatar_url).toBeNull();
    const missing = await serve(down, '/uploads/avatars/0123456789abcdef0123456789abcdef.png');
    expect(missing.statusCode).toBe(503);
    expect(missing.headers['retry-after']).toBe('5');

    const admin = await down.signIn('admin');
    const colleague = await down.signIn('user', { customerId: admin.customerId! });
    await down.db.db
      .updateTable('users')
      .set({ avatar_path: 'avatars/00000000000000000000000000000000.png' })
      .where('id', '=', colleague.userId)
      .execute();
    expect(
      (await down.request({ method: 'DELETE', url: `/api/v2/user/${colleague.userId}`, token: admin.token })).status,
    ).toBe(204);
    const lines = (down as TestApp & { logLines: string[] }).logLines.map(
      (line) => JSON.parse(line) as { msg: string },
    );
    expect(lines.map((line) => line.msg)).toContain(
      'could not delete the stored files of avatars no user has any more',
    );
    expect(lines.map((line) => line.msg)).toContain('file store unavailable');
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('two processes on one database and one bucket', () => {
  let other: TestApp;
  beforeAll(async () => {
    // Its own data directory, as another machine's: only the database and the bucket are shared.
    other = await createTestApp({}, { ...s3.env, DATABASE_URL: app.config.databaseUrl! });
    stops.push(() => other.stop());
  });

  it('serve each other’s avatars, replace and delete them for both', async () => {
    expect(other.config.dataDir).not.toBe(app.config.dataDir);
    const admin = await app.signIn('admin');
    const me = await app.signIn('user', { customerId: admin.customerId! });
    const first = (await upload(app, me)).url!;

    // Through a real connection, as the proxy would ask.
    const base = await listen(other);
    const res = await fetch(`${base}${first}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(VALID_PNG)).toBe(true);
    const ranged = await fetch(`${base}${first}`, { headers: { range: 'bytes=0-7' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(VALID_PNG.subarray(0, 8))).toBe(true);

    // Replaced through the other process: the first serves the new one, and neither the old.
    const jpeg = await square('#aa3300');
    const second = (await upload(other, me, jpeg)).url!;
    expect((await serve(app, second)).rawPayload.equals(jpeg)).toBe(true);
    for (const on of [app, other]) expect((await serve(on, first)).statusCode).toBe(404);

    // Deleted through the other process: its object is gone for both.
    expect(
      (await other.request({ method: 'DELETE', url: `/api/v2/user/${me.userId}`, token: admin.token })).status,
    ).toBe(204);
    for (const on of [app, other]) expect((await serve(on, second)).statusCode).toBe(404);
    expect(await s3.keys()).not.toContain(keyOf(second));
    await expectNothingOrphaned(app);
  });
});

describe('avatars under DATA_DIR (STORAGE=file, the default)', () => {
  it('left behind are swept once they are an hour old, and only those', async () => {
    const local = await createTestApp();
    stops.push(() => local.stop());
    expect(local.files.kind).toBe('file');
    const me = await local.signIn('user');
    const kept = (await upload(local, me)).url!;
    const folder = path.join(local.config.dataDir, 'uploads', 'avatars');
    const file = (name: string) => path.join(folder, name);
    const dayAgo = new Date(Date.now() - 86_400_000);
    fs.utimesSync(file(path.basename(kept)), dayAgo, dayAgo);
    const orphans = { old: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.gif', young: 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.gif' };
    for (const name of [...Object.values(orphans), 'notes.txt']) fs.writeFileSync(file(name), 'x');
    for (const name of [orphans.old, 'notes.txt']) fs.utimesSync(file(name), dayAgo, dayAgo);

    expect(await pruneOrphanedAvatars(local.db.db, local.files)).toBe(1);
    expect(fs.readdirSync(folder).sort()).toEqual([path.basename(kept), orphans.young, 'notes.txt'].sort());
    expect((await serve(local, kept)).statusCode).toBe(200);
  });
});
