import type { FeatureTranslations } from '../../lib/i18n';

/** This feature's texts, under its own top-level key; registered when its screens load. */
const en = {
  company: {
    fields: {
      companyName: 'Company name',
      address: 'Street',
      pin: 'Postal code',
      city: 'City',
      phone: 'Phone',
      companyEmail: 'Company email',
      bank: 'Bank',
      iban: 'IBAN',
      bic: 'BIC',
      smsAllowedNumbers: 'Further SMS numbers',
      requireMfa: 'Require two-factor sign-in',
      defaultCountry: 'Country of phone numbers',
    },
    sections: {
      company: 'Company',
      bank: 'Bank account (optional)',
      sms: 'SMS',
      security: 'Sign-in',
      callbacks: 'Callback deadlines',
    },
    requireMfaHint:
      'Every user of the company signs in with a code of an authenticator app; users without one set it up at their next login.',
    callbackSlaHint:
      'How long after a call arrives its callback is due, per priority. Changes apply to new calls and to calls whose priority changes.',
    sla_important: 'Important Callback',
    sla_transferred: 'Transferred',
    sla_email: 'Send Email',
    sla_normal: 'Normal Callback',
    minutes: 'min',
    smsAllowedNumbersHint:
      'An SMS about a call goes to its caller. Numbers or prefixes listed here (international form, +49…, one per line) may receive one too.',
    defaultCountryHint: 'The call search reads numbers typed without a country code (030 1234567) as this country’s.',
    save: 'Update Profile',
    changePassword: 'Change Password',
    hours: {
      title: 'Business hours',
      description:
        'With business hours, callback deadlines count only the minutes you are open: a call on Friday evening with 60 minutes is due on Monday one hour after opening. Saving new hours also moves the deadlines of open calls (except those set by hand).',
      enabled: 'Count callback deadlines in business hours only',
      off: 'Off: deadlines count around the clock.',
      timeZone: 'Time zone',
      closed: 'Closed',
      from: '{{day}}: opens',
      until: '{{day}}: closes',
      add: 'Add hours on {{day}}',
      remove: 'Remove {{day}} {{from}}–{{until}}',
      holidays: 'Closed days',
      holidaysHint: 'One date per line, YYYY-MM-DD (2026-12-24). Deadlines skip these days.',
      save: 'Save business hours',
    },
  },
};

export const companyTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    company: {
      fields: {
        companyName: 'Firmenname',
        address: 'Straße',
        pin: 'Postleitzahl',
        city: 'Ort',
        phone: 'Telefon',
        companyEmail: 'Firmen-E-Mail',
        bank: 'Bank',
        iban: 'IBAN',
        bic: 'BIC',
        smsAllowedNumbers: 'Weitere SMS-Nummern',
        requireMfa: 'Zwei-Faktor-Anmeldung verlangen',
        defaultCountry: 'Land der Telefonnummern',
      },
      sections: {
        company: 'Firma',
        bank: 'Bankverbindung (optional)',
        sms: 'SMS',
        security: 'Anmeldung',
        callbacks: 'Rückruffristen',
      },
      requireMfaHint:
        'Alle Benutzer der Firma melden sich mit einem Code einer Authenticator-App an; wer noch keinen hat, richtet ihn bei der nächsten Anmeldung ein.',
      callbackSlaHint:
        'Wie lange nach Eingang eines Anrufs der Rückruf fällig ist, je Priorität. Änderungen gelten für neue Anrufe und für Anrufe, deren Priorität sich ändert.',
      sla_important: 'Wichtiger Rückruf',
      sla_transferred: 'Weitergeleitet',
      sla_email: 'E-Mail senden',
      sla_normal: 'Normaler Rückruf',
      minutes: 'Min.',
      smsAllowedNumbersHint:
        'Eine SMS zu einem Anruf geht an den Anrufer. Hier eingetragene Nummern oder Vorwahlen (international, +49…, eine pro Zeile) dürfen auch eine erhalten.',
      defaultCountryHint: 'Die Anrufsuche liest Nummern ohne Ländervorwahl (030 1234567) als Nummern dieses Landes.',
      save: 'Profil aktualisieren',
      changePassword: 'Passwort ändern',
      hours: {
        title: 'Geschäftszeiten',
        description:
          'Mit Geschäftszeiten zählen Rückruffristen nur die Minuten, in denen Sie geöffnet haben: Ein Anruf am Freitagabend mit 60 Minuten ist am Montag eine Stunde nach Öffnung fällig. Neue Zeiten verschieben beim Speichern auch die Fristen offener Anrufe (außer von Hand gesetzten).',
        enabled: 'Rückruffristen nur in Geschäftszeiten zählen',
        off: 'Aus: Fristen zählen rund um die Uhr.',
        timeZone: 'Zeitzone',
        closed: 'Geschlossen',
        from: '{{day}}: öffnet',
        until: '{{day}}: schließt',
        add: 'Zeiten am {{day}} hinzufügen',
        remove: '{{day}} {{from}}–{{until}} entfernen',
        holidays: 'Geschlossene Tage',
        holidaysHint: 'Ein Datum pro Zeile, JJJJ-MM-TT (2026-12-24). Fristen überspringen diese Tage.',
        save: 'Geschäftszeiten speichern',
      },
    },
  },
};
