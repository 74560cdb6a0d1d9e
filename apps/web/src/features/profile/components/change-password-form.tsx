import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/form/password-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { errorText, fieldErrors } from '../../../lib/api-errors';
import { translateText } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChangePassword } from '../api';
import { lazyChangePasswordSchema } from '../schemas';

type ChangePasswordFormProps = {
  /**
   * The same change (POST /change) on two screens with the spec's own wording each: My profile's card ("Password",
   * 'Password updated successfully!') and the company area's screen ("New password", 'Password Updated
   * Successfully', 'Issue In Current Password!').
   */
  variant: 'profile' | 'company';
};

/**
 * Current, new and confirmed password. The current password is asked on both screens (our addition on My profile):
 * a stolen session must not be able to take over the account.
 */
export function ChangePasswordForm({ variant }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useZodForm(lazyChangePasswordSchema, { cpsd: '', npsd: '', npsd_confirmation: '' });

  const handleSubmit = form.onSubmit(async (input) => {
    try {
      await change.mutateAsync(input);
    } catch (error) {
      form.setErrors(fieldErrors(error));
      if (isApiError(error, 429)) notifyError(t('tooManyRequests'));
      else if (variant === 'profile') notifyError(t('somethingWrong'));
      else if (isApiError(error) && error.code === 'currentPasswordIssue') notifyError(t('currentPasswordIssue'));
      else notifyError(translateText(t, errorText(error)));
      return;
    }
    form.reset();
    notifySuccess(t(variant === 'profile' ? 'passwordUpdated' : 'companyPasswordUpdated'));
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <PasswordField
          label={t('profile.password.current')}
          autoComplete="current-password"
          {...form.getInputProps('cpsd')}
        />
        <PasswordField
          label={t(variant === 'profile' ? 'profile.password.password' : 'profile.password.newPassword')}
          autoComplete="new-password"
          {...form.getInputProps('npsd')}
        />
        <PasswordField
          label={t('profile.password.confirm')}
          autoComplete="new-password"
          {...form.getInputProps('npsd_confirmation')}
        />
        <Text size="sm" c="dimmed">
          {t('profile.password.note')}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {t('profile.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
