import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { RetryAlert } from '../../../components/retry-alert';
import { errorText } from '../../../lib/api-errors';
import { registerTranslations, translateText } from '../../../lib/i18n';
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
      {phonebots.isError ? (
        <RetryAlert
          message={translateText(t, errorText(phonebots.error))}
          onRetry={() => void phonebots.refetch()}
          retrying={phonebots.isFetching}
        />
      ) : phonebots.isPending ? (
        <PageLoader />
      ) : (
        <Paper withBorder>
          <CompanyPhonebotsTable
            phonebots={phonebots.data}
            editPath={(key) => `/vbotbyguest/${encodeURIComponent(key)}`}
          />
        </Paper>
      )}
    </Stack>
  );
}
