import { z } from 'zod';
import type { MessageKey } from '../core/messages';
import { callbackSlaAttributesSchema, callbackSlaSchema } from '../calls/schema';
import { emailSchema, optionalText, requiredText } from '../core/fields';
import { OFFLINE_ALERT_MINUTES } from '../phonebot-alerts/contract';
import { businessHoursAttributesSchema, businessHoursSchema, defaultCountrySchema } from '../customers/business-hours';

/** ISO 13616 check: move the first four characters to the end, letters to numbers, the remainder mod 97 is 1. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** The longest retention a company may choose when the service sets no maximum (100 years). */
export const RETENTION_DAYS_LIMIT = 36500;

const BIC = /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/;
const PHONE = /^\+?[0-9 ()/.-]{3,40}$/;

const emptyToNull = (v: string) => (v === '' ? null : v);

export const phoneSchema = requiredText('phoneRequired', 40).refine(
  (v) => v === '' || PHONE.test(v),
  'phoneInvalid' satisfies MessageKey,
);

export const SMS_ALLOWED_NUMBERS_MAX = 50;

/** A number or prefix in international form (+ and 1 to 15 digits); spaces, dashes, dots, slashes and brackets go. */
const smsAllowedEntry = z
  .string({ error: () => 'smsAllowedNumbersInvalid' satisfies MessageKey })
  .transform((value) => value.replace(/[\s\-./()]/g, ''))
  .refine((value) => /^\+[1-9]\d{0,14}$/.test(value), 'smsAllowedNumbersInvalid' satisfies MessageKey);

/**
 * The numbers (or prefixes: `+49301234` allows every number starting so) an SMS may go to besides a call's caller.
 * Empty by default: SMS go to callers only.
 */
export const smsAllowedNumbersSchema = z
  .array(smsAllowedEntry, { error: () => 'smsAllowedNumbersInvalid' satisfies MessageKey })
  .max(SMS_ALLOWED_NUMBERS_MAX, 'valueTooLong' satisfies MessageKey)
  .transform((entries) => [...new Set(entries)]);

/** Whether an SMS may go to `to` (E.164): the call's caller, or a number the company allows (or one of its prefixes). */
export function smsRecipientAllowed(to: string, caller: string, allowed: readonly string[]): boolean {
  return to === caller || allowed.some((entry) => to.startsWith(entry));
}

/** Company Profile (docs/product.md §5, rules of §7): bank, IBAN and BIC are optional; an IBAN must pass its checksum. */
export const companyProfileSchema = z.object({
  company_name: requiredText('companyNameRequired'),
  address: requiredText('addressRequired'),
  pin: requiredText('pinRequired', 20),
  city: requiredText('cityRequired'),
  phone: phoneSchema,
  company_email: emailSchema,
  bank: optionalText().transform(emptyToNull).nullable().optional(),
  iban: optionalText(50)
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => v === '' || isValidIban(v), 'ibanInvalid' satisfies MessageKey)
    .transform(emptyToNull)
    .nullable()
    .optional(),
  bic: optionalText(20)
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => v === '' || BIC.test(v), 'bicInvalid' satisfies MessageKey)
    .transform(emptyToNull)
    .nullable()
    .optional(),
  sms_allowed_numbers: smsAllowedNumbersSchema.optional(),
  /** Every user of the company must sign in with a second factor. */
  require_mfa: z.boolean().optional(),
  /** Minutes to the callback deadline per priority; the priorities not named keep theirs. */
  callback_sla_minutes: callbackSlaSchema.optional(),
  /** Calls older than this many days are deleted daily (null: as long as the service keeps them). */
  retention_days: z
    .number({ error: () => 'retentionDaysInvalid' satisfies MessageKey })
    .int('retentionDaysInvalid' satisfies MessageKey)
    .min(1, 'retentionDaysInvalid' satisfies MessageKey)
    .max(RETENTION_DAYS_LIMIT, 'retentionDaysInvalid' satisfies MessageKey)
    .nullable()
    .optional(),
  /** Business hours for callback deadlines (null: around the clock); a change moves the open calls' deadlines. */
  business_hours: businessHoursSchema.nullable().optional(),
  /** The country phone numbers are written in, for the call search (ISO 3166-1 alpha-2). */
  default_country: defaultCountrySchema.optional(),
  /** Minutes a runtime phonebot may be silent (within business hours when set) before the admins are told. */
  offline_alert_minutes: z
    .number({ error: () => 'offlineAlertMinutesInvalid' satisfies MessageKey })
    .int('offlineAlertMinutesInvalid' satisfies MessageKey)
    .min(OFFLINE_ALERT_MINUTES.min, 'offlineAlertMinutesInvalid' satisfies MessageKey)
    .max(OFFLINE_ALERT_MINUTES.max, 'offlineAlertMinutesInvalid' satisfies MessageKey)
    .optional(),
});
export type CompanyProfileInput = z.infer<typeof companyProfileSchema>;

export const companyProfileAttributesSchema = z.object({
  company_name: z.string().nullable(),
  address: z.string().nullable(),
  pin: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  company_email: z.string().nullable(),
  bank: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  sms_allowed_numbers: z.array(z.string()),
  require_mfa: z.boolean(),
  callback_sla_minutes: callbackSlaAttributesSchema,
  retention_days: z.number().int().nullable(),
  /** The service's longest retention (CALL_RETENTION_DAYS); null when the service sets none. */
  retention_max_days: z.number().int().nullable(),
  business_hours: businessHoursAttributesSchema,
  default_country: z.string(),
  offline_alert_minutes: z.number().int(),
});
export type CompanyProfile = z.infer<typeof companyProfileAttributesSchema>;
