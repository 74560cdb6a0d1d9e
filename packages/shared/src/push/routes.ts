/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { pushContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const pushRoutes = apiRoutes<typeof pushContracts>({
  getVapidPublicKey: ['GET', '/push/vapid-public-key'],
  listPushSubscriptions: ['GET', '/me/push-subscriptions'],
  createPushSubscription: ['POST', '/me/push-subscriptions'],
  deletePushSubscription: ['DELETE', '/me/push-subscriptions/:id'],
});
