import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import type * as ZodResolver from 'mantine-form-zod-resolver';
import type { z } from 'zod';
import { i18n, translateText } from '../../lib/i18n';
import { notifyError } from '../../lib/notify';
import { lazyValue, type LazyValue } from '../../lib/lazy-value';

type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

const resolverModule = lazyValue(() => import('mantine-form-zod-resolver'));

function resolve(schema: FormSchema, values: Record<string, unknown>): FormErrors | Promise<FormErrors> {
  const run = (module: typeof ZodResolver) =>
    // The first failing rule per field wins, so an empty password says "required", not "at least 8 characters".
    module.zod4Resolver(schema, { errorPriority: 'first' })(values);
  const loaded = resolverModule.current();
  return loaded ? run(loaded) : resolverModule.load().then(run);
}

/**
 * A Mantine form validated by a shared zod schema. The schema (and with it zod, ~26 KB gzip) is loaded when a field
 * is first focused or the form validated, so it is not part of a screen's first load. Submit handlers get the
 * schema's output (trimmed, lower-cased e-mail). Schema messages are message keys, translated where the input
 * shows them so they follow a language switch.
 */
export function useZodForm<Schema extends FormSchema>(
  schema: LazyValue<Schema>,
  initialValues: z.input<Schema>,
): UseFormReturnType<z.input<Schema>, z.output<Schema>> {
  const prefetch = () => {
    Promise.all([schema.load(), resolverModule.load()]).catch(() => {
      // Validation loads them again and reports its own failure.
    });
  };
  return useForm<z.input<Schema>, z.output<Schema>>({
    mode: 'controlled',
    initialValues,
    validate: (values) => {
      const loaded = schema.current();
      if (loaded) return resolve(loaded, values);
      return schema.load().then(
        (fresh) => resolve(fresh, values),
        (error: unknown) => {
          // Without its rules the form cannot be checked or sent; say so instead of ignoring the click.
          notifyError(i18n.t('serviceUnavailable'));
          throw error;
        },
      );
    },
    transformValues: (values) => {
      const loaded = schema.current();
      // onSubmit validates (and so loads the schema) before it transforms.
      if (!loaded) throw new Error('Form schema used before it was loaded');
      return loaded.parse(values);
    },
    validateInputOnBlur: true,
    enhanceGetInputProps: ({ inputProps }) => {
      // Mantine merges the result into `inputProps` itself, so keep its own focus handler before replacing it.
      const markTouched: unknown = inputProps.onFocus;
      return {
        onFocus: () => {
          if (typeof markTouched === 'function') markTouched();
          prefetch();
        },
        ...(typeof inputProps.error === 'string' ? { error: translateText(i18n.t, inputProps.error) } : {}),
      };
    },
  });
}
