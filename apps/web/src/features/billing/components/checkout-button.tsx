import { Alert, Box, Button, Stack, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { registerTranslations, translateText } from '../../../lib/i18n';
import { billingTranslations } from '../locales';
import { publicConfigQuery, startCheckout } from '../api';
import { loadPaddle } from '../paddle';

registerTranslations(billingTranslations);

const FRAME_CLASS = 'paddle-checkout-frame';

type CheckoutButtonProps = {
  licenseKey: string;
  /** Called once the inline checkout is open, so the screen can watch for the payment state to change. */
  onOpened?: () => void;
};

/**
 * The card checkout of one phonebot (offered at payment_status 0): Paddle's inline checkout with one item of our
 * price, quantity 1, and the server-signed customData. Without billing configuration it says so instead.
 */
export function CheckoutButton({ licenseKey, onOpened }: CheckoutButtonProps) {
  const { t } = useTranslation();
  const config = useQuery(publicConfigQuery);
  const [state, setState] = useState<'idle' | 'loading' | 'open'>('idle');
  const [error, setError] = useState<string | null>(null);

  if (config.isPending) return null;
  if (!config.data?.paddle) {
    return (
      <Alert color="yellow" title={t('billing.checkoutTitle')}>
        {t('billingNotConfigured')}
      </Alert>
    );
  }

  const open = async () => {
    setError(null);
    setState('loading');
    try {
      const checkout = await startCheckout(licenseKey);
      const paddle = await loadPaddle(checkout.environment, checkout.client_token);
      paddle.Checkout.open({
        items: [{ priceId: checkout.price_id, quantity: checkout.quantity }],
        customData: checkout.custom_data,
        settings: {
          displayMode: 'inline',
          frameTarget: FRAME_CLASS,
          frameInitialHeight: 450,
          frameStyle: 'width: 100%; min-width: 312px; background-color: transparent; border: none;',
        },
      });
      setState('open');
      onOpened?.();
    } catch (failure) {
      setState('idle');
      setError(isApiError(failure) && failure.code ? translateText(t, failure.code) : t('paddleLoadFailed'));
    }
  };

  return (
    <Stack gap="xs">
      <Text size="sm">{t('billing.checkoutHint')}</Text>
      <Box>
        <Button
          leftSection={<IconCreditCard size={18} aria-hidden />}
          onClick={() => void open()}
          loading={state === 'loading'}
          disabled={state === 'open'}
        >
          {t('billing.checkout')}
        </Button>
      </Box>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {state === 'open' && <Text size="sm">{t('billing.waiting')}</Text>}
      <div className={FRAME_CLASS} />
    </Stack>
  );
}
