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

/** The period's headline numbers: calls, median time to complete, calls overdue now, the callback attempts. */
export function Figures({ meta }: { meta: CallStatsMeta | undefined }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
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
      <AttemptFigures meta={meta} />
    </SimpleGrid>
  );
}

/** The callback attempts of the period: how often a callback reached the caller, and attempts per completed call. */
function AttemptFigures({ meta }: { meta: CallStatsMeta | undefined }) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const attempts = meta?.attempts;
  const percent = new Intl.NumberFormat(i18n.resolvedLanguage, { style: 'percent', maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(i18n.resolvedLanguage, { maximumFractionDigits: 1 });
  return (
    <>
      <Figure
        label={t('insights.reachRate')}
        value={meta && (attempts?.reach_rate == null ? t('insights.noAttempts') : percent.format(attempts.reach_rate))}
        hint={
          attempts && attempts.recorded > 0
            ? t('insights.reachHint', {
                reached: formats.number(attempts.reached),
                recorded: formats.number(attempts.recorded),
              })
            : undefined
        }
      />
      <Figure
        label={t('insights.attemptsPerCompleted')}
        value={
          meta &&
          (attempts?.per_completed_call == null
            ? t('insights.noneCompleted')
            : decimal.format(attempts.per_completed_call))
        }
        hint={
          attempts && meta
            ? t('insights.attemptsHint', {
                attempts: formats.number(attempts.total),
                completed: formats.number(meta.completed),
              })
            : undefined
        }
      />
    </>
  );
}
