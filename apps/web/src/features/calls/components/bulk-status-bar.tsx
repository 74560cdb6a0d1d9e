import { useState } from 'react';
import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { IconClockPause, IconUserCheck, IconUserMinus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CALL_STATUSES, type CallStatus } from '@phonebot/shared/calls';
import { assigneesQuery } from '../api';
import type { Viewer } from './viewer';
import { BulkFields } from './bulk-fields';
import type { CallActions } from './use-call-actions';

type BulkStatusBarProps = {
  /** The selected calls that are on screen. */
  selectedIds: number[];
  actions: CallActions;
  onDone: () => void;
  /** Bulk assign and snooze; left out where the screen offers bulk status only. */
  viewer?: Viewer | undefined;
  onSnooze?: (ids: number[]) => void;
  /** The categories the selected calls may take (their phonebots' terms), for the bulk category. */
  categories?: string[];
};

/**
 * The bulk verbs of a selection: set one status on every selected call (docs/product.md §4, §7 'You must select a
 * status'), assign them (to me, or for admins to anyone of the company), release them, or snooze them.
 */
export function BulkStatusBar({ selectedIds, actions, onDone, viewer, onSnooze, categories = [] }: BulkStatusBarProps) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<CallStatus | ''>('');
  const [missing, setMissing] = useState(false);
  const [assignee, setAssignee] = useState('');
  const none = selectedIds.length === 0;
  const users = useQuery({ ...assigneesQuery(), enabled: viewer?.pickAssignee === true && !none });

  async function submit() {
    if (status === '') {
      setMissing(true);
      return;
    }
    if (await actions.bulkStatus(selectedIds, status)) {
      setStatus('');
      onDone();
    }
  }

  async function assign(to: number | null) {
    if (await actions.bulkAssign(selectedIds, to)) onDone();
  }

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('calls.bulk.status')}
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as CallStatus | '');
            setMissing(false);
          }}
          data={[
            { value: '', label: t('calls.bulk.placeholder') },
            ...CALL_STATUSES.map((value) => ({ value, label: t(`calls.statuses.${value}`) })),
          ]}
          error={missing ? t('statusRequired') : undefined}
        />
        <Button onClick={() => void submit()} disabled={none} loading={actions.bulkPending}>
          {t('calls.bulk.submit')}
        </Button>
      </Group>
      {/* The other verbs show once something is selected, so the list keeps its room. */}
      {!none && <BulkFields selectedIds={selectedIds} categories={categories} actions={actions} onDone={onDone} />}
      {viewer && !none && (
        <Group gap="xs" align="flex-end" wrap="wrap">
          {viewer.pickAssignee && users.data && (
            <>
              <NativeSelect
                label={t('inbox.bulk.assignee')}
                value={assignee}
                onChange={(event) => setAssignee(event.currentTarget.value)}
                data={[
                  { value: '', label: t('inbox.bulk.choose') },
                  ...users.data.map((user) => ({ value: String(user.id), label: user.name })),
                ]}
              />
              <Button
                variant="light"
                disabled={none || assignee === ''}
                onClick={() => void assign(Number(assignee)).then(() => setAssignee(''))}
              >
                {t('inbox.bulk.assign')}
              </Button>
            </>
          )}
          {viewer.userId !== undefined && (
            <Button
              variant="light"
              disabled={none}
              leftSection={<IconUserCheck size={16} aria-hidden />}
              onClick={() => void assign(viewer.userId ?? null)}
            >
              {t('inbox.bulk.assignMe')}
            </Button>
          )}
          <Button
            variant="default"
            disabled={none}
            leftSection={<IconUserMinus size={16} aria-hidden />}
            onClick={() => void assign(null)}
          >
            {t('inbox.bulk.release')}
          </Button>
          {onSnooze && (
            <Button
              variant="default"
              disabled={none}
              leftSection={<IconClockPause size={16} aria-hidden />}
              onClick={() => onSnooze(selectedIds)}
            >
              {t('inbox.bulk.snooze')}
            </Button>
          )}
        </Group>
      )}
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('calls.bulk.selected', { count: selectedIds.length })}
      </Text>
    </Group>
  );
}
