import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HOUR } from '../../db/time';
import type { FileStore } from '../../lib/file-store';
import { queuedDeletionKeys } from './recording-deletions';
import { queueDeletions } from './recordings.store';

/** Where recordings are kept in the store: `recordings/<company>/<call>-<random>.<ext>`. */
export const RECORDINGS_FOLDER = 'recordings/';

/** An object younger than this may be an upload whose row is not committed yet: the sweep leaves it. */
const UPLOAD_GRACE_MS = HOUR;
const SLICE = 500;

/**
 * The sweep of what no call names any more: recording rows whose call went without the path of a change (a company
 * deleted with its calls), and objects that no row names (an upload whose transaction failed after the object was
 * stored, a process that died in between). Their objects are queued for the deleter. Answers how many.
 */
export async function sweepRecordings(
  db: Kysely<Database>,
  store: FileStore,
  options: { graceMs?: number } = {},
): Promise<{ rows: number; objects: number }> {
  let orphanRows = 0;
  for (;;) {
    const ids = await db
      .selectFrom('call_recordings as r')
      .leftJoin('calls as c', 'c.id', 'r.call_id')
      .select('r.call_id')
      .where('c.id', 'is', null)
      .limit(SLICE)
      .execute();
    if (ids.length === 0) break;
    orphanRows += await db.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom('call_recordings')
        .where(
          'call_id',
          'in',
          ids.map((row) => Number(row.call_id)),
        )
        .returning('storage_key')
        .execute();
      await queueDeletions(
        trx,
        gone.flatMap((row) => (row.storage_key ? [row.storage_key] : [])),
      );
      return gone.length;
    });
    if (ids.length < SLICE) break;
  }

  const before = Date.now() - (options.graceMs ?? UPLOAD_GRACE_MS);
  let objects = 0;
  let batch: string[] = [];
  const settle = async () => {
    const named = await db
      .selectFrom('call_recordings')
      .select('storage_key')
      .where('storage_key', 'in', batch)
      .execute();
    const kept = new Set(named.map((row) => row.storage_key));
    const queued = await queuedDeletionKeys(db, batch);
    const orphans = batch.filter((key) => !kept.has(key) && !queued.has(key));
    if (orphans.length) {
      await db.transaction().execute((trx) => queueDeletions(trx, orphans));
      objects += orphans.length;
    }
    batch = [];
  };
  for await (const entry of store.list(RECORDINGS_FOLDER)) {
    if (entry.lastModified.getTime() > before) continue;
    batch.push(entry.key);
    if (batch.length >= SLICE) await settle();
  }
  if (batch.length) await settle();
  return { rows: orphanRows, objects };
}
