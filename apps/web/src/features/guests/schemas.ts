import { lazyValue } from '../../lib/lazy-value';

/** The form schemas, loaded when a form is first used (they bring zod's validators). */
export const lazyAddGuestSchema = lazyValue(async () => (await import('./add-guest-form-schema')).addGuestFormSchema);

export const lazyGuestPasswordSchema = lazyValue(
  async () => (await import('@phonebot/shared/customers/schema')).guestPasswordSchema,
);
