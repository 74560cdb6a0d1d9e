import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCallDate } from '../../../lib/dates';
import type { CallSms } from '../api';
import { speakerOf } from '../call-rows';

type Turn = { text: string; action: string };

const STATE_COLORS: Record<string, string> = { sent: 'blue', delivered: 'green', failed: 'red' };
/** Action words the runtime writes that have their own plain sentence. */
const KNOWN_ACTIONS = new Set(['TransferCall', 'SendEmail', 'SendSms', 'HangUp', 'EndCall']);

/** "BookAppointment" reads "book appointment": an action without its own sentence is still told in words. */
function words(action: string): string {
  return action
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** What the phonebot did in a turn that is neither the caller's nor its own words, in plain words. */
export function useTurnLabel() {
  const { t } = useTranslation();
  return (action: string) =>
    KNOWN_ACTIONS.has(action)
      ? t(`inbox.turns.${action as 'TransferCall'}`)
      : t('inbox.turns.other', { action: words(action) });
}

/**
 * The conversation as a chat: the caller's turns on the left, the phonebot's on the right, and what the phonebot
 * did (transferred the call, sent an e-mail) as a line of its own in plain words.
 */
export function Conversation({ turns }: { turns: readonly Turn[] }) {
  const { t } = useTranslation();
  const turnLabel = useTurnLabel();
  const shown = turns.filter((turn) => turn.text.trim() !== '' || speakerOf(turn.action) === 'other');
  if (shown.length === 0) return <Text>{t('calls.preview.empty')}</Text>;
  return (
    <Stack gap="sm">
      {shown.map((turn, index) => {
        const speaker = speakerOf(turn.action);
        if (speaker === 'other') {
          return (
            <Box key={index} ta="center" data-speaker="action">
              <Text size="sm" fs="italic" c="dimmed">
                {turnLabel(turn.action)}
                {turn.text.trim() ? `: ${turn.text}` : ''}
              </Text>
            </Box>
          );
        }
        return (
          <Group key={index} justify={speaker === 'caller' ? 'flex-start' : 'flex-end'}>
            <Paper
              withBorder
              p="sm"
              maw="85%"
              bg={speaker === 'caller' ? 'var(--mantine-color-default-hover)' : 'var(--mantine-color-portal-light)'}
              data-speaker={speaker}
              style={{ overflowWrap: 'anywhere' }}
            >
              <Text size="xs" fw={700} c="dimmed">
                {speaker === 'caller' ? t('calls.preview.caller') : t('calls.preview.bot')}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {turn.text}
              </Text>
            </Paper>
          </Group>
        );
      })}
    </Stack>
  );
}

/**
 * An SMS's delivery state as the API gives it (sent or failed today; delivery reports may add more states and error
 * fields): every state shows as a badge, a known one translated, and an error as its text.
 */
export function SmsStatus({ sms }: { sms: CallSms }) {
  const { t } = useTranslation();
  const record = sms as CallSms & Record<string, unknown>;
  const state = String(record.state);
  const error = [record.error, record.error_message, record.error_code].find(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  return (
    <Group gap={6} wrap="wrap">
      <Badge
        variant="light"
        color={STATE_COLORS[state] ?? 'gray'}
        title={t('inbox.smsState.label')}
        data-sms-status={state}
      >
        {t(`inbox.smsState.${state as 'sent'}`, { defaultValue: state })}
      </Badge>
      {error && (
        <Text size="xs" c="var(--mantine-color-error)" style={{ overflowWrap: 'anywhere' }}>
          {error}
        </Text>
      )}
    </Group>
  );
}

/** The SMS sent about a call, oldest first, each with its delivery state. */
export function SmsList({ sms, title }: { sms: readonly CallSms[]; title?: string }) {
  const { i18n, t } = useTranslation();
  if (sms.length === 0) return null;
  return (
    <Stack gap={4}>
      {title && (
        <Text fw={700} size="sm">
          {title}
        </Text>
      )}
      {sms.map((message) => (
        <Paper key={message.id} withBorder p="xs" data-sms-state={message.state}>
          <Group gap={6} justify="space-between" wrap="wrap">
            <Text size="xs" c="dimmed">
              {formatCallDate(message.created_at, i18n.language)} · {t('inbox.smsState.to', { to: message.to })}
            </Text>
            <SmsStatus sms={message} />
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {message.message}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
