import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '@phonebot/shared';
import type { MessageKey } from '@phonebot/shared';
import { changePasswordSchema, ownPhoneSchema, ownProfileSchema } from '@phonebot/shared/users';
import { lazyValue } from '../../lib/lazy-value';

/** The Info card: the password field stays empty unless the e-mail changes (the submit handler asks for it then). */
const ownProfileFormSchema = ownProfileSchema.extend({
  current_password: z.string().max(PASSWORD_MAX_LENGTH, 'passwordTooLong' satisfies MessageKey),
  /** The own phone for click-to-call: empty, or E.164 as the server checks it (ownPhoneSchema). */
  phone: z.string().refine((value) => ownPhoneSchema.safeParse(value).success, 'phoneInvalid' satisfies MessageKey),
});

// The screens' chunks carry zod already (their answers are parsed with it), so the form schemas come with them.
export const lazyOwnProfileSchema = lazyValue(() => Promise.resolve(ownProfileFormSchema));
export const lazyChangePasswordSchema = lazyValue(() => Promise.resolve(changePasswordSchema));
