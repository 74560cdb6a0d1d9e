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
    },
    sections: {
      company: 'Company',
      bank: 'Bank account (optional)',
    },
    save: 'Update Profile',
    changePassword: 'Change Password',
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
      },
      sections: {
        company: 'Firma',
        bank: 'Bankverbindung (optional)',
      },
      save: 'Profil aktualisieren',
      changePassword: 'Passwort ändern',
    },
  },
};
