import { z } from 'zod';
import { defineContract } from '../core/contract';
import { metaDocument, resourceObject, singleDocument } from '../core/jsonapi';
import { CALL_PRIORITIES, CALL_STATUSES, callIngestSchema } from '../calls/schema';

export const checkoutSchema = z.object({
  environment: z.enum(['sandbox', 'production']),
  client_token: z.string(),
  price_id: z.string(),
  quantity: z.literal(1),
  custom_data: z.object({ license_key: z.string(), expires: z.number(), signature: z.string() }),
});
export type Checkout = z.infer<typeof checkoutSchema>;

export const billingContracts = {
  startCheckout: defineContract({
    operationId: 'startCheckout',
    method: 'POST',
    path: '/phonebots/:id/checkout',
    summary:
      'Start the card checkout of a phonebot at payment_status 0: the price and signed customData for Paddle.js (admin and adminuser for their company’s phonebots, the super for any)',
    tags: ['Billing'],
    auth: 'user',
    operations: ['phonebots.manage', 'phonebots.all'],
    params: z.object({ id: z.string().min(1).max(100) }),
    responses: { 200: metaDocument(checkoutSchema) },
    errors: [409],
  }),
  paddleWebhook: defineContract({
    operationId: 'receivePaddleWebhook',
    method: 'POST',
    path: '/billing/paddle-webhook',
    summary:
      'Paddle webhooks: Paddle-Signature verified (HMAC-SHA256 of ts:body), each event applied once and in order',
    tags: ['Billing'],
    auth: 'public',
    responses: { 200: metaDocument(z.object({ outcome: z.string() })) },
    errors: [401],
  }),
};

const storedCallSchema = resourceObject(
  'calls',
  z.object({
    status: z.enum(CALL_STATUSES),
    priority: z.enum(CALL_PRIORITIES),
    selected_category: z.string().nullable(),
    created_at: z.string(),
  }),
);

/** The runtime's configuration: every setting of the phonebot with its secrets in clear. */
export const botConfigResourceSchema = resourceObject('phonebot-configs', z.record(z.string(), z.unknown()));

export const botContracts = {
  config: defineContract({
    operationId: 'getBotConfig',
    method: 'GET',
    path: '/bot/config',
    summary:
      'The phonebot’s full configuration with its secrets and its config_version; an ETag, and 304 for an If-None-Match that names it; 403 while the phonebot is inactive',
    tags: ['Bot API'],
    auth: 'bot',
    responses: { 200: singleDocument(botConfigResourceSchema), 304: null },
    errors: [403],
  }),
  postCall: defineContract({
    operationId: 'postBotCall',
    method: 'POST',
    path: '/bot/calls',
    summary: 'One finished call; needs an Idempotency-Key header, a retry with the same key answers the first answer',
    tags: ['Bot API'],
    auth: 'bot',
    body: callIngestSchema,
    responses: { 201: singleDocument(storedCallSchema) },
    errors: [],
  }),
  heartbeat: defineContract({
    operationId: 'postBotHeartbeat',
    method: 'POST',
    path: '/bot/heartbeat',
    summary: 'Marks the runtime online (status online for 2 minutes)',
    tags: ['Bot API'],
    auth: 'bot',
    responses: { 200: metaDocument(z.object({ status: z.literal('online'), at: z.string() })) },
    errors: [],
  }),
};
