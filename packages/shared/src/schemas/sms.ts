import { z } from 'zod';

/**
 * Where an SMS stands: `queued` (handed to the provider, waiting), `sent` (on its way to the carrier),
 * `delivered`, `undelivered` (the carrier could not deliver it) or `failed` (refused or never sent).
 */
export const SMS_STATES = ['queued', 'sent', 'delivered', 'undelivered', 'failed'] as const;
export type SmsState = (typeof SMS_STATES)[number];
export const smsStateSchema = z.enum(SMS_STATES);

/**
 * What a provider's refusal or delivery failure means for the reader, independent of the provider's own codes: a
 * number that is wrong or cannot take SMS is told apart from a provider that is down or misconfigured. `other` is a
 * code without a plain meaning; its provider message says more.
 */
export const SMS_ERROR_REASONS = [
  'invalid_number',
  'opted_out',
  'sender_cannot_reach',
  'unreachable',
  'unknown_number',
  'landline',
  'carrier_filtered',
  'carrier_error',
  'provider_credentials',
  'provider_unavailable',
  'other',
] as const;
export type SmsErrorReason = (typeof SMS_ERROR_REASONS)[number];
export const smsErrorReasonSchema = z.enum(SMS_ERROR_REASONS);

/** Twilio's status callback (form fields; Twilio sends more, which are signed too and otherwise ignored). */
export const twilioStatusCallbackSchema = z.looseObject({
  MessageSid: z.string().min(1).max(64),
  MessageStatus: z.string().min(1).max(32),
  ErrorCode: z.string().max(16).optional(),
});
