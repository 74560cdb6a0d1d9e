import type { ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Button,
  CloseButton,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconCheck,
  IconClockPause,
  IconMessage,
  IconTrash,
  IconUserCheck,
  IconUserMinus,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isWithheldNumber } from '@phonebot/shared/calls';
import { QueryError } from '../../../components/query-state';
import { formatCallDate } from '../../../lib/dates';
import { CallerRightsForCall } from '../../caller-rights/components/caller-rights-actions';
import { type CallRow, assigneesQuery, callDetailQuery, callerTimelineQuery } from '../api';
import { isSnoozed, messagePreview } from '../call-rows';
import { CallbackState, RepeatBadge } from './call-badges';
import { Conversation, SmsList } from './call-history';
import { CategorySelect, PrioritySelect, StatusSelect } from './calls-table';
import { CallNotes } from './notes-modal';
import type { CallActions } from './use-call-actions';

/** Who is looking: what the role may do with assignments, and the user's id for "assign to me". */
export type Viewer = {
  userId: number | undefined;
  /** Admins and adminusers assign anyone of the company; operators only themselves. */
  assignAny: boolean;
  /** Admins and adminusers pick the assignee from the company's users (the picker lists them). */
  pickAssignee: boolean;
  /** Admins and adminusers add phonebots (the empty inbox leads there). */
  managePhonebots: boolean;
};

type CallDetailProps = {
  callId: number;
  canManage: boolean;
  viewer: Viewer;
  actions: CallActions;
  /** Below 1200 px the detail is a page of its own with a way back; beside the list it has a close button. */
  asPage: boolean;
  onClose: () => void;
  onOpen: (id: number) => void;
  onSms: (row: CallRow) => void;
  onSnooze: (row: CallRow) => void;
  noteInputId: string;
};

/** The id of the notes field of the open call, so the n key can reach it. */
export const noteFieldId = (callId: number) => `call-${callId}-note`;

/**
 * One call: its callback state and actions, the conversation as a chat, its notes and SMS, and the caller's other
 * calls. Beside the list from 1200 px; a page of its own below.
 */
export function CallDetail(props: CallDetailProps) {
  const { callId, canManage, asPage, onClose } = props;
  const { t, i18n } = useTranslation();
  const detail = useQuery(callDetailQuery(callId));
  const language = i18n.resolvedLanguage ?? 'en';

  const header = (
    <Group justify={asPage ? 'flex-start' : 'flex-end'} gap="xs">
      {asPage ? (
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onClose}>
          {t('inbox.detail.back')}
        </Button>
      ) : (
        <CloseButton aria-label={t('inbox.detail.close')} onClick={onClose} />
      )}
    </Group>
  );

  let body: ReactNode;
  if (detail.isPending) body = <Skeleton height={320} />;
  else if (detail.isError) body = <QueryError query={detail} />;
  else {
    const call = detail.data;
    body = (
      <Stack gap="lg">
        <Stack gap={4}>
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {t('inbox.detail.title', { caller: call.caller_number })}
            </Title>
            <RepeatBadge row={call} />
            <Badge variant="light" color={call.status === 'Completed' ? 'green' : 'portal'}>
              {t(`calls.statuses.${call.status}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t('inbox.detail.received', {
              time: formatCallDate(call.created_at, language),
              phonebot: call.bezeichnung,
            })}
          </Text>
          <CallbackState row={call} />
        </Stack>

        {canManage ? (
          <CallActionsPanel {...props} call={call} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('inbox.detail.readOnly')}
          </Text>
        )}

        <Section title={t('inbox.detail.conversation')}>
          <Conversation turns={call.response} />
        </Section>
        <Section title={t('inbox.detail.notes')}>
          <CallNotes key={call.id} callId={call.id} canManage={canManage} inputId={props.noteInputId} />
        </Section>
        <Section title={t('inbox.detail.sms')}>
          {call.sms.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('inbox.detail.smsEmpty')}
            </Text>
          ) : (
            <SmsList sms={call.sms} />
          )}
          {canManage && (
            <Button
              variant="light"
              leftSection={<IconMessage size={16} aria-hidden />}
              onClick={() => props.onSms(call)}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('inbox.detail.sendSms')}
            </Button>
          )}
        </Section>
        <Section title={t('inbox.detail.timeline')}>
          {isWithheldNumber(call.caller_number) ? (
            // A withheld number ('anonymous') is nobody's: its calls are no one caller's history or data.
            <Text size="sm" c="dimmed" data-timeline-withheld>
              {t('inbox.detail.timelineWithheld')}
            </Text>
          ) : (
            <>
              <CallerTimeline number={call.caller_number} currentId={call.id} onOpen={props.onOpen} />
              <CallerRightsForCall callId={call.id} onErased={onClose} />
            </>
          )}
        </Section>
      </Stack>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-label={t('inbox.detail.label')} data-call-detail={callId}>
      {header}
      {body}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Status, priority, category, assignment, snooze, complete and delete, as the role allows. */
function CallActionsPanel({ call, viewer, actions, onSnooze }: CallDetailProps & { call: CallRow }) {
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

/** Every call of the number in the company, newest first; the open one is marked, the others open on a click. */
function CallerTimeline({
  number,
  currentId,
  onOpen,
}: {
  number: string;
  currentId: number;
  onOpen: (id: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const timeline = useQuery(callerTimelineQuery(number));
  const language = i18n.resolvedLanguage ?? 'en';
  if (timeline.isPending) return <Skeleton height={60} />;
  if (timeline.isError) return <QueryError query={timeline} />;
  const calls = timeline.data.calls;
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
