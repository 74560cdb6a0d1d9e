import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../../../components/not-found-page';
import { QueryState } from '../../../components/query-state';
import { useZodForm } from '../../../components/form/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { registerTranslations } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useGuestPhonebot, useUpdateGuestPhonebot } from '../api';
import { formErrorsOf } from '../form-errors';
import { phonebotsTranslations } from '../locales';
import type { PhonebotView } from '../api';
import { lazyGuestFormSchema } from '../schemas';
import { BackToList } from './back-to-list';
import { PhonebotTabs } from './phonebot-tabs';

registerTranslations(phonebotsTranslations);

/** /vbotbyguest/{key} ('Update Phonebot'): a guest changes the greeting (Ansagetext) and the prompt only. */
export function GuestPhonebotPage() {
  const { t } = useTranslation();
  const licenseKey = useParams().license_Key ?? '';
  const phonebot = useGuestPhonebot(licenseKey);

  if (isApiError(phonebot.error, 404)) return <NotFoundPage embedded />;

  return (
    <Stack gap="lg">
      <BackToList to="/vbotsforGuest" />
      <Title order={1}>{t('pages.updateGuestPhonebot')}</Title>
      <QueryState query={phonebot}>
        {(found) => (
          <PhonebotTabs licenseKey={licenseKey} guest>
            {(revision) => <GuestPhonebotForm key={`${licenseKey}:${revision}`} phonebot={found} />}
          </PhonebotTabs>
        )}
      </QueryState>
    </Stack>
  );
}

function GuestPhonebotForm({ phonebot }: { phonebot: PhonebotView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateGuestPhonebot();
  const form = useZodForm(lazyGuestFormSchema, {
    ansagetext: phonebot.ansagetext ?? '',
    prompt: phonebot.prompt ?? '',
  });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync({
        licenseKey: phonebot.license_Key,
        ansagetext: values.ansagetext ?? '',
        prompt: values.prompt ?? '',
      });
    } catch (error) {
      notifyError(t('phonebotUpdateError'));
      if (isApiError(error, 422)) form.setErrors(formErrorsOf(error));
      return;
    }
    notifySuccess(t('phonebotUpdated'));
    await navigate('/vbotsforGuest');
  });

  return (
    <Paper withBorder p="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text fw={700}>{phonebot.bezeichnung}</Text>
          <input type="hidden" name="id" value={phonebot.license_Key} />
          <Textarea label={t('phonebots.fields.ansagetext')} rows={2} {...form.getInputProps('ansagetext')} />
          <Textarea label={t('phonebots.fields.prompt')} rows={8} {...form.getInputProps('prompt')} />
          <Group justify="flex-end">
            <Button component={Link} to="/vbotsforGuest" variant="default">
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {t('phonebots.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
