import { z } from 'zod';
import { LANGUAGES } from '../core/constants';
import type { MessageKey } from '../core/messages';
import { emailSchema, givenPasswordSchema, newPasswordSchema, optionalText, requiredText } from '../core/fields';

const mismatch = 'passwordsMismatch' satisfies MessageKey;

export const loginSchema = z.object({
  email: emailSchema,
  password: givenPasswordSchema(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * The Register form (field names of docs/product.md §5: password and confirmPassword): the company's name, and the
 * registrant's own name as its contact person.
 */
export const registerFormSchema = z
  .object({
    company_name: requiredText('companyNameRequired'),
    name: requiredText('nameRequired'),
    email: emailSchema,
    password: newPasswordSchema(),
    confirmPassword: z.string({ error: () => 'confirmPasswordRequired' }).min(1, 'confirmPasswordRequired'),
  })
  .refine((v) => v.password === v.confirmPassword, { message: mismatch, path: ['confirmPassword'] });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/**
 * POST /register on the wire. `company_name` is optional so that clients sending only the original fields keep
 * working; the web app's form requires it.
 */
export const registerSchema = z
  .object({
    company_name: optionalText().optional(),
    name: requiredText('nameRequired'),
    email: emailSchema,
    password: newPasswordSchema(),
    password_confirmation: z.string({ error: () => 'confirmPasswordRequired' }).min(1, 'confirmPasswordRequired'),
    /** The language the registrant used; the new account's screens and mails follow it (English when left out). */
    language: z.enum(LANGUAGES).optional(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: mismatch,
    path: ['password_confirmation'],
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const forgotSchema = z.object({
  email: emailSchema,
  redirect_url: z.string().max(2000).optional(),
});
export type ForgotInput = z.infer<typeof forgotSchema>;

/** The Reset Password form (docs/product.md §5: newPassword, confirmPassword). */
export const resetFormSchema = z
  .object({
    newPassword: newPasswordSchema(),
    confirmPassword: z.string({ error: () => 'confirmPasswordRequired' }).min(1, 'confirmPasswordRequired'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: mismatch, path: ['confirmPassword'] });
export type ResetForm = z.infer<typeof resetFormSchema>;

const linkTokenSchema = z
  .string({ error: () => 'resetLinkInvalid' })
  .min(1, 'resetLinkInvalid')
  .max(200, 'resetLinkInvalid');

/** POST /password-reset on the wire. */
export const resetSchema = z
  .object({
    email: emailSchema,
    token: linkTokenSchema,
    password: newPasswordSchema(),
    password_confirmation: z.string({ error: () => 'confirmPasswordRequired' }).min(1, 'confirmPasswordRequired'),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: mismatch,
    path: ['password_confirmation'],
  });
export type ResetInput = z.infer<typeof resetSchema>;

/** The verification link's values, which its page sends back. */
export const verifyEmailSchema = z.object({
  email: z.string({ error: () => 'verifyLinkInvalid' }).max(300, 'verifyLinkInvalid'),
  token: z
    .string({ error: () => 'verifyLinkInvalid' })
    .min(1, 'verifyLinkInvalid')
    .max(200, 'verifyLinkInvalid'),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

/** POST /password-reset/link: what an e-mailed password link is for, asked before the form is filled in. */
export const passwordLinkSchema = z.object({ email: emailSchema, token: linkTokenSchema });
export type PasswordLinkInput = z.infer<typeof passwordLinkSchema>;
export const PASSWORD_LINK_KINDS = ['reset', 'invite'] as const;
/** The e-mail change link's token, which its page sends back. */
export const confirmEmailSchema = z.object({
  token: z
    .string({ error: () => 'verifyLinkInvalid' })
    .min(1, 'verifyLinkInvalid')
    .max(200, 'verifyLinkInvalid'),
});
export type ConfirmEmailInput = z.infer<typeof confirmEmailSchema>;
