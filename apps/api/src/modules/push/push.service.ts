import net from 'node:net';
import type { Kysely } from 'kysely';
import { PUSH_SUBSCRIPTIONS_MAX, type PushSubscriptionResource } from '@phonebot/shared/push';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { nowIso } from '../../db/time';
import { notFound, refuse } from '../../lib/domain-errors';
import { type AddressGuard, RefusedAddressError, checkWebhookTarget } from '../webhooks';
import { lockCustomer } from '../customers';
import { isPushPublicKey } from './push-crypto';
import {
  type SubscriptionRow,
  deleteSubscription,
  insertSubscription,
  renewSubscription,
  subscriptionByEndpoint,
  subscriptionCount,
  subscriptionsOf,
} from './push.store';

/** The browser's subscription as the API takes it (`PushSubscription.toJSON()`). */
export type SubscriptionInput = {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
};

/** Where push services may be: the webhook guard's rules, and plain http only on loopback outside production. */
export type EndpointRules = { guard: AddressGuard; production: boolean };

const USER_AGENT_MAX = 300;

export function subscriptionResource(row: SubscriptionRow): PushSubscriptionResource {
  return {
    type: 'push-subscriptions',
    id: String(row.id),
    attributes: {
      endpoint: row.endpoint,
      user_agent: row.user_agent,
      expires_at: row.expires_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
  };
}

const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || (net.isIPv4(host) && host.startsWith('127.'));

/** Refuses an endpoint no push service has: not https (http only on loopback, outside production), or guarded. */
function checkEndpoint(endpoint: string, rules: EndpointRules): void {
  const invalid = refuse('invalid', 'pushEndpointInvalid', { pointer: '/data/attributes/endpoint' });
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !rules.production && isLoopback(host))) {
    throw invalid;
  }
  if (url.username || url.password) throw invalid;
  try {
    checkWebhookTarget(endpoint, rules.guard);
  } catch (error) {
    if (error instanceof RefusedAddressError) throw invalid;
    throw error;
  }
}

/** The signed-in user of a company (routes take the company from the principal). */
export type Subscriber = { userId: number; customerId: number };

export async function listSubscriptions(db: Kysely<Database>, principal: Subscriber) {
  return (await subscriptionsOf(db, principal.userId)).map(subscriptionResource);
}

/**
 * Turns push on for a browser. The same endpoint again renews its keys and time (`created: false`); an endpoint
 * another user had moves to this one (a browser is one person's at a time: whoever signed in last). The limit of
 * browsers per user is counted inside the transaction, with the company's row locked, so that requests at once
 * cannot pass it together.
 */
export async function subscribe(
  db: Kysely<Database>,
  principal: Subscriber,
  input: SubscriptionInput,
  userAgent: string | undefined,
  rules: EndpointRules,
): Promise<{ resource: PushSubscriptionResource; created: boolean }> {
  const { customerId } = principal;
  checkEndpoint(input.endpoint, rules);
  if (!isPushPublicKey(input.keys.p256dh)) {
    throw refuse('invalid', 'pushKeysInvalid', { pointer: '/data/attributes/keys/p256dh' });
  }
  const now = nowIso();
  const values = {
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    expires_at: typeof input.expirationTime === 'number' ? new Date(input.expirationTime).toISOString() : null,
    user_agent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
    updated_at: now,
  };
  const attempt = () =>
    db.transaction().execute(async (trx) => {
      await lockCustomer(trx, customerId);
      const existing = await subscriptionByEndpoint(trx, input.endpoint);
      if (existing && existing.user_id === principal.userId) {
        return { resource: subscriptionResource(await renewSubscription(trx, existing.id, values)), created: false };
      }
      if (existing) await deleteSubscription(trx, existing.id);
      if ((await subscriptionCount(trx, principal.userId)) >= PUSH_SUBSCRIPTIONS_MAX) {
        throw refuse('invalid', 'pushSubscriptionsTooMany', { meta: { max: PUSH_SUBSCRIPTIONS_MAX } });
      }
      const row = await insertSubscription(trx, {
        ...values,
        customer_id: customerId,
        user_id: principal.userId,
        endpoint: input.endpoint,
      });
      return { resource: subscriptionResource(row), created: true };
    });
  try {
    return await attempt();
  } catch (error) {
    // The same browser subscribed for a user of another company at the same moment: the second one renews it.
    if (!isUniqueViolation(error)) throw error;
    return attempt();
  }
}

/** Turns push off for one of the user's browsers; another user's subscription is not found. */
export async function unsubscribe(db: Kysely<Database>, principal: Subscriber, id: number): Promise<void> {
  if (!(await deleteSubscription(db, id, principal.userId))) throw notFound();
}
