export type { PushSubscriptionAttributes, PushSubscriptionResource } from './contract';
export { pushContracts, pushSubscriptionAttributesSchema, pushSubscriptionResourceSchema } from './contract';
export { pushRoutes } from './routes';
export type { PushPayload, PushSubscriptionInput } from './schema';
export { PUSH_SUBSCRIPTIONS_MAX, pushPayloadSchema, pushSubscriptionInputSchema } from './schema';
