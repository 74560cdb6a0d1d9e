import { z } from 'zod';
import type { MessageKey } from '../core/messages';

/** A user keeps push on in at most this many browsers; one more is refused until one is removed. */
export const PUSH_SUBSCRIPTIONS_MAX = 20;
/** Push services' endpoints are URLs of a few hundred characters; anything much longer is no endpoint. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/** Unpadded base64url of `bytes` bytes (a trailing `=` padding is taken too). */
function base64url(bytes: number, message: MessageKey) {
  const chars = Math.ceil((bytes * 4) / 3);
  return z
    .string({ error: () => message })
    .transform((value) => value.replace(/=+$/, ''))
    .pipe(z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}$`), message));
}

/**
 * The browser's `PushSubscription.toJSON()`, as it is: the push service's endpoint (https; the server takes plain
 * http only from a loopback address outside production), when it ends (epoch milliseconds, or null), and the keys
 * messages are encrypted for: the P-256 public key (65 bytes, uncompressed) and the 16-byte auth secret.
 */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z
    .string({ error: () => 'pushEndpointInvalid' satisfies MessageKey })
    .max(PUSH_ENDPOINT_MAX_LENGTH, 'pushEndpointInvalid' satisfies MessageKey)
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      message: 'pushEndpointInvalid' satisfies MessageKey,
    }),
  expirationTime: z
    .number({ error: () => 'invalidType' satisfies MessageKey })
    .int()
    .nonnegative()
    .nullable()
    .optional(),
  keys: z.object(
    {
      p256dh: base64url(65, 'pushKeysInvalid'),
      auth: base64url(16, 'pushKeysInvalid'),
    },
    { error: () => 'pushKeysInvalid' satisfies MessageKey },
  ),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionInputSchema>;

/**
 * What a push shows (the service worker makes its notification of exactly this): a title and a line in the user's
 * language, the web app's address of the call it opens, and a tag that makes a newer push about the same call
 * replace the older one.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
