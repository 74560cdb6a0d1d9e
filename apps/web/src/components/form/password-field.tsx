import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's visibility toggle is labelled "Toggle password visibility", which makes a search by the label
 * "Password" ambiguous for assistive tools and tests; this label does not repeat the field's name.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': t('common.showHideCharacters') }}
      // Mantine marks other inputs with an error as invalid for screen readers, but not this one.
      aria-invalid={Boolean(props.error)}
      {...props}
    />
  );
}
