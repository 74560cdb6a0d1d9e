import { z } from 'zod';
import type { MessageKey } from '../core/messages';
import { optionalText } from '../core/fields';

/** The parts of the operator's identity: who runs this deployment, named in the footer and in mails. */
export const OPERATOR_FIELDS = [
  'name',
  'address',
  'phone',
  'email',
  'imprint_url',
  'privacy_url',
  'terms_url',
] as const;
export type OperatorField = (typeof OPERATOR_FIELDS)[number];

const PHONE = /^\+?[0-9 ()/.-]{3,40}$/;
const URL = /^https?:\/\/[^\s]+$/i;
const EMAIL = z.email();

const optionalUrl = () => optionalText(2000).refine((v) => v === '' || URL.test(v), 'urlInvalid' satisfies MessageKey);

/**
 * The Settings form and `PATCH /settings/operator`: every part is optional; an empty value clears it, and a cleared
 * part is not shown anywhere.
 */
export const operatorSchema = z.object({
  name: optionalText(200),
  address: optionalText(500),
  phone: optionalText(40).refine((v) => v === '' || PHONE.test(v), 'phoneInvalid' satisfies MessageKey),
  email: optionalText(254).refine((v) => v === '' || EMAIL.safeParse(v).success, 'emailInvalid' satisfies MessageKey),
  imprint_url: optionalUrl(),
  privacy_url: optionalUrl(),
  terms_url: optionalUrl(),
});
export type OperatorInput = z.infer<typeof operatorSchema>;

/** The operator as answered: a part that is not set is null. */
export const operatorAttributesSchema = z.object({
  name: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  imprint_url: z.string().nullable(),
  privacy_url: z.string().nullable(),
  terms_url: z.string().nullable(),
});
export type Operator = z.infer<typeof operatorAttributesSchema>;

/** An operator who set nothing: the footer and the mails name only the product. */
export const NO_OPERATOR: Operator = {
  name: null,
  address: null,
  phone: null,
  email: null,
  imprint_url: null,
  privacy_url: null,
  terms_url: null,
};
