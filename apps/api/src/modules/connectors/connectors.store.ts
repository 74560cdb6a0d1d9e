import type { Kysely } from 'kysely';
import { DELETE_BATCH, deleteInBatches } from '../../db/batches';
import type { Database } from '../../db/schema';
import { DAY } from '../../db/time';

/** How long a platform's call id stays claimed after its call went: platforms retry an event for hours, not days. */
const GONE_CLAIM_TTL_MS = 7 * DAY;

/** The platforms' call ids each phonebot took (table connector_calls), so that one call is stored once. */

/**
 * Claims a platform's call id for the phonebot; answers false when it was claimed before. A second claim of the
 * same id waits for the first one's transaction (PostgreSQL) and then answers false.
 */
export async function claimCallId(
  trx: Kysely<Database>,
  phonebotId: number,
  sourceCallId: string,
  now: string,
): Promise<boolean> {
  const claimed = await trx
    .insertInto('connector_calls')
    .values({ phonebot_id: phonebotId, source_call_id: sourceCallId, call_id: null, created_at: now })
    .onConflict((conflict) => conflict.columns(['phonebot_id', 'source_call_id']).doNothing())
    .returning('phonebot_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function setClaimedCall(
  trx: Kysely<Database>,
  phonebotId: number,
  sourceCallId: string,
  callId: number,
): Promise<void> {
  await trx
    .updateTable('connector_calls')
    .set({ call_id: callId })
    .where('phonebot_id', '=', phonebotId)
    .where('source_call_id', '=', sourceCallId)
    .execute();
}

/** The call stored for a platform's call id, or null. */
export async function claimedCall(trx: Kysely<Database>, phonebotId: number, sourceCallId: string) {
  const row = await trx
    .selectFrom('connector_calls')
    .select('call_id')
    .where('phonebot_id', '=', phonebotId)
    .where('source_call_id', '=', sourceCallId)
    .executeTakeFirst();
  return row?.call_id === null || row?.call_id === undefined ? null : Number(row.call_id);
}

/**
 * Deletes the claims of calls that went more than GONE_CLAIM_TTL_MS after they were claimed, in batches (the pruning
 * job); answers how many went.
 */
export async function pruneGoneClaims(db: Kysely<Database>, now: Date, batch = DELETE_BATCH): Promise<number> {
  const cutoff = new Date(now.getTime() - GONE_CLAIM_TTL_MS).toISOString();
  return deleteInBatches(async () => {
    const result = await db
      .deleteFrom('connector_calls')
      .where((eb) =>
        eb(
          eb.refTuple('phonebot_id', 'source_call_id'),
          'in',
          eb
            .selectFrom('connector_calls')
            .select(['phonebot_id', 'source_call_id'])
            .where('call_id', 'is', null)
            .where('created_at', '<', cutoff)
            .limit(batch)
            .$asTuple('phonebot_id', 'source_call_id'),
        ),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }, batch);
}
