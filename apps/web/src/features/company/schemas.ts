import { companyProfileSchema } from '@phonebot/shared/schemas/profile';
import { lazyValue } from '../../lib/lazy-value';

// The screen's chunk carries zod already (its answers are parsed with it), so the form schema comes with it.
export const lazyCompanyProfileSchema = lazyValue(() => Promise.resolve(companyProfileSchema));
