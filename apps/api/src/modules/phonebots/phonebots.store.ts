import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { containsIgnoreCase } from '../../lib/list';
import { compiledQuery } from '../../db/compiled';
import { customerNameOf } from '../customers';

/**
 * The phonebots table's own reads and writes that other modules need. Other modules reach the table only through
 * these functions (the exceptions, joins inside one query, are allowed, docs/architecture.md "Tables"). The
 * `...Query` functions answer a subquery, for a caller that filters by phonebots within its own statement.
 */

/** Whose phonebots: one company's (none for a user without one, null), or the whole service's. */
export type PhonebotOwner = { customerId: number | null } | 'all';

/** The ids of a company's phonebots, as a subquery (uncorrelated: it names the table on its own). */
export function phonebotIdsQuery(db: Kysely<Database>, customerId: number) {
  return db.selectFrom('phonebots').select('phonebots.id').where('phonebots.customer_id', '=', customerId);
}

/** The id of the company's phonebot with this license key, as a subquery. */
export function phonebotIdByLicenseKeyQuery(db: Kysely<Database>, customerId: number, licenseKey: string) {
  return phonebotIdsQuery(db, customerId).where('phonebots.license_key', '=', licenseKey);
}

/** The ids of the company's phonebots whose name contains the term (any case), as a subquery. */
export function phonebotIdsNamedQuery(db: Kysely<Database>, customerId: number, term: string) {
  return phonebotIdsQuery(db, customerId).where((eb) => containsIgnoreCase(eb.ref('phonebots.bezeichnung'), term));
}

/** How many phonebots a company (or the whole service) has. */
export async function phonebotCount(db: Kysely<Database>, owner: PhonebotOwner): Promise<number> {
  let query = db.selectFrom('phonebots').select((eb) => eb.fn.countAll<number>().as('n'));
  if (owner !== 'all') query = query.where('customer_id', '=', owner.customerId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Every category term of the company's phonebots, each once, in the order the phonebots were created. */
export async function categoryTermsOf(db: Kysely<Database>, customerId: number): Promise<string[]> {
  const phonebots = await db
    .selectFrom('phonebots')
    .select('settings')
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
  const terms = new Set<string>();
  for (const p of phonebots)
    for (const term of (JSON.parse(p.settings) as { category_terms?: string[] }).category_terms ?? []) terms.add(term);
  return [...terms];
}

/** A phonebot's payment state, found by its subscription or its license key. */
export function phonebotPayment(db: Kysely<Database>, by: { subscriptionId: string } | { licenseKey: string }) {
  const query = db.selectFrom('phonebots').select(['id', 'payment_updated_at', 'subscription_id']);
  return (
    'subscriptionId' in by
      ? query.where('subscription_id', '=', by.subscriptionId)
      : query.where('license_key', '=', by.licenseKey)
  ).executeTakeFirst();
}

export type PaymentState = { paymentStatus: number; subscriptionId: string; occurredAt: string };

/**
 * Sets a phonebot's payment state in one conditional statement, so concurrent writers cannot interleave between
 * the comparison and the write: only when the stored state is older, or as old and ranked lower in `rank` (a
 * status absent from it ranks 0). Answers whether it was set.
 */
export async function setPaymentStateIfNewer(
  db: Kysely<Database>,
  phonebotId: number,
  state: PaymentState,
  rank: Record<number, number>,
): Promise<boolean> {
  const rankOfStored = sql<number>`case ${sql.ref('payment_status')} ${sql.join(
    Object.entries(rank).map(([value, r]) => sql`when ${sql.lit(Number(value))} then ${sql.lit(r)}`),
    sql` `,
  )} else 0 end`;
  const result = await db
    .updateTable('phonebots')
    .set({
      payment_status: state.paymentStatus,
      subscription_id: state.subscriptionId,
      payment_updated_at: state.occurredAt,
      updated_at: nowIso(),
    })
    .where('id', '=', phonebotId)
    .where((eb) =>
      eb.or([
        eb('payment_updated_at', 'is', null),
        eb('payment_updated_at', '<', state.occurredAt),
        eb.and([
          eb('payment_updated_at', '=', state.occurredAt),
          eb(rankOfStored, '<', rank[state.paymentStatus] ?? 0),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// Read on every bot request whose token the process does not keep: compiled once.
const byBotTokenHash = compiledQuery(
  (db, hash) =>
    db
      .selectFrom('phonebots as p')
      .innerJoin('customers as c', 'c.id', 'p.customer_id')
      .select((eb) => [
        'p.id',
        'p.customer_id',
        'p.license_key',
        'p.bezeichnung',
        'p.settings',
        // The name the month's count keeps.
        customerNameOf(eb).as('customer_name'),
      ])
      .where('p.bot_token_hash', '=', hash as unknown as string),
  1,
);

/** The phonebot a bot token (by its hash) belongs to, with what a bot request needs of it and its customer. */
export async function phonebotByBotToken(db: Kysely<Database>, hash: string) {
  const [row] = await byBotTokenHash(db, hash);
  return row;
}

/** Records that a phonebot's runtime was heard from. */
export async function setHeartbeat(db: Kysely<Database>, phonebotId: number, at: string): Promise<void> {
  await db.updateTable('phonebots').set({ last_heartbeat_at: at }).where('id', '=', phonebotId).execute();
}

/** The names and license keys of a company's phonebots. */
export function phonebotNames(db: Kysely<Database>, customerId: number) {
  return db
    .selectFrom('phonebots')
    .select(['id', 'bezeichnung', 'license_key'])
    .where('customer_id', '=', customerId)
    .execute();
}

/** Every phonebot of the service with its payment state and its customer's name (as the monthly counts keep it). */
export function phonebotsWithPayment(db: Kysely<Database>) {
  return db
    .selectFrom('phonebots as p')
    .innerJoin('customers as c', 'c.id', 'p.customer_id')
    .select((eb) => [
      'p.id',
      'p.customer_id',
      'p.bezeichnung',
      'p.license_key',
      'p.payment_status',
      'p.subscription_id',
      customerNameOf(eb).as('customer_name'),
    ])
    .execute();
}
