import { z } from 'zod';
import type { Contract } from '../contract';
import type { MessageKey } from '../messages';
import { requiredText } from './common';

/** What an API key may do; each scope opens the read or the write operations of one area of the resource API. */
export const API_KEY_SCOPES = ['calls:read', 'calls:write', 'phonebots:read', 'phonebots:write', 'users:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** API keys start with this, so a leaked key is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'pbk_';

export const apiKeyAttributesSchema = z.object({
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** The first characters of the token, to tell keys apart; the token itself is never shown again. */
  token_start: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  created_by: z.string().nullable(),
  /** Only in the answer that creates the key. */
  token: z.string().optional(),
});
export type ApiKeyAttributes = z.infer<typeof apiKeyAttributesSchema>;

export const createApiKeySchema = z.object({
  name: requiredText('apiKeyNameRequired', 100),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: () => 'invalidInput' satisfies MessageKey }))
    .min(1, 'apiKeyScopesRequired' satisfies MessageKey)
    .max(API_KEY_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

const AREAS: Record<string, { read: ApiKeyScope; write?: ApiKeyScope }> = {
  Calls: { read: 'calls:read', write: 'calls:write' },
  Phonebots: { read: 'phonebots:read', write: 'phonebots:write' },
  Users: { read: 'users:read' },
};

/**
 * The scope an API key needs for an operation, from its area (first tag) and whether it reads or writes; null
 * when no key may call it (sign-in, profiles, settings, the keys and webhooks themselves).
 */
export function apiKeyScopeOf(contract: Pick<Contract, 'tags' | 'method' | 'auth'>): ApiKeyScope | null {
  if (contract.auth !== 'user') return null;
  const area = AREAS[contract.tags[0] ?? ''];
  if (!area) return null;
  return contract.method === 'GET' ? area.read : (area.write ?? null);
}

/**
 * The events a webhook endpoint may subscribe to. `call.deleted` carries only the call's id and the time it went
 * (deleted by a person, by a caller's erasure or by retention), never its content.
 */
export const WEBHOOK_EVENTS = [
  'call.created',
  'call.updated',
  'call.completed',
  'call.deleted',
  'sms.sent',
  'sms.failed',
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
