import { operatorSchema } from '@phonebot/shared/settings';
import { lazyValue } from '../../lib/lazy-value';

// The screen's chunk carries zod already (its answers are parsed with it), so the form schema comes with it.
export const lazyOperatorSchema = lazyValue(() => Promise.resolve(operatorSchema));
