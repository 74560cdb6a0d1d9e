import { Modal, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { CallerRightsForCall } from './caller-rights-for-call';
import { callDetailQuery } from '../api';
import { Conversation, SmsList } from './call-history';

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
      {callId !== null && <CallerRightsForCall callId={callId} onErased={onClose} />}
      {callId !== null && <PreviewBody callId={callId} />}
    </Modal>
  );
}

function PreviewBody({ callId }: { callId: number }) {
  const { t } = useTranslation();
  const detail = useQuery(callDetailQuery(callId));

  return (
    <QueryState query={detail} loading={<Skeleton height={120} />}>
      {(call) => (
        <Stack gap="md">
          <Conversation turns={call.response} />
          <SmsList sms={call.sms} title={t('calls.preview.smsTitle')} />
        </Stack>
      )}
    </QueryState>
  );
}
