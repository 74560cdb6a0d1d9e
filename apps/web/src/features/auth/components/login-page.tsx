import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role } from '@phonebot/shared/constants';
import { PasswordField } from '../../../components/form/password-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-token';
import { errorText, fieldErrors, type ErrorText } from '../../../lib/api-errors';
import { translateText } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { fetchRole, login } from '../api';
import { lazyLoginSchema } from '../schemas';
import { AuthCard } from './auth-card';

type LoginPageProps = {
  /** Where to go after login, given the role and the returnUrl query value (the route table lives in app/). */
  resolveLanding: (role: Role, returnUrl: string | null) => string;
};

export function LoginPage({ resolveLanding }: LoginPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // A refusal that the user must act on (verify the e-mail, wait for activation) stays on screen, unlike a toast.
  const [refusal, setRefusal] = useState<ErrorText | null>(null);
  const form = useZodForm(lazyLoginSchema, { email: '', password: '' });

  const verified = params.get('verified');
  const emailChanged = params.get('emailChanged');
  const returnUrl = params.get('returnUrl');

  const handleSubmit = form.onSubmit(async (values) => {
    setRefusal(null);
    try {
      setToken((await login(values)).access_token);
    } catch (error) {
      const fields = fieldErrors(error);
      form.setErrors(fields);
      if (isApiError(error, 403)) setRefusal(errorText(error));
      else if (Object.keys(fields).length === 0) notifyError(translateText(t, errorText(error, 'invalidCredentials')));
      return;
    }
    let target = '/';
    try {
      target = resolveLanding(await fetchRole(), returnUrl);
    } catch {
      // Signed in but the role is unknown: the home route shows a retry notice.
    }
    await navigate(target, { replace: true });
  });

  return (
    <AuthCard title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
      {verified === '1' && (
        <Alert color="green" role="status">
          {t('emailVerified')}
        </Alert>
      )}
      {verified === '0' && (
        <Alert color="red" role="alert">
          {t('verifyLinkInvalid')}
        </Alert>
      )}
      {emailChanged === '1' && (
        <Alert color="green" role="status">
          {t('emailChanged')}
        </Alert>
      )}
      {emailChanged === '0' && (
        <Alert color="red" role="alert">
          {t('verifyLinkInvalid')}
        </Alert>
      )}
      {refusal !== null && (
        <Alert color="red" role="alert">
          {translateText(t, refusal)}
        </Alert>
      )}
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput label={t('auth.email')} type="email" autoComplete="username" {...form.getInputProps('email')} />
          <PasswordField
            label={t('auth.password')}
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={form.submitting}>
            {t('auth.login')}
          </Button>
        </Stack>
      </form>
      <Stack gap={4} align="center">
        <Group gap={6} justify="center">
          <Text size="sm">{t('auth.noAccount')}</Text>
          <Anchor component={Link} to="/signup" size="sm" fw={600}>
            {t('auth.signUp')}
          </Anchor>
        </Group>
        <Group gap={6} justify="center">
          <Text size="sm">{t('auth.forgotPassword')}</Text>
          <Anchor component={Link} to="/password-forgot" size="sm" fw={600}>
            {t('auth.recoverPassword')}
          </Anchor>
        </Group>
      </Stack>
    </AuthCard>
  );
}
