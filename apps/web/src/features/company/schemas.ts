import { z } from 'zod';
import { CALLBACK_SLA_MAX_MINUTES, type CallPriority } from '@phonebot/shared/calls';
import { companyProfileSchema, smsAllowedNumbersSchema } from '@phonebot/shared/profile';
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

/** Minutes to the callback deadline, one input per priority (an empty input reads as no number). */
const minutes = z
  .union([z.number(), z.string()])
  .transform((value) => (value === '' ? Number.NaN : Number(value)))
  .pipe(
    z
      .number({ error: () => 'callbackSlaInvalid' })
      .int('callbackSlaInvalid')
      .min(1, 'callbackSlaInvalid')
      .max(CALLBACK_SLA_MAX_MINUTES, 'callbackSlaInvalid'),
  );
export const SLA_FIELDS = {
  sla_important: 'Important Callback',
  sla_transferred: 'Transferred',
  sla_email: 'Send Email',
  sla_normal: 'Normal Callback',
} as const satisfies Record<string, CallPriority>;

const companyProfileFormSchema = companyProfileSchema
  .omit({ callback_sla_minutes: true })
  .extend({
    sms_allowed_numbers: allowedNumbersText,
    sla_important: minutes,
    sla_transferred: minutes,
    sla_email: minutes,
    sla_normal: minutes,
  })
  .transform(({ sla_important, sla_transferred, sla_email, sla_normal, ...rest }) => ({
    ...rest,
    callback_sla_minutes: {
      'Important Callback': sla_important,
      Transferred: sla_transferred,
      'Send Email': sla_email,
      'Normal Callback': sla_normal,
    },
  }));

// The screen's chunk carries zod already (its answers are parsed with it), so the form schema comes with it.
export const lazyCompanyProfileSchema = lazyValue(() => Promise.resolve(companyProfileFormSchema));
