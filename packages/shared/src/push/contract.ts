import { z } from 'zod';
import { defineContract } from '../core/contract';
import { idParamSchema } from '../core/fields';
import { metaDocument, resourceObject, resourceRequest, singleDocument } from '../core/jsonapi';
import { pushSubscriptionInputSchema } from './schema';

export const pushSubscriptionAttributesSchema = z.object({
  /** The push service's address for the browser: the web app finds its own browser's entry by it. */
  endpoint: z.string(),
  /** The browser that subscribed (its User-Agent, as sessions keep it); null when it sent none. */
  user_agent: z.string().nullable(),
  /** When the push service ends the subscription, as the browser said; null when it did not. */
  expires_at: z.string().nullable(),
  created_at: z.string(),
  /** The last time the browser sent this subscription (turning push on again renews it). */
  updated_at: z.string(),
});
export type PushSubscriptionAttributes = z.infer<typeof pushSubscriptionAttributesSchema>;
export const pushSubscriptionResourceSchema = resourceObject('push-subscriptions', pushSubscriptionAttributesSchema);
export type PushSubscriptionResource = z.infer<typeof pushSubscriptionResourceSchema>;

const tags = ['Push'] as const;
/** The company's staff, who take calls, receive pushes about them; guests and the super administrator do not. */
const staff = ['calls.manage'] as const;

export const pushContracts = {
  getVapidPublicKey: defineContract({
    operationId: 'getVapidPublicKey',
    method: 'GET',
    path: '/push/vapid-public-key',
    summary:
      'The server’s VAPID public key (RFC 8292), base64url: the applicationServerKey a browser subscribes to push with',
    tags,
    auth: 'user',
    responses: { 200: metaDocument(z.object({ public_key: z.string() })) },
    errors: [],
  }),
  listPushSubscriptions: defineContract({
    operationId: 'listPushSubscriptions',
    method: 'GET',
    path: '/me/push-subscriptions',
    summary: 'The browsers the signed-in user turned push notifications on in, newest first',
    tags,
    auth: 'user',
    operations: staff,
    responses: { 200: z.object({ data: z.array(pushSubscriptionResourceSchema) }) },
    errors: [],
  }),
  createPushSubscription: defineContract({
    operationId: 'createPushSubscription',
    method: 'POST',
    path: '/me/push-subscriptions',
    summary:
      'Turn push notifications on for a browser: its PushSubscription JSON as the attributes. The same endpoint again renews it (200) instead of adding one (201); at most 20 per user (422)',
    tags,
    auth: 'user',
    operations: staff,
    resource: { type: 'push-subscriptions', id: 'none' },
    body: resourceRequest('push-subscriptions', pushSubscriptionInputSchema),
    responses: {
      200: singleDocument(pushSubscriptionResourceSchema),
      201: singleDocument(pushSubscriptionResourceSchema),
    },
    errors: [],
  }),
  deletePushSubscription: defineContract({
    operationId: 'deletePushSubscription',
    method: 'DELETE',
    path: '/me/push-subscriptions/:id',
    summary: 'Turn push notifications off for one of the signed-in user’s browsers; another user’s answers 404',
    tags,
    auth: 'user',
    operations: staff,
    params: idParamSchema,
    responses: { 204: null },
    errors: [],
  }),
};
