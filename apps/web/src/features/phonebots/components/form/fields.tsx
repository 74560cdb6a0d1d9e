import { NativeSelect, NumberInput, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../../components/form/password-field';
import type { PhonebotSecret } from '@phonebot/shared/phonebots';
import type { phonebotsTranslations } from '../../locales';
import type { PhonebotFieldName } from '../../schemas';
import { usePhonebotFormContext } from './form-context';

/** A field with its own label (the lists have their own editors). */
type LabelledField = PhonebotFieldName & keyof (typeof phonebotsTranslations)['en']['phonebots']['fields'];
type FieldProps<Name extends LabelledField = LabelledField> = { name: Name };

export function TextField({ name, type }: FieldProps & { type?: 'url' | 'email' }) {
  const { t } = useTranslation();
  const form = usePhonebotFormContext();
  return <TextInput label={t(`phonebots.fields.${name}`)} type={type} {...form.getInputProps(name)} />;
}

export function SelectField({ name, options }: FieldProps & { options: readonly string[] }) {
  const { t } = useTranslation();
  const form = usePhonebotFormContext();
  return <NativeSelect label={t(`phonebots.fields.${name}`)} data={options} {...form.getInputProps(name)} />;
}

export function FlagField({ name }: FieldProps) {
  const { t } = useTranslation();
  const form = usePhonebotFormContext();
  return <Switch label={t(`phonebots.fields.${name}`)} {...form.getInputProps(name, { type: 'checkbox' })} />;
}

type NumberFieldProps = FieldProps & { min: number; max: number; step?: number; decimal?: boolean };

/**
 * The bounds are the shared ones (PHONEBOT_LIMITS), shown as the input's min/max and as its description. A value
 * out of range is not clamped silently: the schema's message says what is wrong, under the field.
 */
export function NumberField({ name, min, max, step = 1, decimal = false }: NumberFieldProps) {
  const { t } = useTranslation();
  const form = usePhonebotFormContext();
  return (
    <NumberInput
      label={t(`phonebots.fields.${name}`)}
      description={t('phonebots.form.range', { min, max })}
      min={min}
      max={max}
      step={step}
      allowDecimal={decimal}
      allowNegative={false}
      clampBehavior="none"
      {...form.getInputProps(name)}
    />
  );
}

type SecretFieldProps = FieldProps<PhonebotSecret> & {
  /** A value is stored: the empty input keeps it. */
  stored: boolean;
  description?: string;
};

/** A third-party secret: never shown; on edit the empty input says "unchanged" and saving it empty keeps it. */
export function SecretField({ name, stored, description }: SecretFieldProps) {
  const { t } = useTranslation();
  const form = usePhonebotFormContext();
  return (
    <PasswordField
      label={t(`phonebots.fields.${name}`)}
      placeholder={stored ? t('phonebots.form.unchanged') : undefined}
      description={description ?? (stored ? t('phonebots.form.secretHint') : undefined)}
      // Browsers must not fill the user's own login password into a SIP or mail password.
      autoComplete="new-password"
      {...form.getInputProps(name)}
    />
  );
}
