import { z } from 'zod';
import type { MessageKey } from '../core/messages';
import { idSchema } from '../core/fields';
import { BULK_MAX, CALL_PRIORITIES, CALL_STATUSES, type CallPriority } from './values';

export {
  BULK_MAX,
  CALL_LIST_FILTERS,
  CALL_PRIORITIES,
  CALL_SORTS,
  CALL_STATUSES,
  CALL_VIEWS,
  WITHHELD_NUMBER_CODES,
  isWithheldNumber,
  type CallListFilter,
  type CallPriority,
  type CallStatus,
  type CallView,
} from './values';

export const CALL_LIMITS = {
  turns: 500,
  turnText: 10000,
  action: 100,
  caller: 40,
  durationS: 86400,
  /** The stored conversation (its JSON, UTF-8) may hold at most this many bytes. */
  conversationBytes: 256 * 1024,
  summary: 10000,
  callerName: 200,
  /** The extracted fields: at most this many, each name and value at most so long. */
  extractedFields: 50,
  extractedName: 100,
  extractedValue: 2000,
} as const;

const turnSchema = z.object({
  text: z.string().max(CALL_LIMITS.turnText).default(''),
  action: z.string().max(CALL_LIMITS.action).default(''),
  /** When the turn began, in seconds from the call's start (a recording's player seeks there). */
  start_s: z.number().min(0).max(CALL_LIMITS.durationS).optional(),
});
export type CallTurn = z.infer<typeof turnSchema>;

/** The conversation: a list of turns, or (as older runtimes send it) a JSON string of that list. */
export const callResponseSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z
    .array(turnSchema, { error: () => 'A list of {text, action} turns' })
    .max(CALL_LIMITS.turns)
    .refine(
      (turns) => new TextEncoder().encode(JSON.stringify(turns)).length <= CALL_LIMITS.conversationBytes,
      'conversationTooLarge' satisfies MessageKey,
    ),
);

/** A value of an extracted field: text, a number, yes/no, or none. */
export const extractedValueSchema = z.union([
  z.string().max(CALL_LIMITS.extractedValue, 'valueTooLong' satisfies MessageKey),
  z.number(),
  z.boolean(),
  z.null(),
]);
/** The fields a voice-agent platform extracted from a call: a flat object of names and values. */
export const extractedSchema = z
  .record(z.string().min(1).max(CALL_LIMITS.extractedName), extractedValueSchema)
  .refine((fields) => Object.keys(fields).length <= CALL_LIMITS.extractedFields, 'valueTooLong' satisfies MessageKey);
export type ExtractedFields = z.infer<typeof extractedSchema>;

/** POST /bot/calls: one finished call as the phonebot runtime sends it (docs/bot-api.md). */
export const callIngestSchema = z.object({
  caller_number: z
    .string({ error: () => 'invalidType' satisfies MessageKey })
    .trim()
    .min(1, 'invalidInput' satisfies MessageKey)
    .max(CALL_LIMITS.caller, 'valueTooLong' satisfies MessageKey)
    .regex(/^[^\p{Cc}]+$/u, 'invalidInput' satisfies MessageKey),
  response: callResponseSchema,
  selected_category: z.string().max(200).nullish(),
  priority: z.enum(CALL_PRIORITIES, { error: () => `One of: ${CALL_PRIORITIES.join(', ')}` }).optional(),
  started_at: z.iso.datetime({ offset: true }).optional(),
  duration_s: z.number().int().min(0).max(CALL_LIMITS.durationS).optional(),
  summary: z
    .string()
    .trim()
    .max(CALL_LIMITS.summary, 'valueTooLong' satisfies MessageKey)
    .nullish(),
  caller_name: z
    .string()
    .trim()
    .max(CALL_LIMITS.callerName, 'valueTooLong' satisfies MessageKey)
    .regex(/^[^\p{Cc}]*$/u, 'invalidInput' satisfies MessageKey)
    .nullish(),
  extracted: extractedSchema.nullish(),
});
export type CallIngest = z.infer<typeof callIngestSchema>;

/**
 * The priority of a call whose runtime sent none: a transfer or an e-mail action decides it, an urgent word in the
 * caller's turns makes it important, anything else is a normal callback.
 */
export function derivePriority(turns: CallTurn[]): CallPriority {
  if (turns.some((t) => /transfer/i.test(t.action))) return 'Transferred';
  if (turns.some((t) => /e-?mail/i.test(t.action))) return 'Send Email';
  const urgent = /\b(urgent|urgently|emergency|asap|dringend|eilig|sofort|notfall)\b/i;
  if (turns.some((t) => /user/i.test(t.action) && urgent.test(t.text))) return 'Important Callback';
  return 'Normal Callback';
}

export const NOTE_MAX_LENGTH = 2000;
export const SMS_MAX_LENGTH = 1600;

const callId = idSchema('invalidType');
const statusSchema = z.enum(CALL_STATUSES, { error: () => 'statusRequired' satisfies MessageKey });

export const updateCallStatusSchema = z.object({ status: statusSchema });
export const bulkStatusSchema = z.object({
  calls: z
    .array(z.object({ id: callId, status: statusSchema }), { error: () => 'invalidType' satisfies MessageKey })
    .min(1, 'statusRequired' satisfies MessageKey)
    .max(BULK_MAX),
});
export type BulkStatusInput = z.infer<typeof bulkStatusSchema>;
export const notificationStatusSchema = z.object({
  calls: z.array(z.object({ id: callId }), { error: () => 'invalidType' satisfies MessageKey }).max(BULK_MAX),
});
export const updateCallCategorySchema = z.object({
  selected_category: z
    .string({ error: () => 'invalidType' satisfies MessageKey })
    .max(200)
    .nullable(),
});
export const updateCallPrioritySchema = z.object({
  priority: z.enum(CALL_PRIORITIES, { error: () => 'invalidInput' satisfies MessageKey }),
});

/** A note: trimmed, not empty, at most 2,000 characters. The client's created_at is ignored (server time). */
export const noteSchema = z.object({
  text: z
    .string({ error: () => 'noteEmpty' satisfies MessageKey })
    .trim()
    .min(1, 'noteEmpty' satisfies MessageKey)
    .max(NOTE_MAX_LENGTH, 'valueTooLong' satisfies MessageKey),
  created_at: z.unknown().optional(),
});

/**
 * A phone number in E.164: German national numbers (0…, 0049…) become +49…; spaces, dashes, dots, slashes and
 * brackets are dropped. Answers undefined when it is no valid number.
 */
export function normalizePhoneNumber(input: string): string | undefined {
  const compact = input.trim().replace(/[\s\-./()]/g, '');
  let e164: string;
  if (compact.startsWith('+')) e164 = compact;
  else if (compact.startsWith('00')) e164 = `+${compact.slice(2)}`;
  else if (compact.startsWith('0')) e164 = `+49${compact.slice(1)}`;
  else return undefined;
  return /^\+[1-9]\d{6,14}$/.test(e164) ? e164 : undefined;
}

/** Characters of the GSM 03.38 default alphabet (one septet each) and of its extension table (two septets each). */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM7_EXTENSION = new Set('^{}\\[~]|€\f');

/** The parts an SMS text is sent as: GSM-7 (160 septets, 153 per part when split) or UCS-2 (70 units, 67 per part). */
export function smsSegments(text: string): { encoding: 'GSM-7' | 'UCS-2'; segments: number } {
  let septets = 0;
  for (const char of text) {
    if (GSM7_BASIC.has(char)) septets += 1;
    else if (GSM7_EXTENSION.has(char)) septets += 2;
    else {
      const units = text.length;
      return { encoding: 'UCS-2', segments: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { encoding: 'GSM-7', segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}

export const sendSmsSchema = z.object({
  call_id: callId,
  to: z.string({ error: () => 'phoneInvalid' satisfies MessageKey }).transform((value, ctx) => {
    const normalized = normalizePhoneNumber(value);
    if (!normalized) ctx.addIssue({ code: 'custom', message: 'phoneInvalid' satisfies MessageKey });
    return normalized ?? value;
  }),
  message: z
    .string({ error: () => 'smsEmpty' satisfies MessageKey })
    .trim()
    .min(1, 'smsEmpty' satisfies MessageKey)
    .max(SMS_MAX_LENGTH, 'valueTooLong' satisfies MessageKey),
});
export type SendSmsInput = z.infer<typeof sendSmsSchema>;

/** Minutes from a call's arrival to its callback deadline, per priority: each company sets its own. */
export const CALLBACK_SLA_MAX_MINUTES = 60 * 24 * 30;
export const DEFAULT_CALLBACK_SLA_MINUTES: Record<CallPriority, number> = {
  'Important Callback': 60,
  Transferred: 30,
  'Send Email': 240,
  'Normal Callback': 1440,
};
const slaMinutes = z
  .number({ error: () => 'callbackSlaInvalid' satisfies MessageKey })
  .int('callbackSlaInvalid' satisfies MessageKey)
  .min(1, 'callbackSlaInvalid' satisfies MessageKey)
  .max(CALLBACK_SLA_MAX_MINUTES, 'callbackSlaInvalid' satisfies MessageKey);
/** A change of the deadlines: any of the four priorities; the others keep their minutes. */
export const callbackSlaSchema = z.strictObject(
  {
    'Important Callback': slaMinutes.optional(),
    Transferred: slaMinutes.optional(),
    'Send Email': slaMinutes.optional(),
    'Normal Callback': slaMinutes.optional(),
  },
  { error: () => 'callbackSlaInvalid' satisfies MessageKey },
);
export const callbackSlaAttributesSchema = z.object({
  'Important Callback': z.number().int(),
  Transferred: z.number().int(),
  'Send Email': z.number().int(),
  'Normal Callback': z.number().int(),
});

/** The latest moment a call may be snoozed to, from now. */
export const SNOOZE_MAX_DAYS = 90;

/** Who a call is assigned to: a user id of the company (as a string, or a number), or null to release it. */
export const assigneeSchema = z.preprocess(
  (value) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value),
  z
    .string({ error: () => 'assigneeInvalid' satisfies MessageKey })
    .regex(/^[1-9]\d{0,15}$/, 'assigneeInvalid' satisfies MessageKey)
    .transform(Number)
    .pipe(z.number().max(Number.MAX_SAFE_INTEGER, 'assigneeInvalid' satisfies MessageKey))
    .nullable(),
);
/** Until when a call is snoozed (a future moment, ISO 8601 with offset), or null to wake it. */
export const snoozeUntilSchema = z.iso
  .datetime({ offset: true, error: () => 'snoozeInvalid' satisfies MessageKey })
  .transform((value) => new Date(value).toISOString())
  .nullable();

export const bulkAssignSchema = z.object({
  calls: z
    .array(z.object({ id: callId }), { error: () => 'invalidType' satisfies MessageKey })
    .min(1, 'invalidInput' satisfies MessageKey)
    .max(BULK_MAX),
  assignee_id: assigneeSchema,
});
export type BulkAssignInput = z.infer<typeof bulkAssignSchema>;
export const bulkSnoozeSchema = z.object({
  calls: z
    .array(z.object({ id: callId }), { error: () => 'invalidType' satisfies MessageKey })
    .min(1, 'invalidInput' satisfies MessageKey)
    .max(BULK_MAX),
  snoozed_until: snoozeUntilSchema,
});
export type BulkSnoozeInput = z.infer<typeof bulkSnoozeSchema>;
/** The priority and/or the category of several calls (null: Uncategorized); at least one of the two. */
export const bulkFieldsSchema = z
  .object({
    calls: z
      .array(z.object({ id: callId }), { error: () => 'invalidType' satisfies MessageKey })
      .min(1, 'invalidInput' satisfies MessageKey)
      .max(BULK_MAX),
    priority: z.enum(CALL_PRIORITIES, { error: () => 'invalidInput' satisfies MessageKey }).optional(),
    selected_category: z
      .string({ error: () => 'invalidType' satisfies MessageKey })
      .max(200)
      .nullable()
      .optional(),
  })
  .refine((input) => input.priority !== undefined || input.selected_category !== undefined, {
    message: 'invalidInput' satisfies MessageKey,
    path: ['priority'],
  });
export type BulkFieldsInput = z.infer<typeof bulkFieldsSchema>;
