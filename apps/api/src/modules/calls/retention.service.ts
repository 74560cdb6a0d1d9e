import type { Kysely } from 'kysely';
import { DELETE_BATCH, deleteInBatches } from '../../db/batches';
import type { Database } from '../../db/schema';
import { DAY } from '../../db/time';
import { publishChanges } from '../../lib/changes';
import { customerRetentions } from '../customers';

/** The number of days a company's calls are kept: the deployment's and its own, whichever is shorter. */
function keptDays(deployment: number | undefined, own: number | null): number {
  return Math.min(deployment ?? Infinity, own === null ? Infinity : own);
}

/**
 * How many of a company's calls the next nightly run would delete if it kept them `own` days (null: as long as the
 * deployment keeps them): those older than that now, as the run counts them (one read of the company's
 * (customer_id, created_at) index).
 */
export async function countExpiringCalls(
  db: Kysely<Database>,
  customerId: number,
  deployment: number | undefined,
  own: number | null,
): Promise<number> {
  const keep = keptDays(deployment, own);
  if (!Number.isFinite(keep)) return 0;
  const row = await db
    .selectFrom('calls')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('customer_id', '=', customerId)
    .where('created_at', '<', new Date(Date.now() - keep * DAY).toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Deletes calls older than `days` (the deployment's retention; undefined: none) or than their company's own
 * `retention_days`, whichever is shorter, with their notes and SMS. Monthly counts live in their own table and stay.
 * Answers how many calls went.
 */
export async function deleteOldCalls(
  db: Kysely<Database>,
  days: number | undefined,
  batch = DELETE_BATCH,
): Promise<number> {
  const customers = await customerRetentions(db);
  let deleted = 0;
  // Company by company and at most `batch` calls per transaction, so each delete walks the (customer_id,
  // created_at) index and holds its locks briefly, however many calls are due (the first run after turning
  // retention on may delete millions).
  for (const { id, retention_days: own } of customers) {
    const keep = keptDays(days, own === null ? null : Number(own));
    if (!Number.isFinite(keep)) continue;
    const cutoff = new Date(Date.now() - keep * DAY).toISOString();
    deleted += await deleteInBatches(
      () =>
        db.transaction().execute(async (trx) => {
          const gone = await trx
            .deleteFrom('calls')
            .where('id', 'in', (eb) =>
              eb
                .selectFrom('calls')
                .select('id')
                .where('customer_id', '=', id)
                .where('created_at', '<', cutoff)
                .limit(batch),
            )
            .returning('id')
            .execute();
          if (gone.length) {
            // Expired calls stay in the Insights counts (no `uncount`).
            await publishChanges(trx, [
              { kind: 'deleted', customerId: id, callIds: gone.map((row) => Number(row.id)) },
            ]);
          }
          return gone.length;
        }),
      batch,
    );
  }
  return deleted;
}
