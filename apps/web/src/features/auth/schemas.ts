import { lazyValue } from '../../lib/lazy-value';

/**
 * The shared auth schemas, loaded on first use: they bring zod, which the login screen does not need
 * until the user types or the server answers.
 */
const authSchemas = lazyValue(() => import('@phonebot/shared/auth/schema'));

export const lazyLoginSchema = lazyValue(async () => (await authSchemas.load()).loginSchema);
export const lazyRegisterSchema = lazyValue(async () => (await authSchemas.load()).registerFormSchema);
export const lazyForgotSchema = lazyValue(async () => (await authSchemas.load()).forgotSchema);
export const lazyResetSchema = lazyValue(async () => (await authSchemas.load()).resetFormSchema);
