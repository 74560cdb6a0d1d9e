import { z } from 'zod';
import { USER_STATUSES } from '../constants';

/**
 * A customer row of `GET /customers`. Its id is the user id of the customer's owner (its first admin), as
 * DESIGN.md "API conventions" says.
 */
export const customerAttributesSchema = z.object({
  name: z.string(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
  created_at: z.string(),
  customer_id: z.number().int(),
  company_name: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  pin: z.string().nullable(),
  bank: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  phone: z.string().nullable(),
});
export type CustomerAttributes = z.infer<typeof customerAttributesSchema>;
