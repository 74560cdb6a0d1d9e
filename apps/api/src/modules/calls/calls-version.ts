import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type CallsChange, recordCallEvents } from '../events/call-events';

/**
 * Any change to a customer's calls moves its version, which the call lists' ETags derive from, and records the
 * change's events for the live streams, inside the change's transaction.
 */
export async function bumpCallsVersion(db: Kysely<Database>, customerId: number, change: CallsChange): Promise<void> {
  await db
    .insertInto('calls_version')
    .values({ customer_id: customerId, version: 1 })
    .onConflict((oc) =>
      oc.column('customer_id').doUpdateSet((eb) => ({ version: eb('calls_version.version', '+', 1) })),
    )
    .execute();
  await recordCallEvents(db, customerId, change);
}
