import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { registerTranslations } from '../../../lib/i18n';
import { profileTranslations } from '../locales';
import { ChangePasswordForm } from './change-password-form';

registerTranslations(profileTranslations);

/**
 * Change Password of the company area (docs/product.md §4, admin and adminuser). It changes the signed-in user's own password,
 * like My profile's card, so it lives with the profile and shares its form.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>{t('pages.changePassword')}</Title>
      <Paper withBorder p="lg">
        <ChangePasswordForm variant="company" />
      </Paper>
      <Anchor component={Link} to="/companyprofile" size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          {t('profile.password.backToCompany')}
        </Group>
      </Anchor>
    </Stack>
  );
}
