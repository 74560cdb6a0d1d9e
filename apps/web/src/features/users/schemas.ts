import { addUserSchema, updateUserSchema } from '@phonebot/shared/users';
import { lazyValue } from '../../lib/lazy-value';

// The screens' chunks carry zod already (their answers are parsed with it), so the form schemas come with them.
export const lazyAddUserSchema = lazyValue(() => Promise.resolve(addUserSchema));
export const lazyUpdateUserSchema = lazyValue(() => Promise.resolve(updateUserSchema));
