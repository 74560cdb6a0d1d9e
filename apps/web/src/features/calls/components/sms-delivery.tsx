import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SmsState, SmsResource } from '@phonebot/shared/calls';
import { registerTranslations } from '../../../lib/i18n';
import { smsDeliveryTranslations } from '../sms-delivery-locales';

registerTranslations(smsDeliveryTranslations);

const STATE_COLORS: Record<SmsState, string> = {
  queued: 'gray',
  sent: 'blue',
  delivered: 'green',
  undelivered: 'red',
  failed: 'red',
};

type SmsDeliveryProps = {
  /** The SMS's attributes as the API answers them (GET /calls/{id}, /calls/{id}/sms, a caller's timeline). */
  sms: Pick<
    SmsResource['attributes'],
    'state' | 'error' | 'error_code' | 'error_message' | 'error_more_info' | 'error_reason'
  >;
};

/**
 * Where one SMS stands: its delivery state as a badge and, when it failed or was not delivered, what that means in
 * plain words (a wrong number told apart from a provider that is down), with the provider's code. An SMS recorded
 * before the reasons existed shows its stored error text.
 */
export function SmsDelivery({ sms }: SmsDeliveryProps) {
  const { t } = useTranslation();
  const failed = sms.state === 'failed' || sms.state === 'undelivered';
  const meaning =
    sms.error_reason && sms.error_reason !== 'other'
      ? t(`smsDelivery.reasons.${sms.error_reason}`)
      : (sms.error_message ?? sms.error ?? t('smsDelivery.reasons.other'));
  return (
    <Group gap="xs" align="baseline" wrap="wrap" data-sms-state={sms.state}>
      <Badge color={STATE_COLORS[sms.state]} variant="light" tt="none">
        {t(`smsDelivery.states.${sms.state}`)}
      </Badge>
      {failed && (
        <Text size="xs" c="var(--mantine-color-error)" data-sms-reason={sms.error_reason ?? undefined}>
          {meaning}
          {sms.error_code !== null && (
            <>
              {' · '}
              {sms.error_more_info ? (
                <Anchor
                  href={sms.error_more_info}
                  target="_blank"
                  rel="noreferrer"
                  size="xs"
                  c="red.8"
                  underline="always"
                >
                  {t('smsDelivery.code', { code: sms.error_code })}
                </Anchor>
              ) : (
                t('smsDelivery.code', { code: sms.error_code })
              )}
            </>
          )}
        </Text>
      )}
    </Group>
  );
}
