/** The method and path of each operation of contracts/billing.ts, typed by it: a client calls them without its schemas. */
import type { billingContracts, botContracts } from '../contracts/billing';
import { apiRoutes } from '../contract';

export const billingRoutes = apiRoutes<typeof billingContracts>({
  startCheckout: ['POST', '/phonebots/:id/checkout'],
  paddleWebhook: ['POST', '/billing/paddle-webhook'],
});

export const botRoutes = apiRoutes<typeof botContracts>({
  config: ['GET', '/bot/config'],
  postCall: ['POST', '/bot/calls'],
  heartbeat: ['POST', '/bot/heartbeat'],
});
