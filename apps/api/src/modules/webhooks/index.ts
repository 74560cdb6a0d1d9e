// Webhooks: a company's endpoints (configuration), the queue of deliveries that changes fill (its subscriber in the
// path of a change), the sender that posts them, and their log.
export { WEBHOOK_DELIVERY_KEEP_DAYS, pruneFinishedDeliveries } from './delivery-expiry';
export { webhookQueueSubscriber } from './webhook-queue';
export { type WebhookSender, createWebhookSender } from './webhook-sender';
export { DEFAULT_WEBHOOK_TIMING, type WebhookTiming } from './webhook-timing';
// The guard of outgoing requests to addresses a company names (also used to fetch the platforms' recordings).
export { type AddressGuard, RefusedAddressError, checkWebhookTarget, guardedLookup } from './webhook-address';
