import { createFormContext } from '@mantine/form';
import type { PhonebotFields } from '@phonebot/shared/phonebots';
import type { PhonebotFormValues } from '../../schemas';

/** The phonebot form is one form at the top; each section reads it through this context. */
export const [PhonebotFormProvider, usePhonebotFormContext] = createFormContext<
  PhonebotFormValues,
  Partial<PhonebotFields>
>();
