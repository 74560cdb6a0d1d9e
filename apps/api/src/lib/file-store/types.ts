import type { Readable } from 'node:stream';

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
