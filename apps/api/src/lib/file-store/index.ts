import type { Logger } from 'pino';
import { fileStore } from './local-store';
import { s3Store } from './s3-store';
import type { FileStorage, FileStore } from './types';

/*
 * Stored files (avatars, call recordings): the store's interface and errors (types.ts), the key and range rules both
 * kinds of store share (checks.ts), files under DATA_DIR (local-store.ts) and one S3 bucket (s3-store.ts).
 */
export type { ByteRange, FileStorage, FileStore, StoredEntry, StoredFile } from './types';
export { FileStoreError, RangeNotSatisfiableError } from './types';

export async function createFileStore(storage: FileStorage, log: Pick<Logger, 'warn'>): Promise<FileStore> {
  return storage.kind === 's3' ? s3Store(storage, log) : fileStore(storage.dir, log);
}
