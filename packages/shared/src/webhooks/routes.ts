/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { webhookContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const webhookRoutes = apiRoutes<typeof webhookContracts>({
  listWebhooks: ['GET', '/webhooks'],
  createWebhook: ['POST', '/webhooks'],
  getWebhook: ['GET', '/webhooks/:id'],
  updateWebhook: ['PATCH', '/webhooks/:id'],
  deleteWebhook: ['DELETE', '/webhooks/:id'],
  testWebhook: ['POST', '/webhooks/:id/test'],
  listWebhookDeliveries: ['GET', '/webhooks/:id/deliveries'],
  redeliverWebhookDelivery: ['POST', '/webhooks/:id/deliveries/:deliveryId/redeliver'],
});
