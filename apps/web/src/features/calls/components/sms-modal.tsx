import { Button, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isSmsErrorReason } from '@phonebot/shared/calls';
import { fillSmsTemplate, smsParts } from '@phonebot/shared/customers';
import { useZodForm } from '../../../components/form/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { lazyValue } from '../../../lib/lazy-value';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useMe } from '../../auth';
import { smsTemplatesQuery } from '../../company';
import { type CallRow, useSendSms } from '../api';
import { smsDeliveryTranslations } from '../sms-delivery-locales';
import { smsDialogTranslations } from '../sms-locales';
import { registerTranslations } from '../../../lib/i18n';

registerTranslations(smsDeliveryTranslations);
registerTranslations(smsDialogTranslations);

// The schema (and zod with it) loads when a field is first focused, not with the call screens.
const lazySmsSchema = lazyValue(async () => (await import('@phonebot/shared/calls/schema')).sendSmsSchema);

type SmsModalProps = {
  /** The call the SMS is about; null closes the modal. */
  call: CallRow | null;
  onClose: () => void;
};

/**
 * Send an SMS about a call to the caller's number. The message starts empty: only what the user picked (a template,
 * its placeholders filled in) or typed is ever sent; Send without a message says so and sends nothing.
 */
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

/** How long the message is and how many SMS it takes. */
function SmsLength({ message }: { message: string }) {
  const { t } = useTranslation();
  const parts = smsParts(message.trim());
  return (
    <Text size="xs" c="dimmed" aria-live="polite" data-testid="sms-length">
      {[
        t('smsDialog.length', { count: parts.characters }),
        t('smsDialog.parts', { count: parts.parts }),
        parts.encoding === 'UCS-2' ? t('smsDialog.encoding', { perPart: parts.perPart }) : null,
        parts.parts > 0 ? t('smsDialog.remaining', { count: parts.remaining }) : null,
      ]
        .filter(Boolean)
        .join(' · ')}
    </Text>
  );
}

function SmsForm({ call, onClose }: { call: CallRow; onClose: () => void }) {
  const { t } = useTranslation();
  const sendSms = useSendSms();
  const templates = useQuery(smsTemplatesQuery());
  const me = useMe();
  const form = useZodForm(lazySmsSchema, { call_id: call.id, to: call.caller_number, message: '' });
  const list = templates.data?.sms_templates ?? [];
  const [picked, setPicked] = useState<string | null>(null);

  const pick = (value: string | null) => {
    const template = value === null ? undefined : list[Number(value)];
    if (!template) return;
    setPicked(value);
    const callerName = (call as CallRow & { caller_name?: string | null }).caller_name ?? null;
    form.setFieldValue(
      'message',
      fillSmsTemplate(template.text, {
        caller_name: callerName,
        company_name: templates.data?.company_name ?? null,
        user_name: me.data?.name ?? null,
      }),
    );
  };

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await sendSms.mutateAsync(values);
      notifySuccess(t('smsSent'));
    } catch (error) {
      // The old client reported a failed SMS with the mark-completed text; it now says that the SMS failed, and why.
      const reason = providerReason(error, t);
      // A number that answered STOP is refused before the provider is asked: said as it is.
      if (isApiError(error) && error.code === 'smsOptedOut') notifyError(t('smsOptedOut'));
      else notifyError(reason ? `${t('smsFailed')} (${reason})` : t('smsFailed'));
    }
    onClose();
  });

  const message = form.values.message;
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput label={t('calls.sms.to')} type="tel" autoComplete="off" {...form.getInputProps('to')} />
        <Select
          label={t('smsDialog.template')}
          placeholder={t('smsDialog.templatePlaceholder')}
          data={list.map((template, index) => ({ value: String(index), label: template.name }))}
          onChange={pick}
          value={picked}
          disabled={list.length === 0}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true, hideDetached: false }}
        />
        <Stack gap={4}>
          <Textarea
            label={t('calls.sms.message')}
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('message')}
          />
          <SmsLength message={message} />
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {/* Send stays enabled: pressed without a message it says "Please enter a message!" and sends nothing. */}
          <Button type="submit" loading={form.submitting}>
            {t('calls.sms.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
