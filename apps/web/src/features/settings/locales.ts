import type { FeatureTranslations } from '../../lib/i18n';

/** This feature's texts, under its own top-level key; registered when its screens load. */
const en = {
  settings: {
    security: {
      title: 'Sign-in',
      requireMfa: 'Require two-factor sign-in for every user',
      requireMfaHint:
        'Everyone, in every company and you too, signs in with a code of an authenticator app; users without one set it up at their next login.',
    },
    operator: {
      title: 'Operator of this portal',
      description:
        'Who runs this portal. These details appear in the footer of every screen and in the mails the portal sends. Leave a field empty to leave it out.',
      sections: {
        company: 'Company',
        legal: 'Legal pages',
      },
      fields: {
        name: 'Company name',
        address: 'Postal address',
        phone: 'Phone',
        email: 'Contact e-mail',
        imprint_url: 'Imprint (URL)',
        privacy_url: 'Privacy policy (URL)',
        terms_url: 'Terms and conditions (URL)',
      },
      urlHint: 'Starting with https://',
      save: 'Save',
    },
  },
};

export const settingsTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    settings: {
      security: {
        title: 'Anmeldung',
        requireMfa: 'Zwei-Faktor-Anmeldung für alle Benutzer verlangen',
        requireMfaHint:
          'Alle, in jeder Firma und auch Sie, melden sich mit einem Code einer Authenticator-App an; wer noch keinen hat, richtet ihn bei der nächsten Anmeldung ein.',
      },
      operator: {
        title: 'Betreiber dieses Portals',
        description:
          'Wer dieses Portal betreibt. Diese Angaben stehen in der Fußzeile jeder Ansicht und in den E-Mails des Portals. Lassen Sie ein Feld leer, um es wegzulassen.',
        sections: {
          company: 'Firma',
          legal: 'Rechtliche Seiten',
        },
        fields: {
          name: 'Firmenname',
          address: 'Postanschrift',
          phone: 'Telefon',
          email: 'Kontakt-E-Mail',
          imprint_url: 'Impressum (URL)',
          privacy_url: 'Datenschutzerklärung (URL)',
          terms_url: 'AGB (URL)',
        },
        urlHint: 'Beginnt mit https://',
        save: 'Speichern',
      },
    },
  },
};
