export { webhookContracts, webhookDeliveryResourceSchema, webhookResourceSchema } from './contract';
export { webhookRoutes } from './routes';
export type {
  CreateWebhookInput,
  UpdateWebhookInput,
  WebhookAttributes,
  WebhookDeliveryAttributes,
  WebhookEvent,
} from './schema';
export {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  WEBHOOK_MAX_AGE_DAYS,
  WEBHOOK_RESPONSE_EXCERPT,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  createWebhookSchema,
  updateWebhookSchema,
  webhookAttributesSchema,
  webhookDeliveryAttributesSchema,
} from './schema';
