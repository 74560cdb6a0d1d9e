import type { ReactNode } from 'react';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { IconRobot, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/query-state';
import { registerTranslations } from '../../../lib/i18n';
import { useDashboardCounts } from '../api';
import { dashboardTranslations } from '../locales';
import { FirstSteps } from './first-steps';
import { StatCard } from './stat-card';

registerTranslations(dashboardTranslations);

type DashboardPageProps = {
  /** The company's first steps, for those who can take them (company admins); composed in app/. */
  checklist?: { canInvite: boolean };
  /** The company's call summary (company roles); composed in app/. */
  summary?: ReactNode;
};

/**
 * The home dashboard of docs/product.md §4: two stat cards, Total Users (the users Users lists) and Total Phonebots, and a new
 * company's first steps.
 */
export function DashboardPage({ checklist, summary }: DashboardPageProps) {
  const { t, i18n } = useTranslation();
  const counts = useDashboardCounts();
  const format = (value: number | undefined) =>
    value === undefined ? undefined : new Intl.NumberFormat(i18n.resolvedLanguage).format(value);

  return (
    <Stack gap="lg">
      <Title order={1}>{t('dashboard.title')}</Title>
      {checklist && <FirstSteps canInvite={checklist.canInvite} />}
      {counts.isError ? (
        <QueryError query={counts} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <StatCard
            label={t('dashboard.totalUsers')}
            value={format(counts.data?.user_count)}
            icon={<IconUsers size={28} />}
          />
          <StatCard
            label={t('dashboard.totalPhonebots')}
            value={format(counts.data?.phonebot_count)}
            icon={<IconRobot size={28} />}
          />
        </SimpleGrid>
      )}
      {summary}
    </Stack>
  );
}
