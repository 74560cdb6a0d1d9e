import { z } from 'zod';
import { LANGUAGES, ROLES, USER_STATUSES } from '../core/constants';
import type { MessageKey } from '../core/messages';
import { emailSchema, givenPasswordSchema, newPasswordSchema, requiredText } from '../core/fields';

/** A user as the API answers it (attributes of a `users` resource). */
export const userAttributesSchema = z.object({
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  /**
   * The number of the user's company (null for the super): the `customer_number` of its `customers` resource,
   * which is addressed by its owner's user id, not by this number.
   */
  customer_number: z.number().int().nullable(),
  avatar_url: z.string().nullable(),
  /** The language of the user's screens and mails. */
  language: z.enum(LANGUAGES),
  created_at: z.string(),
  /** The user's own phone (E.164) for click-to-call; only in the signed-in user's own answers (GET /me). */
  phone: z.string().nullable().optional(),
});
export type UserAttributes = z.infer<typeof userAttributesSchema>;

/**
 * A new company's first steps, in order: add a phonebot, give its bot token to the runtime (its first heartbeat),
 * receive the first call, invite a colleague, set up billing (a phonebot with a subscription).
 */
export const CHECKLIST_STEPS = ['phonebot', 'runtime', 'call', 'colleague', 'billing'] as const;
export type ChecklistStep = (typeof CHECKLIST_STEPS)[number];
export const checklistSchema = z.object({
  steps: z.array(z.object({ step: z.enum(CHECKLIST_STEPS), done: z.boolean() })),
  complete: z.boolean(),
});
export type Checklist = z.infer<typeof checklistSchema>;

/** Roles an admin gives to the users of the company: user (shown as User), adminuser (shown as Admin), admin. */
export const COMPANY_ROLES = ['user', 'adminuser', 'admin'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** Add User (docs/product.md §5: email, fname, lname, type users); no password: the user sets it from the invitation. */
export const addUserSchema = z.object({
  email: emailSchema,
  fname: requiredText('firstNameRequired'),
  lname: requiredText('lastNameRequired'),
});
export type AddUserInput = z.infer<typeof addUserSchema>;

export const updateUserSchema = z.object({
  email: emailSchema,
  name: requiredText('nameRequired'),
  role: z.enum(COMPANY_ROLES, { error: () => 'roleRequired' satisfies MessageKey }),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** My profile's Info card; a new e-mail address needs the current password. */
export const ownProfileSchema = z.object({
  name: requiredText('ownNameRequired'),
  email: emailSchema,
  current_password: givenPasswordSchema('currentPasswordRequired').optional(),
});
export type OwnProfileInput = z.infer<typeof ownProfileSchema>;

/** A change to the signed-in user: any part of My profile's Info card, and the language chosen for the screens. */
/**
 * The user's own phone, which click-to-call rings first: E.164 (+ and the country code; spaces, dashes, dots,
 * slashes and brackets are dropped); empty or null removes it.
 */
export const ownPhoneSchema = z
  .union([z.string(), z.null()], { error: () => 'phoneInvalid' satisfies MessageKey })
  .transform((value, ctx) => {
    const compact = (value ?? '').trim().replace(/[\s\-./()]/g, '');
    if (compact === '') return null;
    if (!/^\+[1-9]\d{6,14}$/.test(compact))
      ctx.addIssue({ code: 'custom', message: 'phoneInvalid' satisfies MessageKey });
    return compact;
  });

export const updateMeSchema = ownProfileSchema
  .partial()
  .extend({ language: z.enum(LANGUAGES).optional(), phone: ownPhoneSchema.optional() });
export type UpdateMeInput = z.infer<typeof updateMeSchema>;

/** Change Password (company area and My profile): the current password is always required. */
export const changePasswordSchema = z
  .object({
    cpsd: givenPasswordSchema('currentPasswordRequired'),
    npsd: newPasswordSchema(),
    npsd_confirmation: z
      .string({ error: () => 'confirmPasswordRequired' satisfies MessageKey })
      .min(1, 'confirmPasswordRequired' satisfies MessageKey),
  })
  .refine((v) => v.npsd === v.npsd_confirmation, {
    message: 'passwordsMismatch' satisfies MessageKey,
    path: ['npsd_confirmation'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
