import { z } from 'zod';
import { USER_STATUSES } from '../core/constants';
import type { MessageKey } from '../core/messages';
import { emailSchema, idSchema, newPasswordSchema, optionalText, requiredText } from '../core/fields';
import { isValidIban } from '../profile/schema';
import { businessHoursAttributesSchema, businessHoursSchema, defaultCountrySchema } from './business-hours';

/**
 * A customer row of `GET /customers`. Its id is the user id of the customer's owner (its first admin), as
 * docs/api.md says.
 */
export const customerAttributesSchema = z.object({
  name: z.string(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
  created_at: z.string(),
  /** The company's own number (a user's `customer_number`); the resource's id is its owner's user id. */
  customer_number: z.number().int(),
  company_name: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  pin: z.string().nullable(),
  bank: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  phone: z.string().nullable(),
  /** Business hours: callback deadlines count only their minutes (null: around the clock). */
  business_hours: businessHoursAttributesSchema,
  /** The country its phone numbers are written in (ISO 3166-1 alpha-2), for the call search. */
  default_country: z.string(),
});
export type CustomerAttributes = z.infer<typeof customerAttributesSchema>;

/** Update Customer (docs/product.md §7): company_name is required with the spec's message; e-mail is read-only. */
export const updateCustomerSchema = z.object({
  name: requiredText('nameRequired'),
  company_name: requiredText('usernameRequired'),
  city: optionalText(),
  address: optionalText(),
  pin: optionalText(20),
  phone: optionalText(40),
  bank: optionalText(),
  iban: optionalText(50)
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => v === '' || isValidIban(v), 'ibanInvalid' satisfies MessageKey),
  bic: optionalText(20),
  /** Set on Company Profile by the company, and on Update Customer by the super. */
  business_hours: businessHoursSchema.nullable().optional(),
  default_country: defaultCountrySchema.optional(),
});
export type UpdateCustomerInput = z.infer<typeof updateCustomerSchema>;

/** A guest as Guest Administration lists it. */
export const guestAttributesSchema = z.object({
  name: z.string(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
  created_at: z.string(),
  customer_id: z.number().int().nullable(),
  customer_name: z.string(),
});

/** Add Guest: a guest user for a chosen customer (customer_id is the id of the customer's row on Customers). */
export const addGuestSchema = z.object({
  customer_id: idSchema('invalidInput'),
  name: requiredText('nameRequired'),
  email: emailSchema,
  password: newPasswordSchema('guestPasswordRequired').optional(),
});
export type AddGuestInput = z.infer<typeof addGuestSchema>;

export const guestPasswordSchema = z.object({ password: newPasswordSchema('guestPasswordRequired') });

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** A month of Calls History, YYYY-MM. */
export const CALLS_MONTH_SCHEMA = z.string().regex(MONTH_PATTERN, 'a month must be written YYYY-MM');
/** A row of Calls History; customer_id keeps two customers of the same name apart. */
export type CallCountRow = { name: string; phonebot: string; number_of_calls: number; customer_id: number };
