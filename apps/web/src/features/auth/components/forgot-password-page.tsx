import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '../../../components/form/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/api-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { forgotPassword } from '../api';
import { lazyForgotSchema } from '../schemas';
import { AuthCard } from './auth-card';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm(lazyForgotSchema, { email: '' });

  const handleSubmit = form.onSubmit(async ({ email }) => {
    try {
      await forgotPassword({ email, redirect_url: `${window.location.origin}/password-reset` });
    } catch (error) {
      form.setErrors(fieldErrors(error));
      notifyError(t(isApiError(error, 429) ? 'tooManyRequests' : 'somethingWrong'));
      return;
    }
    notifySuccess(t('emailSent'));
    await navigate('/login');
  });

  return (
    <AuthCard title={t('auth.forgotTitle')}>
      <Text c="dimmed">{t('auth.forgotNote')}</Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput label={t('auth.email')} type="email" autoComplete="email" {...form.getInputProps('email')} />
          <Button type="submit" fullWidth loading={form.submitting}>
            {t('auth.send')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/login" size="sm" fw={600} ta="center">
        {t('auth.backToLogin')}
      </Anchor>
    </AuthCard>
  );
}
