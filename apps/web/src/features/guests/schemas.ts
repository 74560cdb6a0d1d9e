import { lazyValue } from '../../lib/lazy-value';

/**
 * The form schemas, loaded when a form is first used (they bring zod's validators). Add Guest builds on the shared
 * addGuestSchema: a select's empty value gets its own message, and an empty password means "generate one".
 */
export const lazyAddGuestSchema = lazyValue(async () => {
  const [{ z }, customer, common] = await Promise.all([
    import('zod'),
    import('@phonebot/shared/customers/schema'),
    import('@phonebot/shared/core/fields'),
  ]);
  return customer.addGuestSchema.extend({
    customer_id: z
      .string()
      .nullable()
      .transform((value, ctx) => {
        if (value === null || value === '') {
          ctx.addIssue({ code: 'custom', message: 'guests.add.customerRequired' });
          return z.NEVER;
        }
        return Number(value);
      }),
    password: z
      .string()
      .transform((value) => (value === '' ? undefined : value))
      .pipe(common.newPasswordSchema('guestPasswordRequired').optional()),
  });
});

export const lazyGuestPasswordSchema = lazyValue(
  async () => (await import('@phonebot/shared/customers/schema')).guestPasswordSchema,
);
