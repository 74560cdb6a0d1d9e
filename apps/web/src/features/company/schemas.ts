import { z } from 'zod';
import { companyProfileSchema, smsAllowedNumbersSchema } from '@phonebot/shared/schemas/profile';
import { lazyValue } from '../../lib/lazy-value';

/** The allowed SMS numbers are edited as text, one number or prefix per line (commas and semicolons work too). */
const allowedNumbersText = z.string().transform((text, ctx) => {
  const entries = text
    .split(/[\n,;]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  const parsed = smsAllowedNumbersSchema.safeParse(entries);
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'smsAllowedNumbersInvalid' });
  return z.NEVER;
});

const companyProfileFormSchema = companyProfileSchema.extend({ sms_allowed_numbers: allowedNumbersText });

// The screen's chunk carries zod already (its answers are parsed with it), so the form schema comes with it.
export const lazyCompanyProfileSchema = lazyValue(() => Promise.resolve(companyProfileFormSchema));
