import { z } from 'zod';
import { SMS_ERROR_REASONS } from './values';

export { SMS_ERROR_REASONS, type SmsErrorReason } from './values';

/**
 * Where an SMS stands: `queued` (handed to the provider, waiting), `sent` (on its way to the carrier),
 * `delivered`, `undelivered` (the carrier could not deliver it) or `failed` (refused or never sent).
 */
export const SMS_STATES = ['queued', 'sent', 'delivered', 'undelivered', 'failed'] as const;
export type SmsState = (typeof SMS_STATES)[number];
export const smsStateSchema = z.enum(SMS_STATES);

export const smsErrorReasonSchema = z.enum(SMS_ERROR_REASONS);

/** Twilio's status callback (form fields; Twilio sends more, which are signed too and otherwise ignored). */
export const twilioStatusCallbackSchema = z.looseObject({
  MessageSid: z.string().min(1).max(64),
  MessageStatus: z.string().min(1).max(32),
  ErrorCode: z.string().max(16).optional(),
});
