import type { ReactNode } from 'react';
import { Badge, Button, CloseButton, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconMessage } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isWithheldNumber } from '@phonebot/shared/calls';
import { TextWithPhoneLink } from '../../../components/phone-link';
import { QueryState } from '../../../components/query-state';
import { formatCallDate } from '../../../lib/dates';
import { CallerRightsForCall } from './caller-rights-for-call';
import { type CallRow, callDetailQuery } from '../api';
import { CallActionsPanel } from './call-actions-panel';
import { CallbackAttempts } from './callback-attempts';
import { CallbackState, RepeatBadge } from './call-badges';
import { Conversation, SmsList } from './call-history';
import { CallSummary } from './call-summary';
import { CallerTimeline } from './caller-timeline';
import { CallNotes } from './notes-modal';
import { RecordingPlayer } from './recording-player';
import type { CallActions } from './use-call-actions';
import type { Viewer } from './viewer';

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

  const body = (
    <QueryState query={detail} loading={<Skeleton height={320} />}>
      {(call) => (
        <Stack gap="lg">
          <Stack gap={4}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
                <TextWithPhoneLink
                  text={t('inbox.detail.title', { caller: call.caller_number })}
                  number={call.caller_number}
                />
              </Title>
              <RepeatBadge row={call} t={t} />
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
            <CallbackState row={call} t={t} language={language} />
          </Stack>

          {canManage ? (
            <CallActionsPanel call={call} viewer={props.viewer} actions={props.actions} onSnooze={props.onSnooze} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('inbox.detail.readOnly')}
            </Text>
          )}

          <CallbackAttempts key={call.id} call={call} canManage={canManage} />
          <CallSummary call={call} />
          <Section title={t('inbox.detail.conversation')}>
            <RecordingPlayer call={call}>
              <Conversation turns={call.response} />
            </RecordingPlayer>
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
      )}
    </QueryState>
  );

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
