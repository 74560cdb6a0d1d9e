import { z } from 'zod';
import { defineContract } from '../core/contract';
import { idParamSchema } from '../core/fields';
import { resourceObject, resourceRequest, singleDocument } from '../core/jsonapi';
import type { MessageKey } from '../core/messages';
import { ATTEMPT_NOTE_MAX_LENGTH, CALL_ATTEMPT_OUTCOMES } from './attempt-values';

/**
 * Calling back and hearing back: a call's callback attempts (recorded by hand, or dialled through Twilio), and the
 * Twilio webhooks of click-to-call and of the callers' SMS replies.
 */

/** The Twilio call of a dialled attempt, as its signed status callbacks reported it. */
export const attemptDialSchema = z.object({
  /** Twilio's CallStatus: queued, initiated, ringing, in-progress, completed, busy, no-answer, failed, canceled. */
  status: z.string(),
  duration_s: z.number().int().nullable(),
  updated_at: z.string().nullable(),
});

export const callAttemptAttributesSchema = z.object({
  /** null while a dialled attempt waits for its outcome. */
  outcome: z.union([z.enum(CALL_ATTEMPT_OUTCOMES), z.null()]),
  note: z.string().nullable(),
  /** Who tried (a user of the company), null when that user is gone. */
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  created_at: z.string(),
  /** Click-to-call through Twilio: the call's status as Twilio last reported it; null for attempts made by hand. */
  dial: attemptDialSchema.nullable(),
});
export const callAttemptResourceSchema = resourceObject('call-attempts', callAttemptAttributesSchema);
export type CallAttemptResource = z.infer<typeof callAttemptResourceSchema>;

export const createAttemptSchema = z.strictObject({
  outcome: z.enum(CALL_ATTEMPT_OUTCOMES, {
    error: () => `outcome must be one of ${CALL_ATTEMPT_OUTCOMES.join(', ')}`,
  }),
  note: z
    .string({ error: () => 'invalidType' satisfies MessageKey })
    .trim()
    .max(ATTEMPT_NOTE_MAX_LENGTH, 'valueTooLong' satisfies MessageKey)
    .transform((value) => (value === '' ? null : value))
    .nullish(),
});
export type CreateAttemptInput = z.output<typeof createAttemptSchema>;

/** Twilio's form fields of a signed webhook (it sends more, which are signed too). */
const twilioForm = <S extends z.ZodRawShape>(shape: S) => z.looseObject(shape);

/** Twilio's status callback of a call (the user's phone, which then dials the caller). */
export const twilioCallStatusSchema = twilioForm({
  CallSid: z.string().min(1).max(64),
  CallStatus: z.string().min(1).max(32),
  CallDuration: z.string().max(16).optional(),
});

/** Twilio's messaging webhook: an SMS that came in to the company's Twilio number. */
export const twilioInboundSmsSchema = twilioForm({
  MessageSid: z.string().min(1).max(64).optional(),
  From: z.string().min(1).max(40),
  To: z.string().max(40).optional(),
  Body: z.string().max(1600).default(''),
});

const attemptParams = z.object({ attempt: idParamSchema.shape.id });
const manage = ['calls.manage'] as const;
const twiml = { contentType: 'text/xml', description: 'TwiML' } as const;

export const attemptContracts = {
  createCallAttempt: defineContract({
    operationId: 'createCallAttempt',
    method: 'POST',
    path: '/calls/:id/attempts',
    summary:
      'Record a callback attempt of a call: outcome reached, voicemail, no_answer, busy or wrong_number, and an optional note (at most 500 characters); the call’s attempts and attempt_count follow',
    tags: ['Calls'],
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    resource: { type: 'call-attempts', id: 'none' },
    body: resourceRequest('call-attempts', createAttemptSchema),
    responses: { 201: singleDocument(callAttemptResourceSchema) },
    errors: [],
  }),
  dialCall: defineContract({
    operationId: 'dialCall',
    method: 'POST',
    path: '/calls/:id/dial',
    summary:
      'Click-to-call through Twilio: Twilio rings the signed-in user’s own phone (My profile) and, when answered, dials the caller from TWILIO_FROM. Answers the new attempt (outcome null until recorded); 422 dialPhoneMissing without the user’s phone, 503 dialNotConfigured without Twilio, 502 when Twilio refuses',
    tags: ['Calls'],
    auth: 'user',
    operations: manage,
    params: idParamSchema,
    responses: { 201: singleDocument(callAttemptResourceSchema) },
    errors: [422, 502, 503],
  }),
  dialTwiml: defineContract({
    operationId: 'dialTwiml',
    method: 'POST',
    path: '/dial/:attempt/twiml',
    summary:
      'The TwiML Twilio runs when the user answers a click-to-call: <Dial callerId=TWILIO_FROM> the caller (form-encoded, X-Twilio-Signature verified)',
    tags: ['Calls'],
    auth: 'public',
    formBody: true,
    params: attemptParams,
    body: twilioForm({}),
    responses: { 200: twiml },
    errors: [403],
  }),
  dialStatusCallback: defineContract({
    operationId: 'dialStatusCallback',
    method: 'POST',
    path: '/dial/:attempt/status',
    summary: 'Twilio’s status callbacks of a click-to-call (signed), kept on its attempt',
    tags: ['Calls'],
    auth: 'public',
    formBody: true,
    params: attemptParams,
    body: twilioCallStatusSchema,
    responses: { 204: null },
    errors: [403],
  }),
  smsInbound: defineContract({
    operationId: 'receiveSmsReply',
    method: 'POST',
    path: '/sms/inbound',
    summary:
      'Twilio’s messaging webhook (form-encoded, X-Twilio-Signature verified): a reply joins the latest call of the company that last texted the number (unread_reply, a completed call reopens); STOP and the other opt-out words stop that company’s SMS to the number until START. Answers empty TwiML',
    tags: ['Calls'],
    auth: 'public',
    formBody: true,
    body: twilioInboundSmsSchema,
    responses: { 200: twiml },
    errors: [403],
  }),
};
