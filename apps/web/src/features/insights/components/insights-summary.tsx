import { Anchor, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { registerTranslations } from '../../../lib/i18n';
import { useCallStats } from '../api';
import { lastDays } from '../links';
import { insightsTranslations } from '../locales';
import { Figures } from './figures';

registerTranslations(insightsTranslations);

/** The home dashboard's summary of the last 30 days, without the charts (they load with the Insights screen only). */
export function InsightsSummary() {
  const { t } = useTranslation();
  const stats = useCallStats(lastDays(30));
  if (stats.isError) return null;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3">
          {t('insights.last30')}
        </Title>
        <Anchor component={Link} to="/insights">
          {t('insights.openInsights')}
        </Anchor>
      </Group>
      <Figures meta={stats.data?.meta} />
    </Stack>
  );
}
