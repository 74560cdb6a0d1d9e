import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Logger } from 'pino';
import { checkFolder, checkKey, checkPut, contentTypeOf, discarding, resolveRange } from './checks';
import { type FileStorage, type FileStore, FileStoreError, RangeNotSatisfiableError } from './types';

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
export async function s3Store(
  options: Extract<FileStorage, { kind: 's3' }>,
  log: Pick<Logger, 'warn'>,
): Promise<FileStore> {
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
