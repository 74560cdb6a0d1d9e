import { Button, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { registerTranslations } from '../../../lib/i18n';
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

  const content = (
    <QueryState query={admin}>
      {(found) => (
        <Stack gap="xl">
          <GuestsTable guests={found.users} />
          <GuestPhonebotsTable phonebots={found.vbots} />
        </Stack>
      )}
    </QueryState>
  );

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
