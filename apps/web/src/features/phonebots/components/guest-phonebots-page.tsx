import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { registerTranslations } from '../../../lib/i18n';
import { useCompanyPhonebots } from '../api';
import { phonebotsTranslations } from '../locales';
import { CompanyPhonebotsTable } from './company-phonebots-table';

registerTranslations(phonebotsTranslations);

/** /vbotsforGuest: the phonebots of the guest's company; a guest edits only the greeting and the prompt. */
export function GuestPhonebotsPage() {
  const { t } = useTranslation();
  const phonebots = useCompanyPhonebots();

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.guestPhonebots')}</Title>
      <QueryState query={phonebots}>
        {(list) => (
          <Paper withBorder>
            <CompanyPhonebotsTable phonebots={list} editPath={(key) => `/vbotbyguest/${encodeURIComponent(key)}`} />
          </Paper>
        )}
      </QueryState>
    </Stack>
  );
}
