import { useState } from 'react';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/form/password-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/api-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { resetPassword } from '../api';
import { lazyResetSchema } from '../schemas';
import { AuthCard } from './auth-card';

/** The form reached from the e-mailed link, which carries the address and the one-time token in its query. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useZodForm(lazyResetSchema, { newPassword: '', confirmPassword: '' });
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const [linkRefused, setLinkRefused] = useState(false);
  const linkInvalid = linkRefused || email === '' || token === '';

  const handleSubmit = form.onSubmit(async (input) => {
    try {
      await resetPassword({ email, token, password: input.newPassword, password_confirmation: input.confirmPassword });
    } catch (error) {
      const fields = fieldErrors(error, { password: 'newPassword', password_confirmation: 'confirmPassword' });
      if (isApiError(error) && (error.code === 'resetLinkInvalid' || 'token' in fields || 'email' in fields)) {
        setLinkRefused(true);
        notifyError(t('resetLinkInvalid'));
        return;
      }
      form.setErrors(fields);
      notifyError(t(isApiError(error, 429) ? 'tooManyRequests' : 'somethingWrong'));
      return;
    }
    notifySuccess(t('passwordChanged'));
    await navigate('/login');
  });

  return (
    <AuthCard title={t('auth.resetTitle')} subtitle={linkInvalid ? undefined : t('auth.resetSubtitle', { email })}>
      {linkInvalid ? (
        <>
          <Alert color="red" role="alert">
            {t('resetLinkInvalid')}
          </Alert>
          <Button component={Link} to="/password-forgot" variant="light">
            {t('auth.requestNewLink')}
          </Button>
        </>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            <PasswordField
              label={t('auth.newPassword')}
              autoComplete="new-password"
              {...form.getInputProps('newPassword')}
            />
            <PasswordField
              label={t('auth.confirmPassword')}
              autoComplete="new-password"
              {...form.getInputProps('confirmPassword')}
            />
            <Button type="submit" fullWidth loading={form.submitting}>
              {t('auth.changePassword')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm" fw={600} ta="center">
        {t('auth.backToLogin')}
      </Anchor>
    </AuthCard>
  );
}
