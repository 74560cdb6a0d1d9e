import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackS3, startLoopbackS3 } from '../../../test/s3';
import { loadConfig } from '../../config';
import { parseRange } from '../file-reply';
import { type FileStore, FileStoreError, RangeNotSatisfiableError, createFileStore } from './index';

async function read(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const quiet = { warn: () => undefined };
const BYTES = Buffer.from('0123456789abcdefghij');

let s3: LoopbackS3;
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await startLoopbackS3();
});
afterAll(async () => {
  await s3?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function fileDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-files-'));
  dirs.push(dir);
  return dir;
}

const kinds: { kind: 'file' | 's3'; open: () => Promise<FileStore> }[] = [
  { kind: 'file', open: () => createFileStore({ kind: 'file', dir: fileDir() }, quiet) },
  { kind: 's3', open: async () => createFileStore(loadConfig({ DATA_DIR: fileDir(), ...s3.env }).storage, quiet) },
];

describe.each(kinds)('the $kind store', ({ kind, open }) => {
  let store: FileStore;
  beforeAll(async () => {
    store = await open();
    expect(store.kind).toBe(kind);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('answers what was put, whole and in ranges, and null for a key that names nothing', async () => {
    await store.put('uploads/avatars/a.png', BYTES, 'image/png');
    const whole = await store.get('uploads/avatars/a.png');
    expect(whole).toMatchObject({ contentType: 'image/png', size: 20 });
    expect(whole?.range).toBeUndefined();
    expect((await read(whole!.body)).equals(BYTES)).toBe(true);

    const cases = [
      { range: { start: 2, end: 4 }, bytes: '234', at: { start: 2, end: 4 } },
      { range: { start: 15 }, bytes: 'fghij', at: { start: 15, end: 19 } },
      { range: { start: 18, end: 500 }, bytes: 'ij', at: { start: 18, end: 19 } },
      { range: { suffix: 3 }, bytes: 'hij', at: { start: 17, end: 19 } },
      { range: { suffix: 50 }, bytes: BYTES.toString(), at: { start: 0, end: 19 } },
    ];
    for (const { range, bytes, at } of cases) {
      const part = await store.get('uploads/avatars/a.png', range);
      expect(part, JSON.stringify(range)).toMatchObject({ size: 20, range: at });
      expect((await read(part!.body)).toString(), JSON.stringify(range)).toBe(bytes);
    }
    for (const range of [{ start: 20 }, { start: 99, end: 120 }, { suffix: 0 }]) {
      const refused = await store.get('uploads/avatars/a.png', range).catch((error: unknown) => error);
      expect(refused, JSON.stringify(range)).toBeInstanceOf(RangeNotSatisfiableError);
      expect((refused as RangeNotSatisfiableError).size).toBe(20);
    }
    expect(await store.get('uploads/avatars/none.png')).toBeNull();
    expect(await store.get('uploads/avatars/none.png', { suffix: 4 })).toBeNull();
    expect(await store.get('uploads/none/a.png', { start: 1 })).toBeNull();
  });

  it('replaces an object whole, and deletes one, many, and keys that name nothing', async () => {
    await store.put('uploads/avatars/b.png', BYTES, 'image/png');
    await store.put('uploads/avatars/b.png', Buffer.from('new'), 'image/png');
    expect((await read((await store.get('uploads/avatars/b.png'))!.body)).toString()).toBe('new');

    const keys = ['one', 'two', 'three'].map((name) => `uploads/deletes/${name}.gif`);
    for (const key of keys) await store.put(key, BYTES, 'image/gif');
    await store.delete('uploads/avatars/b.png');
    await store.delete('uploads/avatars/b.png');
    await store.deleteMany([...keys, 'uploads/deletes/never.gif']);
    await store.deleteMany([]);
    expect(await store.get('uploads/avatars/b.png')).toBeNull();
    for (const key of keys) expect(await store.get(key)).toBeNull();
  });

  it('lists a folder with each object’s size and time', async () => {
    const started = Date.now() - 2_000;
    await store.put('uploads/listed/x.webp', BYTES, 'image/webp');
    await store.put('uploads/listed/deeper/y.jpg', Buffer.from('y'), 'image/jpeg');
    await store.put('uploads/listedness/z.png', BYTES, 'image/png');
    const entries = [];
    for await (const entry of store.list('uploads/listed/')) entries.push(entry);
    expect(entries.map((entry) => [entry.key, entry.size]).sort()).toEqual([
      ['uploads/listed/deeper/y.jpg', 1],
      ['uploads/listed/x.webp', 20],
    ]);
    for (const entry of entries) expect(entry.lastModified.getTime()).toBeGreaterThan(started);
    const none = [];
    for await (const entry of store.list('uploads/nothing-here/')) none.push(entry);
    expect(none).toEqual([]);
  });

  it('refuses keys that are not plain relative paths, and a type its key does not name', async () => {
    for (const key of ['../escape.png', '/abs.png', 'a//b.png', 'uploads/.hidden.png', 'uploads/a b.png', '']) {
      await expect(store.put(key, BYTES, 'image/png'), key).rejects.toThrow(/Not a file store key/);
      await expect(store.get(key), key).rejects.toThrow(/Not a file store key/);
    }
    await expect(store.put('uploads/a.png', BYTES, 'image/jpeg')).rejects.toThrow(/must name its type/);
    await expect(store.put('uploads/a.exe', BYTES, 'application/octet-stream')).rejects.toThrow(/must name its type/);
    const listing = async () => {
      for await (const entry of store.list('uploads')) void entry;
    };
    await expect(listing()).rejects.toThrow(/Not a file store folder/);
  });
});

describe('the file store', () => {
  it('reads the files of earlier versions where they are, DATA_DIR/uploads/avatars/<name>', async () => {
    const dir = fileDir();
    fs.mkdirSync(path.join(dir, 'uploads', 'avatars'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'uploads', 'avatars', 'old.gif'), BYTES);
    const store = await createFileStore(loadConfig({ DATA_DIR: dir }).storage, quiet);
    expect(store.kind).toBe('file');
    expect((await read((await store.get('uploads/avatars/old.gif'))!.body)).equals(BYTES)).toBe(true);
    await store.put('uploads/avatars/new.png', BYTES, 'image/png');
    const written = path.join(dir, 'uploads', 'avatars', 'new.png');
    expect(fs.readFileSync(written).equals(BYTES)).toBe(true);
    expect(fs.statSync(written).mode & 0o777).toBe(0o640);
    // Nothing but the file itself is left beside it.
    expect(fs.readdirSync(path.join(dir, 'uploads', 'avatars')).sort()).toEqual(['new.png', 'old.gif']);
  });
});

describe('an S3 store that cannot be reached', () => {
  it('fails with FileStoreError, and discarding only logs', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const warnings: unknown[] = [];
    const store = await createFileStore(
      loadConfig({ DATA_DIR: fileDir(), ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${closed}` }).storage,
      { warn: (...args: unknown[]) => void warnings.push(args) },
    );
    try {
      await expect(store.put('uploads/a.png', BYTES, 'image/png')).rejects.toBeInstanceOf(FileStoreError);
      await expect(store.get('uploads/a.png')).rejects.toBeInstanceOf(FileStoreError);
      await expect(store.deleteMany(['uploads/a.png'])).rejects.toBeInstanceOf(FileStoreError);
      await store.discard(['uploads/a.png'], 'a test');
      expect(warnings).toHaveLength(1);
      expect(JSON.stringify(warnings[0])).toContain('uploads/a.png');
    } finally {
      await store.close();
    }
  });

  it('and a bucket that does not exist is no missing object', async () => {
    const store = await createFileStore(
      loadConfig({ DATA_DIR: fileDir(), ...s3.env, S3_BUCKET: 'no-such-bucket-here' }).storage,
      quiet,
    );
    try {
      await expect(store.get('uploads/a.png')).rejects.toBeInstanceOf(FileStoreError);
      await expect(store.put('uploads/a.png', BYTES, 'image/png')).rejects.toBeInstanceOf(FileStoreError);
    } finally {
      await store.close();
    }
  });
});

describe('configuration', () => {
  it('stores files under DATA_DIR by default and in a bucket with STORAGE=s3', () => {
    expect(loadConfig({ DATA_DIR: '/srv/pbp' }).storage).toEqual({ kind: 'file', dir: path.resolve('/srv/pbp') });
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'avatars' }).storage).toEqual({
      kind: 's3',
      bucket: 'avatars',
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET: required with STORAGE=s3/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(/set both/);
    expect(() => loadConfig({ STORAGE: 'disk' })).toThrow(/STORAGE/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });
});

describe('Range headers', () => {
  it('honour one byte range and ignore what cannot be honoured', () => {
    expect(parseRange('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-')).toEqual({ start: 100 });
    expect(parseRange('bytes=-500')).toEqual({ suffix: 500 });
    expect(parseRange(' bytes=5-5 ')).toEqual({ start: 5, end: 5 });
    for (const ignored of [undefined, '', 'bytes=-', 'bytes=5-1', 'bytes=0-1,4-5', 'items=0-1', 'bytes=a-b'])
      expect(parseRange(ignored), String(ignored)).toBeUndefined();
    expect(parseRange('bytes=0-1', true)).toBeUndefined();
  });
});
