import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { PasswordField } from '../../../components/form/password-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/api-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { passwordLinkKind, resetPassword } from '../api';
import { lazyResetSchema } from '../schemas';
import { AuthCard } from './auth-card';

/** What the link is for, as the server tells: loading, a reset, an invitation, or a link that no longer works. */
type LinkState = 'checking' | 'reset' | 'invite' | 'invalid';

/**
 * Asks the server what the link is for before the form shows, so an invited user reads "Set your password" and a
 * dead link says so at once. When the server cannot be reached the form shows as a reset.
 */
function useLinkState(email: string, token: string): LinkState {
  const missing = email === '' || token === '';
  const [state, setState] = useState<LinkState>(missing ? 'invalid' : 'checking');
  useEffect(() => {
    if (missing) return;
    let current = true;
    passwordLinkKind({ email, token })
      .then((kind) => current && setState(kind))
      .catch((error: unknown) => current && setState(isApiError(error, 422) ? 'invalid' : 'reset'));
    return () => {
      current = false;
    };
  }, [missing, email, token]);
  return missing ? 'invalid' : state;
}

/** The form reached from a reset or invitation mail, which carries the address and the one-time token. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useZodForm(lazyResetSchema, { newPassword: '', confirmPassword: '' });
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const linkState = useLinkState(email, token);
  const [linkRefused, setLinkRefused] = useState(false);
  const invitation = linkState === 'invite';
  const linkInvalid = linkRefused || linkState === 'invalid';

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
    notifySuccess(t(invitation ? 'auth.passwordSet' : 'passwordChanged'));
    await navigate('/login');
  });

  const title = invitation ? t('auth.setPasswordTitle') : t('auth.resetTitle');
  let subtitle: string | undefined;
  if (!linkInvalid && linkState !== 'checking')
    subtitle = t(invitation ? 'auth.setPasswordSubtitle' : 'auth.resetSubtitle', { email });

  let body;
  if (linkInvalid) {
    body = (
      <>
        <Alert color="red" role="alert">
          {t('resetLinkInvalid')}
        </Alert>
        <Button component={Link} to="/password-forgot" variant="light">
          {t('auth.requestNewLink')}
        </Button>
      </>
    );
  } else if (linkState === 'checking') {
    body = <PageLoader />;
  } else {
    body = (
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
            {invitation ? t('auth.setPassword') : t('auth.changePassword')}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <AuthCard title={title} subtitle={subtitle}>
      {body}
      <Anchor component={Link} to="/login" size="sm" fw={600} ta="center">
        {t('auth.backToLogin')}
      </Anchor>
    </AuthCard>
  );
}
