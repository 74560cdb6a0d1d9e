import { Button, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { RetryAlert } from '../../../components/retry-alert';
import { errorText } from '../../../lib/api-errors';
import { registerTranslations, translateText } from '../../../lib/i18n';
import { guestAdminQuery } from '../api';
import { guestsTranslations } from '../locales';
import { AddGuestModal } from './add-guest-modal';
import { GuestPhonebotsTable } from './guest-phonebots-table';
import { GuestsTable } from './guests-table';

registerTranslations(guestsTranslations);

/** Guest Administration (docs/product.md §4): the guests and every phonebot, each list searched and paged in the browser. */
export function GuestAdminPage() {
  const { t } = useTranslation();
  const admin = useQuery(guestAdminQuery());
  const [adding, addModal] = useDisclosure(false);

  let content;
  if (admin.isPending) {
    content = <PageLoader />;
  } else if (admin.isError) {
    content = (
      <RetryAlert
        message={translateText(t, errorText(admin.error))}
        onRetry={() => void admin.refetch()}
        retrying={admin.isFetching}
      />
    );
  } else {
    content = (
      <Stack gap="xl">
        <GuestsTable guests={admin.data.users} />
        <GuestPhonebotsTable phonebots={admin.data.vbots} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{t('pages.guestAdministration')}</Title>
        <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={addModal.open}>
          {t('guests.add.button')}
        </Button>
      </Group>
      {content}
      <AddGuestModal opened={adding} onClose={addModal.close} />
    </Stack>
  );
}
