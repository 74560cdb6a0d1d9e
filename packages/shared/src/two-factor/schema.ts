import { z } from 'zod';
import type { MessageKey } from '../core/messages';
import { givenPasswordSchema } from '../core/fields';

export const RECOVERY_CODE_COUNT = 10;

const codeRequired = 'mfaCodeInvalid' satisfies MessageKey;

/** A code of the authenticator app: six digits (spaces are forgiven). */
export const totpCodeSchema = z
  .string({ error: () => codeRequired })
  .transform((value) => value.replace(/\s+/g, ''))
  .refine((value) => /^\d{6}$/.test(value), codeRequired);

/** A recovery code as it was shown (groups of letters and digits; case, spaces and dashes are forgiven). */
export const recoveryCodeSchema = z
  .string({ error: () => codeRequired })
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .refine((value) => /^[a-z2-7]{16}$/.test(value), codeRequired);

const twoFactorTokenSchema = z.string().min(16).max(200);

export const confirmTotpSchema = z.object({ code: totpCodeSchema });
export type ConfirmTotpInput = z.infer<typeof confirmTotpSchema>;

/** Turning the second factor off takes the password and a code of the app or a recovery code. */
export const disableTotpSchema = z.object({
  password: givenPasswordSchema(),
  code: z
    .string({ error: () => codeRequired })
    .min(1, codeRequired)
    .max(40, codeRequired),
});
export type DisableTotpInput = z.infer<typeof disableTotpSchema>;

/**
 * A step-up (recent authentication): the current password, or with two-factor sign-in on a code of the
 * authenticator app. Sensitive actions take the same two fields in their own request.
 */
export const reauthSchema = z
  .object({
    password: givenPasswordSchema().optional(),
    code: totpCodeSchema.optional(),
  })
  .refine((value) => (value.password === undefined) !== (value.code === undefined), {
    message: 'reauthRequired' satisfies MessageKey,
    path: ['password'],
  });
export type ReauthInput = z.infer<typeof reauthSchema>;

export const loginTwoFactorSchema = z
  .object({
    mfa_token: twoFactorTokenSchema,
    code: totpCodeSchema.optional(),
    recovery_code: recoveryCodeSchema.optional(),
  })
  .refine((value) => (value.code === undefined) !== (value.recovery_code === undefined), {
    message: codeRequired,
    path: ['code'],
  });
export type LoginTwoFactorInput = z.infer<typeof loginTwoFactorSchema>;

export const loginTwoFactorEnrolSchema = z.object({ mfa_token: twoFactorTokenSchema });
export type LoginTwoFactorEnrolInput = z.infer<typeof loginTwoFactorEnrolSchema>;

export const loginTwoFactorEnrolConfirmSchema = z.object({ mfa_token: twoFactorTokenSchema, code: totpCodeSchema });
export type LoginTwoFactorEnrolConfirmInput = z.infer<typeof loginTwoFactorEnrolConfirmSchema>;

export const totpEnrolmentSchema = z.object({ secret: z.string(), otpauth_uri: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Whether the user's company, or the whole deployment, requires a second factor. */
  required: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const securitySettingsSchema = z.object({ require_mfa: z.boolean() });
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
