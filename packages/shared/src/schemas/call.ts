import { z } from 'zod';
import type { MessageKey } from '../messages';

/** SPEC §4: call statuses and priorities, in their sort orders (§9). */
export const CALL_STATUSES = ['New', 'In Progress', 'Completed'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const CALL_PRIORITIES = ['Normal Callback', 'Important Callback', 'Send Email', 'Transferred'] as const;
export type CallPriority = (typeof CALL_PRIORITIES)[number];

export const CALL_LIMITS = { turns: 500, turnText: 10000, action: 100, caller: 40, durationS: 86400 } as const;

const turnSchema = z.object({
  text: z.string().max(CALL_LIMITS.turnText).default(''),
  action: z.string().max(CALL_LIMITS.action).default(''),
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
  z.array(turnSchema, { error: () => 'A list of {text, action} turns' }).max(CALL_LIMITS.turns),
);

/** POST /bot/calls: one finished call as the phonebot runtime sends it (DESIGN.md "Bot API"). */
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
