import { Chip, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CallQueueCounts } from '@phonebot/shared/calls';
import type { CallListParams } from '../list-params';

export const QUEUES = ['all', 'mine', 'unassigned', 'overdue', 'important', 'snoozed'] as const;
export type Queue = (typeof QUEUES)[number];

/** The list filters of each quick filter; choosing one clears the others. */
export const QUEUE_FILTERS: Record<Queue, Partial<CallListParams>> = {
  all: {},
  mine: { assignee: 'me' },
  unassigned: { assignee: 'none' },
  overdue: { overdue: true },
  important: { priority: 'Important Callback' },
  snoozed: { snoozed: true },
};

const CLEARED: Partial<CallListParams> = {
  assignee: undefined,
  overdue: undefined,
  priority: undefined,
  snoozed: undefined,
};

/** The quick filter a list state is, or undefined when its filters are another mix (from a hand-made link). */
export function queueOf(params: CallListParams): Queue | undefined {
  return QUEUES.find((queue) => {
    const wanted = { ...CLEARED, ...QUEUE_FILTERS[queue] };
    return (Object.keys(wanted) as (keyof CallListParams)[]).every((key) => params[key] === wanted[key]);
  });
}

const COUNT_OF: Record<Queue, keyof CallQueueCounts> = {
  all: 'open',
  mine: 'mine',
  unassigned: 'unassigned',
  overdue: 'overdue',
  important: 'important',
  snoozed: 'snoozed',
};

type QueueChipsProps = {
  params: CallListParams;
  counts: CallQueueCounts | undefined;
  onChange: (patch: Partial<CallListParams>) => void;
};

/** All open, Mine, Unassigned, Overdue, Important, Snoozed: one at a time, each with its count. */
export function QueueChips({ params, counts, onChange }: QueueChipsProps) {
  const { t } = useTranslation();
  const current = queueOf(params) ?? '';
  return (
    <Group gap={6} role="radiogroup" aria-label={t('inbox.chips.label')} className="inbox-chips">
      <Chip.Group
        multiple={false}
        value={current}
        onChange={(value) => onChange({ ...CLEARED, ...QUEUE_FILTERS[value as Queue] })}
      >
        {QUEUES.map((queue) => (
          <Chip key={queue} value={queue} size="xs" variant="outline" color={queue === 'overdue' ? 'red' : 'portal'}>
            {t(`inbox.chips.${queue}`)}
            {counts !== undefined && (
              <>
                {' '}
                <span className="inbox-chip-count">{counts[COUNT_OF[queue]]}</span>
              </>
            )}
          </Chip>
        ))}
      </Chip.Group>
    </Group>
  );
}
