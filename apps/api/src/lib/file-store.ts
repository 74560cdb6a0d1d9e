import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Logger } from 'pino';

/**
 * Where the server keeps stored files (avatars; call recordings later): `file` under DATA_DIR, the default, or `s3`,
 * one bucket that every process of a deployment shares. A key is a relative path of plain segments
 * (`uploads/avatars/<name>.png`); it names the same file under DATA_DIR and the same object in the bucket, so a
 * deployment moves from one to the other by copying the tree.
 */
export type FileStorage =
  | { kind: 'file'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** Unset: AWS S3 itself. */
      endpoint: string | undefined;
      /** Unset: the SDK's own chain (AWS_ACCESS_KEY_ID, a profile, the instance's role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      /** `bucket` as the first path segment instead of a host name, as most S3-compatible servers need. */
      forcePathStyle: boolean;
    };

/** The bytes asked for: `start` to `end` (inclusive; to the last byte without `end`), or the last `suffix` bytes. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export type StoredFile = {
  /** The whole object, or the bytes of `range`; destroy it when not read to its end. */
  body: Readable;
  contentType: string;
  /** Bytes of the whole object. */
  size: number;
  /** The bytes in `body` when a range was asked (inclusive). */
  range?: { start: number; end: number };
};

export type StoredEntry = { key: string; size: number; lastModified: Date };

export interface FileStore {
  readonly kind: FileStorage['kind'];
  /** Stores the bytes under the key, replacing what was there; readers see the old or the new bytes, never a part. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** As `put`, with the bytes of a local file, streamed (a recording is never held whole in memory). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** The object, or null when nothing has the key. A range past its end throws `RangeNotSatisfiableError`. */
  get(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /** Deletes the object; a key that names nothing is no error. */
  delete(key: string): Promise<void>;
  deleteMany(keys: readonly string[]): Promise<void>;
  /**
   * Deletes the objects of rows already deleted: a failure is logged with the keys and does not undo what was
   * committed (the objects are then left to a sweep of orphans).
   */
  discard(keys: readonly string[], what: string): Promise<void>;
  /** Every object under a folder (a prefix that ends with `/`), in no particular order. */
  list(prefix: string): AsyncIterable<StoredEntry>;
  close(): Promise<void>;
}

/** The store could not be reached or refused the operation: nothing about the key itself. */
export class FileStoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FileStoreError';
  }
}

export class RangeNotSatisfiableError extends Error {
  readonly size: number;
  constructor(size: number) {
    super(`range not satisfiable (the object has ${size} bytes)`);
    this.name = 'RangeNotSatisfiableError';
    this.size = size;
  }
}

/**
 * The content type of a stored file follows from its key's extension (a file keeps no other metadata); `put` refuses
 * a type that its key does not name, so both kinds of store answer the same type.
 */
const CONTENT_TYPE_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
};

function contentTypeOf(key: string): string | undefined {
  return CONTENT_TYPE_BY_EXT[path.posix.extname(key).slice(1)];
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

function checkKey(key: string): string {
  if (key.length > 512 || !key.split('/').every((segment) => SEGMENT.test(segment)))
    throw new Error(`Not a file store key: ${JSON.stringify(key)}`);
  return key;
}

function checkFolder(prefix: string): string {
  if (!prefix.endsWith('/')) throw new Error(`Not a file store folder: ${JSON.stringify(prefix)}`);
  return checkKey(prefix.slice(0, -1));
}

function checkPut(key: string, contentType: string): void {
  checkKey(key);
  if (contentTypeOf(key) !== contentType)
    throw new Error(`A file store key's extension must name its type: ${key} is not ${contentType}`);
}

/** The inclusive bytes of a range within `size` bytes, or null when none of them exist. */
function resolveRange(range: ByteRange, size: number): { start: number; end: number } | null {
  if ('suffix' in range)
    return range.suffix > 0 && size > 0 ? { start: Math.max(0, size - range.suffix), end: size - 1 } : null;
  if (range.start >= size) return null;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

function discarding(store: Omit<FileStore, 'discard'>, log: Pick<Logger, 'warn'>): FileStore['discard'] {
  return async (keys, what) => {
    if (keys.length === 0) return;
    try {
      await store.deleteMany(keys);
    } catch (error) {
      log.warn({ err: error, keys, storage: store.kind }, `could not delete the stored files of ${what}`);
    }
  };
}

/** Files under a directory (DATA_DIR): the key is the path below it. */
function fileStore(dir: string, log: Pick<Logger, 'warn'>): FileStore {
  const root = path.resolve(dir);
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'));
  const failed = (error: unknown, what: string): never => {
    throw new FileStoreError(`${what}: ${(error as Error).message}`, { cause: error });
  };
  const store: Omit<FileStore, 'discard'> = {
    kind: 'file',
    async put(key, bytes, contentType) {
      checkPut(key, contentType);
      const file = fileOf(key);
      // Written beside and renamed over: a reader opens the old file or the whole new one.
      const partial = path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomBytes(6).toString('hex')}`);
      try {
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        await fs.promises.writeFile(partial, bytes, { mode: 0o640 });
        await fs.promises.rename(partial, file);
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        failed(error, `could not write ${key}`);
      }
    },
    async putFile(key, source, contentType) {
      checkPut(key, contentType);
      const file = fileOf(key);
      const partial = path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomBytes(6).toString('hex')}`);
      try {
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        await fs.promises.copyFile(source, partial);
        await fs.promises.chmod(partial, 0o640);
        await fs.promises.rename(partial, file);
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        failed(error, `could not write ${key}`);
      }
    },
    async get(key, range) {
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(fileOf(key), 'r');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
        return failed(error, `could not read ${key}`);
      }
      try {
        // The open file is read whatever happens to its name meanwhile.
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        const bytes = range ? resolveRange(range, stat.size) : undefined;
        if (bytes === null) throw new RangeNotSatisfiableError(stat.size);
        return {
          body: handle.createReadStream(bytes ? { start: bytes.start, end: bytes.end } : {}),
          contentType: contentTypeOf(key) ?? 'application/octet-stream',
          size: stat.size,
          ...(bytes ? { range: bytes } : {}),
        };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async delete(key) {
      try {
        await fs.promises.rm(fileOf(key), { force: true });
      } catch (error) {
        failed(error, `could not delete ${key}`);
      }
    },
    async deleteMany(keys) {
      for (const key of keys) await store.delete(key);
    },
    async *list(prefix) {
      const walk = async function* (relative: string): AsyncGenerator<StoredEntry> {
        let entries: fs.Dirent[];
        try {
          entries = await fs.promises.readdir(path.join(root, ...relative.split('/')), { withFileTypes: true });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
          return failed(error, `could not list ${relative}`);
        }
        for (const entry of entries) {
          const key = `${relative}/${entry.name}`;
          if (entry.isDirectory()) yield* walk(key);
          else if (entry.isFile() && SEGMENT.test(entry.name)) {
            const stat = await fs.promises.stat(path.join(root, ...key.split('/'))).catch(() => null);
            if (stat) yield { key, size: stat.size, lastModified: stat.mtime };
          }
        }
      };
      yield* walk(checkFolder(prefix));
    },
    async close() {},
  };
  return { ...store, discard: discarding(store, log) };
}

/** `bytes a-b/size` of a ranged answer. */
function contentRangeOf(header: string | undefined): { start: number; end: number; size: number } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header ?? '');
  return match ? { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) } : null;
}

/** An S3 error's code (NoSuchKey, InvalidRange, …) and HTTP status; none for a network failure. */
function s3ErrorOf(error: unknown): { name: string; status: number | undefined } {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return { name: e.name ?? '', status: e.$metadata?.httpStatusCode };
}

/** Objects in one bucket through `@aws-sdk/client-s3` (loaded only for this kind of store). */
async function s3Store(options: Extract<FileStorage, { kind: 's3' }>, log: Pick<Logger, 'warn'>): Promise<FileStore> {
  const s3 = await import('@aws-sdk/client-s3');
  const client: S3Client = new s3.S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 requires them (DeleteObjects); uploads carry Content-MD5, which every S3-compatible
    // server checks, instead of the SDK's newer trailing checksums that several of them do not accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that does not answer holds no request for long: 3 attempts, each connecting within 3 s and never
    // idle for more than 15 s.
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
  });
  const Bucket = options.bucket;
  const failed = (error: unknown, what: string): never => {
    const { name, status } = s3ErrorOf(error);
    throw new FileStoreError(
      `${what}: ${name || 'error'}${status ? ` (${status})` : ''}: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  };
  const sizeOf = async (key: string): Promise<number | null> => {
    try {
      const head = await client.send(new s3.HeadObjectCommand({ Bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (s3ErrorOf(error).status === 404) return null;
      return failed(error, `could not read ${key}`);
    }
  };
  const deleteBatch = async (keys: readonly string[]) => {
    let answer;
    try {
      answer = await client.send(
        new s3.DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
      );
    } catch (error) {
      return failed(error, `could not delete ${keys.length} objects`);
    }
    const errors = (answer.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
    if (errors.length > 0)
      throw new FileStoreError(
        `could not delete ${errors.map((e) => `${e.Key} (${e.Code ?? 'error'})`).join(', ')} of ${keys.length} objects`,
      );
  };
  const store: Omit<FileStore, 'discard'> = {
    kind: 's3',
    async put(key, bytes, contentType) {
      checkPut(key, contentType);
      try {
        await client.send(
          new s3.PutObjectCommand({
            Bucket,
            Key: key,
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.length,
            ContentMD5: crypto.createHash('md5').update(bytes).digest('base64'),
          }),
        );
      } catch (error) {
        failed(error, `could not write ${key}`);
      }
    },
    async putFile(key, source, contentType) {
      checkPut(key, contentType);
      try {
        const { size } = await fs.promises.stat(source);
        const md5 = crypto.createHash('md5');
        for await (const chunk of fs.createReadStream(source)) md5.update(chunk as Buffer);
        await client.send(
          new s3.PutObjectCommand({
            Bucket,
            Key: key,
            Body: fs.createReadStream(source),
            ContentType: contentType,
            ContentLength: size,
            ContentMD5: md5.digest('base64'),
          }),
        );
      } catch (error) {
        failed(error, `could not write ${key}`);
      }
    },
    async get(key, range) {
      checkKey(key);
      let asked = range;
      if (asked && 'suffix' in asked) {
        // Not every S3-compatible server reads `bytes=-n`: the last bytes are asked by their offsets.
        const size = await sizeOf(key);
        if (size === null) return null;
        const bytes = resolveRange(asked, size);
        if (!bytes) throw new RangeNotSatisfiableError(size);
        asked = bytes;
      }
      let answer;
      try {
        answer = await client.send(
          new s3.GetObjectCommand({
            Bucket,
            Key: key,
            ...(asked ? { Range: `bytes=${asked.start}-${asked.end ?? ''}` } : {}),
          }),
        );
      } catch (error) {
        const { name, status } = s3ErrorOf(error);
        if (status === 404 && name !== 'NoSuchBucket') return null;
        if (status === 416 || name === 'InvalidRange') {
          const size = await sizeOf(key);
          if (size === null) return null;
          throw new RangeNotSatisfiableError(size);
        }
        return failed(error, `could not read ${key}`);
      }
      const body = answer.Body as Readable;
      const returned = asked ? contentRangeOf(answer.ContentRange) : null;
      return {
        body,
        contentType: answer.ContentType ?? contentTypeOf(key) ?? 'application/octet-stream',
        size: returned?.size ?? answer.ContentLength ?? 0,
        // A server that ignores Range answers the whole object (200, no Content-Range).
        ...(returned ? { range: { start: returned.start, end: returned.end } } : {}),
      };
    },
    async delete(key) {
      checkKey(key);
      try {
        await client.send(new s3.DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (s3ErrorOf(error).status === 404 && s3ErrorOf(error).name !== 'NoSuchBucket') return;
        failed(error, `could not delete ${key}`);
      }
    },
    async deleteMany(keys) {
      keys.forEach(checkKey);
      // DeleteObjects takes at most 1,000 keys.
      for (let i = 0; i < keys.length; i += 1000) await deleteBatch(keys.slice(i, i + 1000));
    },
    async *list(prefix) {
      checkFolder(prefix);
      let token: string | undefined;
      do {
        let page;
        try {
          page = await client.send(new s3.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }));
        } catch (error) {
          return failed(error, `could not list ${prefix}`);
        }
        for (const object of page.Contents ?? []) {
          if (object.Key)
            yield { key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async close() {
      client.destroy();
    },
  };
  return { ...store, discard: discarding(store, log) };
}

export async function createFileStore(storage: FileStorage, log: Pick<Logger, 'warn'>): Promise<FileStore> {
  return storage.kind === 's3' ? s3Store(storage, log) : fileStore(storage.dir, log);
}
