import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, currentLanguage, isLanguage, setLanguage } from '../../lib/i18n';

export function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('language.label')}
      size="xs"
      // Wide enough for "Deutsch" and "English" whole, next to the select's arrow.
      w={104}
      value={currentLanguage()}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguage(value)) void setLanguage(value);
      }}
      data={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
    />
  );
}
