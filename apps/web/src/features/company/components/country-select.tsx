import { useMemo } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PHONE_COUNTRIES } from '@phonebot/shared/customers';
import { intlLocale } from '../../../lib/dates';
import { registerTranslations } from '../../../lib/i18n';
import { companyTranslations } from '../locales';

registerTranslations(companyTranslations);

/** The countries whose phone numbers the call search reads, named in the interface language. */
function useCountryOptions() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const names = new Intl.DisplayNames([intlLocale(language)], { type: 'region' });
    return Object.keys(PHONE_COUNTRIES)
      .map((code) => ({ value: code, label: names.of(code) ?? code }))
      .sort((a, b) => a.label.localeCompare(b.label, language));
  }, [language]);
}

/**
 * A company's `default_country` (how the call search reads a number without its country code), with the Company
 * Profile's label and hint; the form's input props (value, onChange, error) are passed through.
 */
export function CountrySelect(props: Omit<SelectProps, 'data' | 'label' | 'description'>) {
  const { t } = useTranslation();
  const countries = useCountryOptions();
  return (
    <Select
      label={t('company.fields.defaultCountry')}
      description={t('company.defaultCountryHint')}
      data={countries}
      searchable
      allowDeselect={false}
      {...props}
    />
  );
}
