import { Box, Group, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../components/retry-alert';
import { errorText } from '../../../lib/api-errors';
import { formatCallDate } from '../../../lib/dates';
import { translateText } from '../../../lib/i18n';
import { callDetailQuery } from '../api';
import { speakerOf } from '../call-rows';
import { SmsDelivery } from './sms-delivery';

type MessagePreviewModalProps = {
  /** The call whose conversation is shown; null closes the modal. */
  callId: number | null;
  onClose: () => void;
};

/** The whole conversation of a call (GET /calls/{id}), the caller's and the phonebot's turns told apart. */
export function MessagePreviewModal({ callId, onClose }: MessagePreviewModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={callId !== null}
      onClose={onClose}
      title={t('calls.preview.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {callId !== null && <Conversation callId={callId} />}
    </Modal>
  );
}

function Conversation({ callId }: { callId: number }) {
  const { t, i18n } = useTranslation();
  const detail = useQuery(callDetailQuery(callId));

  if (detail.isPending) return <Skeleton height={120} />;
  if (detail.isError) {
    return (
      <RetryAlert
        message={translateText(t, errorText(detail.error))}
        onRetry={() => void detail.refetch()}
        retrying={detail.isFetching}
      />
    );
  }
  const turns = detail.data.response.filter((turn) => turn.text.trim() !== '');
  const { sms } = detail.data;
  return (
    <Stack gap="sm">
      {turns.length === 0 && <Text>{t('calls.preview.empty')}</Text>}
      {turns.map((turn, index) => {
        const speaker = speakerOf(turn.action);
        const name =
          speaker === 'caller' ? t('calls.preview.caller') : speaker === 'bot' ? t('calls.preview.bot') : turn.action;
        return (
          <Group key={index} justify={speaker === 'caller' ? 'flex-start' : 'flex-end'}>
            <Paper
              withBorder
              p="sm"
              maw="85%"
              bg={speaker === 'caller' ? 'gray.1' : speaker === 'bot' ? 'portal.0' : undefined}
              data-speaker={speaker}
            >
              <Text size="xs" fw={700} c="dimmed">
                {name}
              </Text>
              <Box style={{ whiteSpace: 'pre-wrap' }}>
                <Text size="sm">{turn.text}</Text>
              </Box>
            </Paper>
          </Group>
        );
      })}
      {sms.length > 0 && (
        <Stack gap={4} mt="sm">
          <Text fw={700} size="sm">
            {t('calls.preview.smsTitle')}
          </Text>
          {sms.map((message) => (
            <Paper key={message.id} withBorder p="xs">
              <Text size="xs" c="dimmed">
                {formatCallDate(message.created_at, i18n.language)} · {t('calls.preview.smsTo', { to: message.to })}
              </Text>
              <Text size="sm">{message.message}</Text>
              <SmsDelivery sms={message} />
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
