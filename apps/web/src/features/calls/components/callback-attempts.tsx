import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPhone, IconPhoneCall } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ATTEMPT_NOTE_MAX_LENGTH,
  CALL_ATTEMPT_OUTCOMES,
  type CallAttemptOutcome,
  type CallAttemptResource,
  isWithheldNumber,
} from '@phonebot/shared/calls';
import { PhoneLink } from '../../../components/phone-link';
import { formatCallDate } from '../../../lib/dates';
import { registerTranslations } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { isApiError } from '../../../lib/api-client';
import { type CallSms, useMarkCompleted, useSnoozeCall } from '../api';
import { attemptsTranslations } from '../attempts-locales';
import { clickToCallQuery, retryChoices, useDial, useRecordAttempt } from '../attempts-api';

registerTranslations(attemptsTranslations);

/** What the attempts panel needs of the open call. */
export type AttemptsCall = {
  id: number;
  caller_number: string;
  status: string;
  attempts?: CallAttemptResource[] | undefined;
  unread_reply?: boolean | undefined;
  sms: readonly CallSms[];
};

/**
 * Calling the caller back: the number to call (a tel: link, or through the portal when Twilio is set up), the
 * attempts so far, the outcome buttons, and what comes next: completing a call that reached the caller, or a time
 * to try again. A caller's SMS reply that nobody read yet is shown on top.
 */
export function CallbackAttempts({ call, canManage }: { call: AttemptsCall; canManage: boolean }) {
  const { t } = useTranslation();
  // Reading the call marks the reply read on the server; the panel keeps saying it was new while it is open, also
  // for a reply that arrives while it is open (the live update reads the call again).
  const [newReply, setNewReply] = useState(call.unread_reply === true);
  if (call.unread_reply === true && !newReply) setNewReply(true);
  const reply = newReply ? [...call.sms].reverse().find((sms) => sms.direction === 'inbound') : undefined;
  const attempts = call.attempts ?? [];
  return (
    <Stack gap="xs" data-callback-attempts>
      {reply && (
        <Paper withBorder p="xs" data-new-reply>
          <Group gap="xs">
            <Badge color="orange" variant="filled" tt="none">
              {t('attempts.newReply')}
            </Badge>
            <Text size="xs" c="dimmed">
              {t('attempts.replyFrom', { number: reply.from ?? call.caller_number })}
            </Text>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {reply.message}
          </Text>
        </Paper>
      )}
      <Title order={3} size="h5">
        {t('attempts.title')}
      </Title>
      <CallButtons call={call} canManage={canManage} />
      <AttemptList attempts={attempts} />
      {canManage && <RecordAttempt call={call} />}
    </Stack>
  );
}

function CallButtons({ call, canManage }: { call: AttemptsCall; canManage: boolean }) {
  const { t } = useTranslation();
  const clickToCall = useQuery({ ...clickToCallQuery(), enabled: canManage });
  const dial = useDial();
  if (isWithheldNumber(call.caller_number)) return null;
  const label = t('attempts.callNumber', { number: call.caller_number });

  async function startDial() {
    try {
      await dial.mutateAsync(call.id);
      notifySuccess(t('attempts.dialing'));
    } catch (error) {
      notifyError(isApiError(error) && error.code ? t(error.code as 'dialFailed') : t('dialFailed'));
    }
  }

  return (
    <Group gap="xs" wrap="wrap">
      <Button
        component={PhoneLink}
        number={call.caller_number}
        variant="light"
        leftSection={<IconPhone size={16} aria-hidden />}
      >
        {label}
      </Button>
      {canManage && clickToCall.data === true && (
        <Button
          variant="default"
          leftSection={<IconPhoneCall size={16} aria-hidden />}
          loading={dial.isPending}
          title={t('attempts.dialHint')}
          onClick={() => void startDial()}
        >
          {t('attempts.dial')}
        </Button>
      )}
    </Group>
  );
}

function AttemptList({ attempts }: { attempts: CallAttemptResource[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  if (attempts.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('attempts.empty')}
      </Text>
    );
  }
  return (
    <Stack gap={4} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('attempts.title')}>
      {attempts.map(({ id, attributes: attempt }) => (
        <Paper key={id} withBorder p="xs" component="li" data-attempt={attempt.outcome ?? 'pending'}>
          <Text size="sm">
            {t('attempts.by', {
              outcome: attempt.outcome ? t(`attempts.outcomes.${attempt.outcome}`) : t('attempts.pending'),
              name: attempt.user_name ?? t('attempts.someone'),
              time: formatCallDate(attempt.created_at, language),
            })}
          </Text>
          {attempt.dial && (
            <Text size="xs" c="dimmed">
              {t('attempts.dialStatus', { status: attempt.dial.status })}
            </Text>
          )}
          {attempt.note && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {attempt.note}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

function RecordAttempt({ call }: { call: AttemptsCall }) {
  const { t } = useTranslation();
  const record = useRecordAttempt();
  const complete = useMarkCompleted();
  const snooze = useSnoozeCall();
  const [note, setNote] = useState('');
  const [next, setNext] = useState<'complete' | 'retry' | null>(null);

  async function save(outcome: CallAttemptOutcome) {
    try {
      await record.mutateAsync({ id: call.id, outcome, note });
      setNote('');
      notifySuccess(t('attempts.saved'));
      // Reached: the callback is done, if the call is not completed yet. Otherwise: when to try again.
      if (outcome === 'reached') setNext(call.status === 'Completed' ? null : 'complete');
      else setNext('retry');
    } catch {
      notifyError(t('serverError'));
    }
  }

  async function finish(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      notifySuccess(done);
      setNext(null);
    } catch {
      notifyError(t('serverError'));
    }
  }

  if (next === 'complete') {
    return (
      <Paper withBorder p="xs" data-next="complete">
        <Text size="sm" mb="xs">
          {t('attempts.completePrompt')}
        </Text>
        <Group gap="xs">
          <Button
            data-autofocus
            loading={complete.isPending}
            onClick={() => void finish(() => complete.mutateAsync(call.id), t('attempts.completed'))}
          >
            {t('attempts.complete')}
          </Button>
          <Button variant="default" onClick={() => setNext(null)}>
            {t('attempts.later')}
          </Button>
        </Group>
      </Paper>
    );
  }
  if (next === 'retry') {
    return (
      <Paper withBorder p="xs" data-next="retry">
        <Text size="sm" mb="xs">
          {t('attempts.retryPrompt')}
        </Text>
        <Group gap="xs" wrap="wrap">
          {retryChoices(new Date()).map((choice) => (
            <Button
              key={choice.key}
              variant="light"
              loading={snooze.isPending}
              onClick={() =>
                void finish(
                  () => snooze.mutateAsync({ id: call.id, until: choice.until.toISOString() }),
                  t('attempts.retrySet'),
                )
              }
            >
              {t(`attempts.retry.${choice.key}`)}
            </Button>
          ))}
          <Button variant="default" onClick={() => setNext(null)}>
            {t('attempts.later')}
          </Button>
        </Group>
      </Paper>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" fw={700}>
        {t('attempts.record')}
      </Text>
      <Group gap="xs" wrap="wrap">
        {CALL_ATTEMPT_OUTCOMES.map((outcome) => (
          <Button
            key={outcome}
            size="xs"
            variant={outcome === 'reached' ? 'filled' : 'light'}
            disabled={record.isPending}
            onClick={() => void save(outcome)}
          >
            {t(`attempts.outcomes.${outcome}`)}
          </Button>
        ))}
      </Group>
      <TextInput
        label={t('attempts.note')}
        size="xs"
        maxLength={ATTEMPT_NOTE_MAX_LENGTH}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
    </Stack>
  );
}
