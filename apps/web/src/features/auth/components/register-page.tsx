import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/form/password-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { errorText, fieldErrors } from '../../../lib/api-errors';
import { currentLanguage, translateText } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { register } from '../api';
import { lazyRegisterSchema } from '../schemas';
import { AuthCard } from './auth-card';

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm(lazyRegisterSchema, {
    company_name: '',
    name: '',
    email: '',
    password: '',
    confirmPassword: '',
  });

  const handleSubmit = form.onSubmit(async (input) => {
    try {
      await register({
        company_name: input.company_name,
        name: input.name,
        email: input.email,
        password: input.password,
        password_confirmation: input.confirmPassword,
        // The new account's screens and mails follow the language of this page.
        language: currentLanguage(),
      });
    } catch (error) {
      if (isApiError(error, 409)) {
        form.setErrors({ email: 'emailExists' });
        notifyError(t('emailExists'));
        return;
      }
      const fields = fieldErrors(error, { password_confirmation: 'confirmPassword' });
      form.setErrors(fields);
      if (Object.keys(fields).length === 0) notifyError(translateText(t, errorText(error)));
      return;
    }
    // The user must verify the e-mail before the first login, so this message stays until closed.
    notifySuccess(t('registered'), { long: true });
    await navigate('/login');
  });

  return (
    <AuthCard title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('auth.companyName')}
            autoComplete="organization"
            {...form.getInputProps('company_name')}
          />
          <TextInput label={t('auth.contactPerson')} autoComplete="name" {...form.getInputProps('name')} />
          <TextInput label={t('auth.email')} type="email" autoComplete="email" {...form.getInputProps('email')} />
          <PasswordField label={t('auth.password')} autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordField
            label={t('auth.confirmPassword')}
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={form.submitting}>
            {t('auth.signUp')}
          </Button>
        </Stack>
      </form>
      <Group gap={6} justify="center">
        <Text size="sm">{t('auth.haveAccount')}</Text>
        <Anchor component={Link} to="/login" size="sm" fw={600}>
          {t('auth.signIn')}
        </Anchor>
      </Group>
    </AuthCard>
  );
}
