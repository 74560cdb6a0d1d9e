import { Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TextWithPhoneLink } from '../../../components/phone-link';
import { QueryState } from '../../../components/query-state';
import { formatCallDate } from '../../../lib/dates';
import { callerTimelineQuery, type fetchCallerTimeline } from '../api';
import { messagePreview } from '../call-rows';

/** Every call of the number in the company, newest first; the open one is marked, the others open on a click. */
export function CallerTimeline({
  number,
  currentId,
  onOpen,
}: {
  number: string;
  currentId: number;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  const timeline = useQuery(callerTimelineQuery(number));
  return (
    <QueryState query={timeline} loading={<Skeleton height={60} />}>
      {({ calls }) => (
        <>
          <Text size="sm" data-timeline-number>
            <TextWithPhoneLink text={t('attempts.timelineOf', { number })} number={number} />
          </Text>
          <TimelineList calls={calls} currentId={currentId} onOpen={onOpen} />
        </>
      )}
    </QueryState>
  );
}

type TimelineCall = Awaited<ReturnType<typeof fetchCallerTimeline>>['calls'][number];

function TimelineList({
  calls,
  currentId,
  onOpen,
}: {
  calls: TimelineCall[];
  currentId: number;
  onOpen: (id: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-timeline>
      {calls.length <= 1 && (
        <Text size="sm" c="dimmed" component="li">
          {t('inbox.detail.timelineEmpty')}
        </Text>
      )}
      {calls.length > 1 &&
        calls.map((item) => {
          const time = formatCallDate(item.created_at, language);
          return (
            <Paper
              key={item.id}
              withBorder
              p="xs"
              component="li"
              bg={item.id === currentId ? 'var(--mantine-color-default-hover)' : undefined}
            >
              <Group gap="xs" justify="space-between" wrap="wrap">
                {item.id === currentId ? (
                  <Text size="sm" fw={700}>
                    {time} · {t('inbox.detail.thisCall')}
                  </Text>
                ) : (
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    fw={700}
                    aria-label={t('inbox.detail.openOther', { time })}
                    onClick={() => onOpen(item.id)}
                  >
                    {time}
                  </Anchor>
                )}
                <Text size="xs" c="dimmed">
                  {t(`calls.statuses.${item.status}`)} · {t(`calls.priorities.${item.priority}`)}
                </Text>
              </Group>
              {item.message && (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {messagePreview(item.message)}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {t('inbox.detail.timelineSummary', { notes: item.notes.length, sms: item.sms.length })}
              </Text>
            </Paper>
          );
        })}
    </Stack>
  );
}
