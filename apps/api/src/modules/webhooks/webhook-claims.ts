import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';
import { maxAgeCutoff } from './delivery-expiry';

/*
 * What the webhook sender claims: due deliveries and the endpoints ready to be sent to (webhook-sender.ts leases them).
 */

/** Not leased by any process, or its lease ran out. */
export const unleased = (now: string) => sql<boolean>`(claimed_until is null or claimed_until < ${now})`;

/** Deliveries due now: pending, their time come, not being sent, and younger than the maximum age. */
export function dueDeliveries(db: Kysely<Database>, now: string) {
  return (
    db
      .selectFrom('webhook_deliveries')
      // A literal, so that both engines use the partial indexes of pending deliveries.
      .where('webhook_deliveries.status', '=', sql.lit('pending'))
      .where('webhook_deliveries.next_attempt_at', '<=', now)
      .where('webhook_deliveries.created_at', '>=', maxAgeCutoff())
      .where(sql<boolean>`(webhook_deliveries.claimed_until is null or webhook_deliveries.claimed_until < ${now})`)
  );
}

/**
 * Endpoints with a delivery to send now: enabled, not being sent to by any process, not held back by their circuit
 * breaker or `Retry-After`. Companies take turns: every company's least recently served endpoint comes before any
 * company's second, and a company has at most `perCompany` in the list.
 */
export function readyEndpoints(db: Kysely<Database>, now: string, perCompany: number) {
  const ready = db
    .selectFrom('webhooks')
    .select([
      'webhooks.id',
      'webhooks.customer_id',
      'webhooks.served_at',
      sql<number>`row_number() over (partition by webhooks.customer_id
        order by webhooks.served_at asc nulls first, webhooks.id)`.as('turn'),
    ])
    .where('webhooks.enabled', '=', 1)
    .where(sql<boolean>`(webhooks.claimed_until is null or webhooks.claimed_until < ${now})`)
    .where(sql<boolean>`(webhooks.blocked_until is null or webhooks.blocked_until <= ${now})`)
    .where((eb) =>
      eb.exists(
        dueDeliveries(db, now)
          .select(sql.lit(1).as('due'))
          .where('webhook_deliveries.webhook_id', '=', sql.ref<number>('webhooks.id')),
      ),
    );
  return db
    .selectFrom(ready.as('ready'))
    .select(['id', 'customer_id'])
    .where('turn', '<=', perCompany)
    .orderBy('turn')
    .orderBy('served_at', (ob) => ob.asc().nullsFirst())
    .orderBy('id');
}
