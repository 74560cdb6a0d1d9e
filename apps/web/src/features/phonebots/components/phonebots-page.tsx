import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can } from '@phonebot/shared';
import { QueryState } from '../../../components/query-state';
import { registerTranslations } from '../../../lib/i18n';
import { useRole } from '../../auth';
import { useCompanyPhonebots } from '../api';
import { phonebotsTranslations } from '../locales';
import { CompanyPhonebotsTable } from './company-phonebots-table';

registerTranslations(phonebotsTranslations);

/** /vbots: the company's phonebots (admin and adminuser), with Add Phonebot for those who may manage them. */
export function PhonebotsPage() {
  const { t } = useTranslation();
  const role = useRole();
  const phonebots = useCompanyPhonebots();

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{t('pages.phonebots')}</Title>
        {can(role.data, 'phonebots.manage') && (
          <Button component={Link} to="/addvbot" leftSection={<IconPlus size={18} aria-hidden />}>
            {t('phonebots.list.add')}
          </Button>
        )}
      </Group>
      <QueryState query={phonebots}>
        {(list) => (
          <Paper withBorder>
            <CompanyPhonebotsTable phonebots={list} editPath={(key) => `/editvbot/${encodeURIComponent(key)}`} />
          </Paper>
        )}
      </QueryState>
    </Stack>
  );
}
