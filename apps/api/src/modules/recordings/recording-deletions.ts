import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { isPostgres } from '../../db/engine';
import type { Database } from '../../db/schema';
import { HOUR, MINUTE, isoIn, nowIso } from '../../db/time';
import type { ChangeSubscriber } from '../../lib/changes';
import type { FileStore } from '../../lib/file-store';
import { type PassRunner, passRunner } from '../../lib/pass-runner';
import { forgetRecordings, recordedCallsOfPhonebot } from './recordings.store';

/**
 * A call's audio goes with the call, by the path of a change: the subscriber forgets the recordings of calls deleted
 * (by hand, by retention, with their phonebot) or erased with their caller, and queues their objects in
 * `recording_deletions`, inside the change's transaction. The deleter removes the objects once that committed, so a
 * rolled-back change deletes nothing and a committed one leaves nothing behind.
 */
export const recordingsSubscriber: ChangeSubscriber = {
  name: 'recordings',
  async take(trx, changes) {
    for (const change of changes) {
      if (change.kind === 'deleted' || change.kind === 'erased') {
        await forgetRecordings(trx, change.customerId, change.callIds);
      } else if (change.kind === 'phonebot-deleted') {
        // Published just before the phonebot's row goes, with every call of it.
        const callIds = await recordedCallsOfPhonebot(trx, change.customerId, change.phonebotId);
        await forgetRecordings(trx, change.customerId, callIds);
      }
    }
  },
  // New calls have no recording yet.
  createdInOneStatement: () => ({}),
};

/** Delays after a failed deletion; the store is tried again for as long as it takes. */
const RETRY_DELAYS_MS = [10_000, MINUTE, 10 * MINUTE, HOUR];
const BATCH = 100;
const CLAIM_MS = 5 * MINUTE;
const POLL_MS = 5_000;

function dueDeletions(db: Kysely<Database>, now: string) {
  return db
    .selectFrom('recording_deletions')
    .select('id')
    .where('next_attempt_at', '<=', now)
    .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]));
}

/** Claims due deletions for this process in one statement (two processes never claim one row). */
async function claimDeletions(db: Kysely<Database>) {
  const now = nowIso();
  const candidates = dueDeletions(db, now).orderBy('next_attempt_at').orderBy('id').limit(BATCH);
  return db
    .updateTable('recording_deletions')
    .set((eb) => ({ claimed_until: isoIn(CLAIM_MS), attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', isPostgres(db) ? candidates.forUpdate().skipLocked() : candidates)
    .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
    .returning(['id', 'storage_key', 'attempts'])
    .execute();
}

/** The job that deletes queued objects: after every commit that queued some (polled) and at start. */
export function createRecordingDeleter(db: Kysely<Database>, store: FileStore, log: Logger): PassRunner {
  async function pass(): Promise<void> {
    for (;;) {
      const rows = await claimDeletions(db);
      if (rows.length === 0) return;
      try {
        await store.deleteMany(rows.map((row) => row.storage_key));
        await db
          .deleteFrom('recording_deletions')
          .where(
            'id',
            'in',
            rows.map((row) => row.id),
          )
          .execute();
      } catch (error) {
        log.warn({ err: error, keys: rows.length }, 'could not delete recordings, will retry');
        for (const row of rows) {
          const delay = RETRY_DELAYS_MS[Math.min(row.attempts, RETRY_DELAYS_MS.length) - 1]!;
          await db
            .updateTable('recording_deletions')
            .set({ claimed_until: null, next_attempt_at: isoIn(delay), last_error: (error as Error).message })
            .where('id', '=', row.id)
            .execute();
        }
        return;
      }
      if (rows.length < BATCH) return;
    }
  }
  const runner = passRunner({
    name: 'recording deletions',
    pass,
    due: async () => (await dueDeletions(db, nowIso()).executeTakeFirst()) !== undefined,
    pollMs: POLL_MS,
    log,
  });
  runner.wake();
  return runner;
}

/** Keys queued for deletion (the sweep leaves them to the deleter). */
export async function queuedDeletionKeys(db: Kysely<Database>, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('recording_deletions')
    .select('storage_key')
    .where('storage_key', 'in', keys)
    .execute();
  return new Set(rows.map((row) => row.storage_key));
}
