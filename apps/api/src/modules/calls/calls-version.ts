import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PagedQuery } from '@phonebot/shared';
import { CALL_LIST_FILTERS, type CallView } from '@phonebot/shared/calls';
import { compiledQuery } from '../../db/compiled';
import type { Database } from '../../db/schema';
import { type Change, type ChangeSubscriber, isCallsChange } from '../../lib/changes';

/**
 * The company's calls version: a number that moves with every change of its calls or of what the lists show of
 * them, and that the lists' and Insights' ETags and caches go by. Only the change path moves it (this subscriber);
 * everything else reads it.
 */

/** Every change of calls moves it, but an erasure that found no call (it forgets a number the counts kept). */
function moves(change: Change): boolean {
  return isCallsChange(change) && !(change.kind === 'erased' && change.callIds.length === 0);
}

async function bump(trx: Kysely<Database>, customerId: number): Promise<void> {
  await trx
    .insertInto('calls_version')
    .values({ customer_id: customerId, version: 1 })
    .onConflict((oc) =>
      oc.column('customer_id').doUpdateSet((eb) => ({ version: eb('calls_version.version', '+', 1) })),
    )
    .execute();
}

export const callsVersionSubscriber: ChangeSubscriber = {
  name: 'calls version',
  async take(trx, changes) {
    for (const change of changes) if (moves(change)) await bump(trx, change.customerId);
  },
  createdInOneStatement(batch, bind) {
    const customers = batch.map((change) => change.customerId);
    // One statement may not move a row twice.
    if (new Set(customers).size !== customers.length) return undefined;
    return {
      with: [
        `versions as (
  insert into calls_version as v (customer_id, version)
  select customer_id, 1 from unnest(${bind(customers)}::int[]) as t(customer_id)
  on conflict (customer_id) do update set version = v.version + 1
  returning 1
)`,
      ],
      columns: ['(select count(*) from versions) as versions'],
    };
  },
};

const versionQuery = compiledQuery<{ version: number }, [number]>(
  (db, customerId) => db.selectFrom('calls_version').select('version').where('customer_id', '=', customerId!),
  1,
);

/** The company's calls version: read on every list request and poll, so its query is compiled once. */
export async function callsVersion(db: Kysely<Database>, customerId: number): Promise<number> {
  const [row] = await versionQuery(db, customerId);
  return Number(row?.version ?? 0);
}

/**
 * The list's ETag: the company's calls version and the request, bound to the company and the user asking, so a
 * browser shared by two users (or a tag copied from another company) never gets another list's 304. An unchanged
 * poll costs one indexed read.
 */
export function listEtag(
  viewer: { customerId: number; userId: number; version: number },
  view: CallView,
  query: PagedQuery & Partial<Record<(typeof CALL_LIST_FILTERS)[number] | 'q', unknown>>,
  minute: number,
): string {
  // "Overdue" and "snoozed" change with the clock: the minute is part of the tag, so a poll sees them within one.
  const key = JSON.stringify([
    viewer.customerId,
    viewer.userId,
    view,
    query.page,
    query.per_page,
    query.sort ?? '',
    query.search ?? '',
    query.q ?? '',
    query.date ?? '',
    ...CALL_LIST_FILTERS.map((key) => query[key] ?? ''),
    minute,
  ]);
  let digest = etagDigests.get(key);
  if (digest === undefined) {
    digest = crypto.hash('sha256', key, 'base64url').slice(0, 22);
    if (etagDigests.size >= 10_000) etagDigests.delete(etagDigests.keys().next().value as string);
    etagDigests.set(key, digest);
  }
  return `W/"${viewer.version}-${digest}"`;
}

/** The digests of recent requests' ETag keys: a dashboard polls the same key every few seconds within a minute. */
const etagDigests = new Map<string, string>();
