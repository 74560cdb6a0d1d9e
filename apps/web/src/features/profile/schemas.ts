import { changePasswordSchema, ownProfileSchema } from '@phonebot/shared/schemas/user';
import { lazyValue } from '../../lib/lazy-value';

// The screens' chunks carry zod already (their answers are parsed with it), so the form schemas come with them.
export const lazyOwnProfileSchema = lazyValue(() => Promise.resolve(ownProfileSchema));
export const lazyChangePasswordSchema = lazyValue(() => Promise.resolve(changePasswordSchema));
