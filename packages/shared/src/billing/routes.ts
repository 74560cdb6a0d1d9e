/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { billingContracts, botContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const billingRoutes = apiRoutes<typeof billingContracts>({
  startCheckout: ['POST', '/phonebots/:id/checkout'],
  paddleWebhook: ['POST', '/billing/paddle-webhook'],
});

export const botRoutes = apiRoutes<typeof botContracts>({
  config: ['GET', '/bot/config'],
  postCall: ['POST', '/bot/calls'],
  heartbeat: ['POST', '/bot/heartbeat'],
});
