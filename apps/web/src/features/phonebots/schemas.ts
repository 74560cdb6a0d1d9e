import { z } from 'zod';
import {
  createPhonebotSchema,
  flagSchema,
  guestPhonebotSchema,
  PAYMENT_STATUS,
  PHONEBOT_DEFAULTS,
  PHONEBOT_SECRETS,
  DEFAULT_SOURCE_MAPPING,
  type SourceMapping,
  updatePhonebotSchema,
  type PhonebotFields,
} from '@phonebot/shared/phonebots';
import { lazyValue } from '../../lib/lazy-value';
import type { PhonebotAttributes } from './api';

/** docs/product.md §6: 0 inactive, 1 active, 2 paused, 3 past_due, 4 canceled, anything else unknown. */
export type PaymentStatusName = keyof typeof PAYMENT_STATUS | 'unknown';
export function paymentStatusName(value: number | undefined): PaymentStatusName {
  const found = Object.entries(PAYMENT_STATUS).find(([, code]) => code === value);
  return found ? (found[0] as keyof typeof PAYMENT_STATUS) : 'unknown';
}

type FormValue<T> = [T] extends [boolean]
  ? boolean
  : [T] extends [number | null]
    ? number | string
    : [T] extends [readonly unknown[]]
      ? T
      : [T] extends [Record<string, unknown>]
        ? T
        : string;

/**
 * What the form holds: text for text and option fields, booleans for flags, `number | ''` for numbers (Mantine's
 * NumberInput gives '' when cleared), and the lists as they are edited (empty entries are dropped on save).
 */
export type PhonebotFormValues = { [K in keyof PhonebotFields]: FormValue<PhonebotFields[K]> };
export type PhonebotFieldName = keyof PhonebotFormValues;

const NUMBER_FIELDS = [
  'sip_port',
  'e_mail_server_port',
  'abort_time',
  'temperature',
  'speed_of_speech',
  'silence_alert_hours',
] as const;

function isNumberField(name: string): name is (typeof NUMBER_FIELDS)[number] {
  return (NUMBER_FIELDS as readonly string[]).includes(name);
}

/** Form values of a phonebot: the defaults of docs/product.md §9, overlaid with the answer's settings when editing. */
export function formValuesOf(attributes?: PhonebotAttributes): PhonebotFormValues {
  const values: Record<string, unknown> = {};
  const answer = attributes as Record<string, unknown> | undefined;
  for (const [name, fallback] of Object.entries(PHONEBOT_DEFAULTS)) {
    let given: unknown = answer?.[name];
    if (name === 'attendedTransfer' && given === undefined) given = answer?.attendedtransfer;
    if ((PHONEBOT_SECRETS as readonly string[]).includes(name)) {
      // Secrets never come back in full: the input stays empty and saving it empty keeps the stored value.
      values[name] = '';
    } else if (typeof fallback === 'boolean') {
      const flag = flagSchema.safeParse(given);
      values[name] = flag.success ? flag.data : fallback;
    } else if (isNumberField(name)) {
      const number = typeof given === 'string' && given !== '' ? Number(given) : given;
      values[name] = typeof number === 'number' && Number.isFinite(number) ? number : (fallback ?? '');
    } else if (name === 'category_terms') {
      const terms = Array.isArray(given) ? given.filter((term): term is string => typeof term === 'string') : [];
      // The editor always shows at least one input (docs/product.md §7: 1 to 5).
      values[name] = terms.length > 0 ? terms : [''];
    } else if (name === 'mcp_servers') {
      values[name] = Array.isArray(given)
        ? given.flatMap((server: unknown) =>
            server && typeof server === 'object' && typeof (server as { url?: unknown }).url === 'string'
              ? [{ url: (server as { url: string }).url }]
              : [],
          )
        : [];
    } else if (name === 'source_mapping') {
      values[name] = sourceMappingOf(given);
    } else {
      values[name] = typeof given === 'string' ? given : fallback;
    }
  }
  return values as PhonebotFormValues;
}

/** The mapping of a platform's fields as the form edits it: every name a text, the value map a list of pairs. */
function sourceMappingOf(given: unknown): SourceMapping {
  const mapping = (given && typeof given === 'object' ? given : {}) as Partial<Record<keyof SourceMapping, unknown>>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    selected_category: text(mapping.selected_category),
    priority: text(mapping.priority),
    caller_name: text(mapping.caller_name),
    priority_values: Array.isArray(mapping.priority_values)
      ? (mapping.priority_values as SourceMapping['priority_values']).filter(
          (pair) => pair && typeof pair.value === 'string' && typeof pair.priority === 'string',
        )
      : DEFAULT_SOURCE_MAPPING.priority_values,
  };
}

/**
 * A category term typed or pasted with double quotes around it loses them as it is typed (docs/product.md §7); a lone quote
 * stays, so a term can still be typed character by character.
 */
export function stripQuotes(value: string): string {
  const wrapped = /^"(.*)"$/s.exec(value);
  return wrapped ? (wrapped[1] ?? '') : value;
}

/*
 * The form validates with the shared schemas. Their input is `unknown` (they preprocess), so the form's value type
 * is given by z.custom, which checks nothing itself, and widened to `unknown` for the shared schema to take it.
 */
const formInput = () => z.custom<PhonebotFormValues>().transform((values): unknown => values);
/** Both forms hand over (part of) the phonebot's fields; the add form's output has every field. */
type PhonebotFormSchema = z.ZodType<Partial<PhonebotFields>, PhonebotFormValues>;
export const lazyCreateFormSchema = lazyValue<PhonebotFormSchema>(async () => formInput().pipe(createPhonebotSchema));
export const lazyUpdateFormSchema = lazyValue<PhonebotFormSchema>(async () => formInput().pipe(updatePhonebotSchema));
export const lazyGuestFormSchema = lazyValue(async () => guestPhonebotSchema);
