import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CallStatsMeta } from '@phonebot/shared/insights';
import { durationParts } from '../links';

export function useFormats() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return {
    number: (value: number) => new Intl.NumberFormat(language).format(value),
    duration: (seconds: number) => {
      const { value, unit } = durationParts(seconds);
      return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
    },
  };
}

function Figure({ label, value, hint }: { label: string; value: string | undefined; hint?: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton height={32} width={80} mt={6} />
      ) : (
        <Text fz={28} fw={700} lh={1.2} mt={4}>
          {value}
        </Text>
      )}
      {hint && (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** The period's headline numbers: calls, median time to complete, calls overdue now. */
export function Figures({ meta }: { meta: CallStatsMeta | undefined }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      <Figure label={t('insights.total')} value={meta && formats.number(meta.total)} />
      <Figure
        label={t('insights.medianToComplete')}
        value={
          meta &&
          (meta.median_seconds_to_complete === null
            ? t('insights.noneCompleted')
            : formats.duration(meta.median_seconds_to_complete))
        }
      />
      <Figure
        label={t('insights.overdueNow')}
        value={meta && formats.number(meta.overdue_now)}
        hint={meta && t('insights.overdueHint')}
      />
    </SimpleGrid>
  );
}
