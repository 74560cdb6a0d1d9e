import type { FeatureTranslations } from '../../lib/i18n';

/** This feature's texts, under its own top-level key; registered when its screens load. */
const en = {
  billing: {
    checkout: 'Pay by card',
    checkoutTitle: 'Card payment',
    checkoutHint: 'Pay this phonebot by card. It is served to its phonebot runtime once the payment is confirmed.',
    loading: 'Loading the checkout…',
    waiting: 'The payment status updates here as soon as Paddle confirms the payment.',
  },
};

export const billingTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    billing: {
      checkout: 'Mit Karte bezahlen',
      checkoutTitle: 'Kartenzahlung',
      checkoutHint:
        'Bezahlen Sie diesen Phonebot mit Karte. Er wird seiner Phonebot-Laufzeit bereitgestellt, sobald die Zahlung bestätigt ist.',
      loading: 'Die Bezahlseite wird geladen…',
      waiting: 'Der Zahlungsstatus wird hier aktualisiert, sobald Paddle die Zahlung bestätigt.',
    },
  },
};
