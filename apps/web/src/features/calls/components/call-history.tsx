import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCallDate } from '../../../lib/dates';
import type { CallSms } from '../api';
import { speakerOf } from '../call-rows';
import { SmsDelivery } from './sms-delivery';

type Turn = { text: string; action: string };

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

/** The SMS sent about a call, oldest first, each with its delivery state and, when it failed, what that means. */
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
        <Paper key={message.id} withBorder p="xs">
          <Text size="xs" c="dimmed">
            {formatCallDate(message.created_at, i18n.language)} · {t('calls.preview.smsTo', { to: message.to })}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {message.message}
          </Text>
          <SmsDelivery sms={message} />
        </Paper>
      ))}
    </Stack>
  );
}
