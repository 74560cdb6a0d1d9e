import type { Kysely } from 'kysely';
import { pushContracts } from '@phonebot/shared/push';
import type { Database } from '../../db/schema';
import { type ApiRouter, customerOf } from '../../lib/router';
import { type EndpointRules, listSubscriptions, subscribe, unsubscribe } from './push.service';

/** Web Push: the server's public key, and the signed-in user's browsers that receive pushes. */
export function registerPushRoutes(
  router: ApiRouter,
  deps: { db: Kysely<Database>; vapidPublicKey: string; endpoints: EndpointRules },
): void {
  const { db } = deps;
  const c = pushContracts;
  const subscriber = (principal: { userId: number; customerId: number | null }) => ({
    userId: principal.userId,
    customerId: customerOf(principal),
  });

  router.handle(c.getVapidPublicKey, async () => ({ meta: { public_key: deps.vapidPublicKey } }));

  router.handle(c.listPushSubscriptions, async ({ principal }) => ({
    data: await listSubscriptions(db, subscriber(principal)),
  }));

  router.handle(c.createPushSubscription, async ({ principal, body, req, reply }) => {
    const { resource, created } = await subscribe(
      db,
      subscriber(principal),
      body.data.attributes,
      req.headers['user-agent'],
      deps.endpoints,
    );
    if (created) reply.code(201);
    return { data: resource };
  });

  router.handle(c.deletePushSubscription, async ({ principal, params }) => {
    await unsubscribe(db, subscriber(principal), params.id);
    return undefined;
  });
}
