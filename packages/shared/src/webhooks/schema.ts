import { z } from 'zod';
import type { MessageKey } from '../core/messages';

/**
 * The events a webhook endpoint may subscribe to. `call.deleted` carries only the call's id and the time it went
 * (deleted by a person, by a caller's erasure or by retention), never its content. `phonebot.updated` names a new
 * version of a phonebot's configuration and its changed fields (never a value); `phonebot.offline` and
 * `phonebot.online` tell when a runtime phonebot's outage was alerted and when it is back.
 */
export const WEBHOOK_EVENTS = [
  'call.created',
  'call.updated',
  'call.completed',
  'call.deleted',
  'sms.sent',
  'sms.failed',
  'phonebot.updated',
  'phonebot.offline',
  'phonebot.online',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What "Send test event" delivers; it goes to the endpoint whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** A delivery still unsent this many days after its event (its endpoint paused all that time) is dropped. */
export const WEBHOOK_MAX_AGE_DAYS = 7;

/** Webhook signing secrets start with this (the Standard Webhooks libraries expect it). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const webhookAttributesSchema = z.object({
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  description: z.string(),
  enabled: z.boolean(),
  /**
   * Why the server paused the endpoint: `failing` after a day of failed deliveries, `gone` when it answered 410
   * Gone; null when a person paused it or it is enabled. A paused endpoint's events wait for it.
   */
  paused_reason: z.string().nullable(),
  failing_since: z.string().nullable(),
  /** Until when nothing is sent to it: its circuit breaker is open, or it asked to wait (`Retry-After`). */
  blocked_until: z.string().nullable(),
  /** Deliveries waiting to be sent (or retried). */
  pending_deliveries: z.number().int(),
  /** Deliveries dropped unsent because they waited longer than WEBHOOK_MAX_AGE_DAYS, in all. */
  dropped_deliveries: z.number().int(),
  created_at: z.string(),
  /** Only in the answer that creates the endpoint. */
  secret: z.string().optional(),
});
export type WebhookAttributes = z.infer<typeof webhookAttributesSchema>;

const webhookUrlSchema = z
  .string({ error: () => 'urlInvalid' satisfies MessageKey })
  .trim()
  .max(2000, 'valueTooLong' satisfies MessageKey)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'urlInvalid' satisfies MessageKey);

const webhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { error: () => 'invalidInput' satisfies MessageKey }))
  .min(1, 'webhookEventsRequired' satisfies MessageKey)
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => [...new Set(events)]);

export const createWebhookSchema = z.object({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
  description: z
    .string()
    .trim()
    .max(500, 'valueTooLong' satisfies MessageKey)
    .default(''),
  enabled: z.boolean().default(true),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

export const updateWebhookSchema = z.object({
  url: webhookUrlSchema.optional(),
  events: webhookEventsSchema.optional(),
  description: z
    .string()
    .trim()
    .max(500, 'valueTooLong' satisfies MessageKey)
    .optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookInput = z.infer<typeof updateWebhookSchema>;

export const WEBHOOK_RESPONSE_EXCERPT = 256;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const webhookDeliveryAttributesSchema = z.object({
  event: z.string(),
  message_id: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  response_status: z.number().int().nullable(),
  /**
   * A short text excerpt of the endpoint's last answer (at most WEBHOOK_RESPONSE_EXCERPT characters, without
   * markup or control characters); null when the answer was not text.
   */
  response_body: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDeliveryAttributes = z.infer<typeof webhookDeliveryAttributesSchema>;
