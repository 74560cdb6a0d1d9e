import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { registerTranslations } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { PhonebotFields } from '@phonebot/shared/phonebots';
import { useCreatePhonebot } from '../api';
import { formErrorsOf } from '../form-errors';
import { phonebotsTranslations } from '../locales';
import { formValuesOf } from '../schemas';
import { BackToList } from './back-to-list';
import { BotTokenModal } from './bot-token-modal';
import { PhonebotForm } from './form/phonebot-form';

registerTranslations(phonebotsTranslations);

const INITIAL_VALUES = formValuesOf();

/** /addvbot: a new phonebot with the defaults of docs/product.md §9; its bot token is shown once, then the list. */
export function AddPhonebotPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreatePhonebot();
  const [botToken, setBotToken] = useState<string | null>(null);

  return (
    <Stack gap="lg">
      <BackToList to="/vbots" />
      <Title order={1}>{t('pages.addPhonebot')}</Title>
      <PhonebotForm
        mode="create"
        cancelTo="/vbots"
        initialValues={INITIAL_VALUES}
        onSubmit={async (values) => {
          try {
            // The add form's schema fills every field (its defaults for those left out).
            const created = await create.mutateAsync(values as PhonebotFields);
            notifySuccess(t('phonebotCreated'));
            setBotToken(created.bot_token);
          } catch (error) {
            notifyError(t('phonebotCreateError'));
            if (isApiError(error, 422)) return formErrorsOf(error);
          }
        }}
      />
      <BotTokenModal token={botToken} onClose={() => void navigate('/vbots')} />
    </Stack>
  );
}
