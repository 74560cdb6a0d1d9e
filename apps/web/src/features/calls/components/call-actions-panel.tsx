import type { ReactNode } from 'react';
import { Button, Group, NativeSelect, Stack } from '@mantine/core';
import { IconCheck, IconClockPause, IconTrash, IconUserCheck, IconUserMinus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type CallRow, assigneesQuery } from '../api';
import { isSnoozed } from '../call-rows';
import { CategorySelect, PrioritySelect, StatusSelect } from './call-selects';
import type { CallActions } from './use-call-actions';
import type { Viewer } from './viewer';

/** Status, priority, category, assignment, snooze, complete and delete, as the role allows. */
type CallActionsPanelProps = {
  call: CallRow;
  viewer: Viewer;
  actions: CallActions;
  onSnooze: (row: CallRow) => void;
};

export function CallActionsPanel({ call, viewer, actions, onSnooze }: CallActionsPanelProps) {
  const { t } = useTranslation();
  const users = useQuery({ ...assigneesQuery(), enabled: viewer.pickAssignee });
  const mine = viewer.userId !== undefined && call.assignee_id === String(viewer.userId);
  const snoozed = isSnoozed(call);

  let assignment: ReactNode;
  if (viewer.pickAssignee && users.data) {
    assignment = (
      <NativeSelect
        label={t('inbox.detail.assignee')}
        value={call.assignee_id ?? ''}
        onChange={(event) => {
          const value = event.currentTarget.value;
          void actions.assign(call, value === '' ? null : Number(value));
        }}
        data={[
          { value: '', label: t('inbox.detail.nobody') },
          ...users.data.map((user) => ({ value: String(user.id), label: user.name })),
        ]}
      />
    );
  } else {
    const mayTake = viewer.userId !== undefined && !mine && (call.assignee_id === null || viewer.assignAny);
    const mayRelease = call.assignee_id !== null && (mine || viewer.assignAny);
    assignment = (
      <Group gap="xs" wrap="wrap">
        {mayTake && (
          <Button
            variant="light"
            leftSection={<IconUserCheck size={16} aria-hidden />}
            onClick={() => void actions.assign(call, viewer.userId ?? null)}
          >
            {t('inbox.detail.assignMe')}
          </Button>
        )}
        {mayRelease && (
          <Button
            variant="default"
            leftSection={<IconUserMinus size={16} aria-hidden />}
            onClick={() => void actions.assign(call, null)}
          >
            {t('inbox.detail.release')}
          </Button>
        )}
      </Group>
    );
  }

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <StatusSelect row={call} actions={actions} labelled />
        <PrioritySelect row={call} actions={actions} labelled />
        <CategorySelect row={call} actions={actions} labelled />
        {viewer.pickAssignee && assignment}
      </Group>
      <Group gap="xs" wrap="wrap">
        {!viewer.pickAssignee && assignment}
        {viewer.pickAssignee && viewer.userId !== undefined && !mine && (
          <Button
            variant="light"
            leftSection={<IconUserCheck size={16} aria-hidden />}
            onClick={() => void actions.assign(call, viewer.userId ?? null)}
          >
            {t('inbox.detail.assignMe')}
          </Button>
        )}
        {call.status !== 'Completed' &&
          (snoozed ? (
            <Button
              variant="default"
              leftSection={<IconClockPause size={16} aria-hidden />}
              onClick={() => void actions.snooze(call, null)}
            >
              {t('inbox.detail.wake')}
            </Button>
          ) : (
            <Button
              variant="default"
              leftSection={<IconClockPause size={16} aria-hidden />}
              onClick={() => onSnooze(call)}
            >
              {t('inbox.detail.snooze')}
            </Button>
          ))}
        {call.status !== 'Completed' && (
          <Button
            color="green"
            leftSection={<IconCheck size={16} aria-hidden />}
            onClick={() => void actions.markCompleted(call)}
          >
            {t('inbox.detail.complete')}
          </Button>
        )}
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => void actions.remove(call)}
        >
          {t('inbox.detail.delete')}
        </Button>
      </Group>
    </Stack>
  );
}
