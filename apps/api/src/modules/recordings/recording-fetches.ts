import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { isPostgres } from '../../db/engine';
import type { Database } from '../../db/schema';
import { HOUR, MINUTE, isoIn, nowIso } from '../../db/time';
import type { FileStore } from '../../lib/file-store';
import { type PassRunner, passRunner } from '../../lib/pass-runner';
import type { AddressGuard } from '../webhooks';
import { DownloadError, downloadRecording } from './recording-download';
import { attachRecording, recordFetchFailure } from './recordings.service';

/**
 * The platforms' recordings, fetched in the background: a connector queues the URL in the transaction that stores
 * the call (`queueRecordingFetch`), and the fetcher of any process claims it in the database (so two processes never
 * fetch one), downloads it within the webhook guard, a size limit and a timeout, and retries with growing delays.
 * A recording that cannot be had leaves the call without one and says why (`recording_error`).
 */

/** Delays after failed attempts that may succeed later (a timeout, a 5xx); after the last one it is given up. */
export const FETCH_RETRY_DELAYS_MS = [30_000, 2 * MINUTE, 10 * MINUTE, HOUR, 6 * HOUR];
const BATCH = 4;
const POLL_MS = 5_000;

/** Queues the fetch of a call's recording from its platform, in the caller's transaction. */
export async function queueRecordingFetch(trx: Kysely<Database>, callId: number, url: string): Promise<void> {
  const now = nowIso();
  await trx
    .insertInto('recording_fetches')
    .values({ call_id: callId, url, next_attempt_at: now, created_at: now })
    .execute();
}

function dueFetches(db: Kysely<Database>, now: string) {
  return db
    .selectFrom('recording_fetches')
    .select('id')
    .where('next_attempt_at', '<=', now)
    .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]));
}

/** Claims due fetches for this process in one statement, with their calls' companies. */
async function claimFetches(db: Kysely<Database>, claimMs: number) {
  const now = nowIso();
  const candidates = dueFetches(db, now).orderBy('next_attempt_at').orderBy('id').limit(BATCH);
  const rows = await db
    .updateTable('recording_fetches')
    .set((eb) => ({ claimed_until: isoIn(claimMs), attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', isPostgres(db) ? candidates.forUpdate().skipLocked() : candidates)
    .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
    .returning(['id', 'call_id', 'url', 'attempts'])
    .execute();
  if (rows.length === 0) return [];
  const companies = await db
    .selectFrom('recording_fetches as f')
    .innerJoin('calls as c', 'c.id', 'f.call_id')
    .select(['f.id', 'c.customer_id'])
    .where(
      'f.id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  const companyOf = new Map(companies.map((row) => [row.id, row.customer_id]));
  return rows.flatMap((row) => {
    const customerId = companyOf.get(row.id);
    return customerId === undefined ? [] : [{ ...row, callId: Number(row.call_id), customerId }];
  });
}

export type RecordingFetcherOptions = {
  db: Kysely<Database>;
  store: FileStore;
  guard: AddressGuard;
  maxBytes: number;
  timeoutMs: number;
  log: Logger;
  retryDelaysMs?: readonly number[];
};

/** The fetch job of this process. */
export function createRecordingFetcher(options: RecordingFetcherOptions): PassRunner {
  const { db, store, log } = options;
  const delays = options.retryDelaysMs ?? FETCH_RETRY_DELAYS_MS;
  const stopping = new AbortController();

  async function fetchOne(row: Awaited<ReturnType<typeof claimFetches>>[number]): Promise<void> {
    const target = { customerId: row.customerId, callId: row.callId };
    let failure: DownloadError | undefined;
    try {
      const spooled = await downloadRecording(row.url, {
        guard: options.guard,
        maxBytes: options.maxBytes,
        timeoutMs: options.timeoutMs,
        signal: stopping.signal,
      });
      try {
        await attachRecording(db, store, target, spooled);
      } finally {
        await spooled.discard();
      }
    } catch (error) {
      failure = error instanceof DownloadError ? error : new DownloadError((error as Error).message, true);
    }
    if (!failure) {
      await db.deleteFrom('recording_fetches').where('id', '=', row.id).execute();
      return;
    }
    if (stopping.signal.aborted) {
      // Stopped mid-fetch: the next start (or another process) tries again, this attempt uncounted.
      await db
        .updateTable('recording_fetches')
        .set((eb) => ({ claimed_until: null, attempts: eb('attempts', '-', 1) }))
        .where('id', '=', row.id)
        .execute();
      return;
    }
    const delay = failure.retry ? delays[row.attempts - 1] : undefined;
    if (delay !== undefined) {
      log.warn({ call: row.callId, attempts: row.attempts, err: failure }, 'recording fetch failed, will retry');
      await db
        .updateTable('recording_fetches')
        .set({ claimed_until: null, next_attempt_at: isoIn(delay), last_error: failure.message })
        .where('id', '=', row.id)
        .execute();
      return;
    }
    log.warn({ call: row.callId, attempts: row.attempts, err: failure }, 'recording fetch given up');
    await recordFetchFailure(db, target, failure.message);
    await db.deleteFrom('recording_fetches').where('id', '=', row.id).execute();
  }

  async function pass(): Promise<void> {
    for (;;) {
      // Longer than a fetch may take; a claim older than this was abandoned (its process died).
      const rows = await claimFetches(db, options.timeoutMs + MINUTE);
      await Promise.all(rows.map((row) => fetchOne(row)));
      if (rows.length < BATCH || stopping.signal.aborted) return;
    }
  }

  const runner = passRunner({
    name: 'recording fetches',
    pass,
    due: async () => (await dueFetches(db, nowIso()).executeTakeFirst()) !== undefined,
    pollMs: POLL_MS,
    log,
  });
  runner.wake();
  return {
    ...runner,
    async close() {
      stopping.abort();
      await runner.close();
    },
  };
}
