import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import { type FileStorage, type FileStore, createFileStore } from '../../lib/file-store';
import type { PassRunner } from '../../lib/pass-runner';
import type { AddressGuard } from '../webhooks';
import { createRecordingDeleter } from './recording-deletions';
import { createRecordingFetcher } from './recording-fetches';
import { sweepRecordings } from './recording-sweep';

/** The recordings of a process: their store, the largest taken, and the jobs that fetch and delete them. */
export type Recordings = {
  store: FileStore;
  maxBytes: number;
  deleter: PassRunner;
  fetcher: PassRunner;
  /** The sweep of objects and rows no call names (a daily job). */
  sweep: () => Promise<{ rows: number; objects: number }>;
  close: () => Promise<void>;
};

export async function createRecordings(options: {
  db: Kysely<Database>;
  storage: FileStorage;
  maxBytes: number;
  fetchTimeoutMs: number;
  guard: AddressGuard;
  log: Logger;
  fetchRetryDelaysMs?: readonly number[];
}): Promise<Recordings> {
  const { db, log } = options;
  const store = await createFileStore(options.storage, log);
  const deleter = createRecordingDeleter(db, store, log);
  const fetcher = createRecordingFetcher({
    db,
    store,
    guard: options.guard,
    maxBytes: options.maxBytes,
    timeoutMs: options.fetchTimeoutMs,
    log,
    retryDelaysMs: options.fetchRetryDelaysMs,
  });
  return {
    store,
    maxBytes: options.maxBytes,
    deleter,
    fetcher,
    async sweep() {
      const swept = await sweepRecordings(db, store);
      deleter.wake();
      return swept;
    },
    async close() {
      await fetcher.close();
      await deleter.close();
      await store.close();
    },
  };
}
