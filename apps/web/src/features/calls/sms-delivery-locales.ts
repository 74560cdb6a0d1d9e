import type { FeatureTranslations } from '../../lib/i18n';

/** Texts of an SMS's delivery state and of what its failure means; registered with the component that shows them. */
const en = {
  smsDelivery: {
    states: {
      queued: 'Queued',
      sent: 'Sent',
      delivered: 'Delivered',
      undelivered: 'Not delivered',
      failed: 'Failed',
    },
    reasons: {
      invalid_number: 'Not a valid phone number',
      opted_out: 'The recipient has opted out of SMS',
      sender_cannot_reach: 'This number cannot be reached by SMS from this sender',
      unreachable: 'The phone is switched off or out of reach',
      unknown_number: 'The number is unknown or no longer exists',
      landline: 'The number is a landline and cannot receive SMS',
      carrier_filtered: 'The recipient’s carrier blocked the message',
      carrier_error: 'The recipient’s carrier reported an unknown error',
      provider_credentials: 'The SMS provider rejected our credentials (configuration)',
      provider_unavailable: 'The SMS provider is unavailable; try again later',
      other: 'The SMS could not be delivered',
    },
    code: 'Provider code {{code}}',
  },
};

const de: FeatureTranslations<typeof en>['de'] = {
  smsDelivery: {
    states: {
      queued: 'In Warteschlange',
      sent: 'Gesendet',
      delivered: 'Zugestellt',
      undelivered: 'Nicht zugestellt',
      failed: 'Fehlgeschlagen',
    },
    reasons: {
      invalid_number: 'Keine gültige Telefonnummer',
      opted_out: 'Der Empfänger hat SMS abbestellt',
      sender_cannot_reach: 'Diese Nummer ist von diesem Absender per SMS nicht erreichbar',
      unreachable: 'Das Telefon ist ausgeschaltet oder nicht erreichbar',
      unknown_number: 'Die Nummer ist unbekannt oder existiert nicht mehr',
      landline: 'Die Nummer ist ein Festnetzanschluss und kann keine SMS empfangen',
      carrier_filtered: 'Der Mobilfunkanbieter des Empfängers hat die Nachricht blockiert',
      carrier_error: 'Der Mobilfunkanbieter des Empfängers meldet einen unbekannten Fehler',
      provider_credentials: 'Der SMS-Anbieter hat unsere Zugangsdaten abgelehnt (Konfiguration)',
      provider_unavailable: 'Der SMS-Anbieter ist nicht erreichbar; bitte später erneut versuchen',
      other: 'Die SMS konnte nicht zugestellt werden',
    },
    code: 'Anbieter-Code {{code}}',
  },
};

export const smsDeliveryTranslations: FeatureTranslations<typeof en> = { en, de };
