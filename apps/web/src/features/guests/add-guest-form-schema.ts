import { z } from 'zod';
import { addGuestSchema } from '@phonebot/shared/customers/schema';
import { newPasswordSchema } from '@phonebot/shared/core/fields';

/**
 * Add Guest's form schema, built on the shared addGuestSchema: a select's empty value gets its own message, and an
 * empty password means "generate one". A module of its own that imports zod by name, loaded with the form
 * (schemas.ts): a dynamic `import('zod')` would take zod's whole namespace, every locale included, into the shell.
 */
export const addGuestFormSchema = addGuestSchema.extend({
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
    .pipe(newPasswordSchema('guestPasswordRequired').optional()),
});
