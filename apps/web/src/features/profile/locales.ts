import type { FeatureTranslations } from '../../lib/i18n';

/** This feature's texts, under its own top-level key; registered when its screens load. */
const en = {
  profile: {
    info: 'Info',
    name: 'Name',
    email: 'Email',
    submitChanges: 'Submit Changes',
    emailPassword: 'Current password for the new email',
    emailChangeHint: 'A new email address needs your password and a confirmation from its mailbox.',
    emailChangeSent:
      'We sent a confirmation link to {{email}}. Your email address changes once you open it; until then it stays {{current}}.',
    image: {
      group: 'Profile image',
      alt: 'Profile image of {{name}}',
      select: 'Select Image',
      change: 'Change',
      remove: 'Remove',
      input: 'Image file',
      hint: 'PNG, JPEG, WebP or GIF, at most 5 MB.',
    },
    password: {
      title: 'Change Password',
      current: 'Current password',
      password: 'Password',
      newPassword: 'New password',
      confirm: 'Confirm password',
      submit: 'Change Password',
      note: 'Changing the password signs you out on all other devices.',
      backToCompany: 'Back to Company Profile',
    },
  },
};

export const profileTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    profile: {
      info: 'Info',
      name: 'Name',
      email: 'E-Mail',
      submitChanges: 'Änderungen speichern',
      emailPassword: 'Aktuelles Passwort für die neue E-Mail',
      emailChangeHint: 'Eine neue E-Mail-Adresse braucht Ihr Passwort und eine Bestätigung aus ihrem Postfach.',
      emailChangeSent:
        'Wir haben einen Bestätigungslink an {{email}} gesendet. Ihre E-Mail-Adresse ändert sich, sobald Sie ihn öffnen; bis dahin bleibt sie {{current}}.',
      image: {
        group: 'Profilbild',
        alt: 'Profilbild von {{name}}',
        select: 'Bild auswählen',
        change: 'Ändern',
        remove: 'Entfernen',
        input: 'Bilddatei',
        hint: 'PNG, JPEG, WebP oder GIF, höchstens 5 MB.',
      },
      password: {
        title: 'Passwort ändern',
        current: 'Aktuelles Passwort',
        password: 'Passwort',
        newPassword: 'Neues Passwort',
        confirm: 'Passwort bestätigen',
        submit: 'Passwort ändern',
        note: 'Eine Passwortänderung meldet Sie auf allen anderen Geräten ab.',
        backToCompany: 'Zurück zum Firmenprofil',
      },
    },
  },
};
