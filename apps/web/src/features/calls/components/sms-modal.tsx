import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isSmsErrorReason } from '@phonebot/shared/calls';
import { useZodForm } from '../../../components/form/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { lazyValue } from '../../../lib/lazy-value';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type CallRow, useSendSms } from '../api';
import { smsDeliveryTranslations } from '../sms-delivery-locales';
import { registerTranslations } from '../../../lib/i18n';

registerTranslations(smsDeliveryTranslations);

// The schema (and zod with it) loads when a field is first focused, not with the call screens.
const lazySmsSchema = lazyValue(async () => (await import('@phonebot/shared/calls/schema')).sendSmsSchema);

type SmsModalProps = {
  /** The call the SMS is about; null closes the modal. */
  call: CallRow | null;
  onClose: () => void;
};

/** Send an SMS about a call, prefilled with the caller's number and the default text (docs/product.md §9). */
export function SmsModal({ call, onClose }: SmsModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={call !== null}
      onClose={onClose}
      title={t('calls.sms.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {call !== null && <SmsForm key={call.id} call={call} onClose={onClose} />}
    </Modal>
  );
}

/** Why the provider refused a failed SMS (the error's `meta.reason`), in the screen's language. */
function providerReason(error: unknown, t: TFunction): string | undefined {
  if (!isApiError(error) || error.code !== 'smsFailed') return undefined;
  const reason = error.errors[0]?.meta?.reason;
  return isSmsErrorReason(reason) ? t(`smsDelivery.reasons.${reason}`) : undefined;
}

function SmsForm({ call, onClose }: { call: CallRow; onClose: () => void }) {
  const { t } = useTranslation();
  const sendSms = useSendSms();
  const form = useZodForm(lazySmsSchema, { call_id: call.id, to: call.caller_number, message: t('defaultSmsText') });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await sendSms.mutateAsync(values);
      notifySuccess(t('smsSent'));
    } catch (error) {
      // The old client reported a failed SMS with the mark-completed text; it now says that the SMS failed, and why.
      const reason = providerReason(error, t);
      notifyError(reason ? `${t('smsFailed')} (${reason})` : t('smsFailed'));
    }
    onClose();
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput label={t('calls.sms.to')} type="tel" autoComplete="off" {...form.getInputProps('to')} />
        <Textarea label={t('calls.sms.message')} autosize minRows={3} maxRows={8} {...form.getInputProps('message')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('calls.sms.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
