import type { FeatureTranslations } from '../../lib/i18n';

/** Two-factor sign-in's texts: the profile's card and the reset of a user's lost second factor. */
const en = {
  twoFactor: {
    title: 'Two-factor sign-in',
    on: 'On: signing in asks for a code of your authenticator app.',
    off: 'Off: signing in asks only for your password.',
    required: 'Your company requires two-factor sign-in.',
    codesLeft: 'Recovery codes left: {{count}}',
    enable: 'Set up',
    scan: 'Scan the QR code with an authenticator app, then enter the code it shows.',
    qrAlt: 'QR code for your authenticator app',
    secret: 'Or enter this key by hand',
    code: 'Code',
    confirm: 'Turn on',
    enabled: 'Two-factor sign-in is on.',
    recoveryTitle: 'Your recovery codes',
    recoveryNote:
      'Keep these codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.',
    copy: 'Copy codes',
    copied: 'Copied',
    download: 'Download codes',
    done: 'Done',
    disable: 'Turn off',
    disableNote: 'To turn it off, enter your password and a code of your app (or a recovery code).',
    password: 'Password',
    codeOrRecovery: 'Code or recovery code',
    disabled: 'Two-factor sign-in is off.',
    reset: {
      title: 'Two-factor sign-in',
      hint: 'If this user lost their authenticator app and recovery codes, reset their second factor. They are told by mail and set it up again.',
      button: 'Reset two-factor sign-in',
      confirmTitle: 'Reset two-factor sign-in?',
      confirmText:
        '{{email}} sets up a new second factor at the next login, or signs in with the password alone where none is required.',
      done: 'Two-factor sign-in reset. The user was told by mail.',
    },
  },
};

export const twoFactorTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    twoFactor: {
      title: 'Zwei-Faktor-Anmeldung',
      on: 'Eingeschaltet: Die Anmeldung fragt nach einem Code Ihrer Authenticator-App.',
      off: 'Ausgeschaltet: Die Anmeldung fragt nur nach Ihrem Passwort.',
      required: 'Ihre Firma verlangt die Zwei-Faktor-Anmeldung.',
      codesLeft: 'Verbleibende Wiederherstellungscodes: {{count}}',
      enable: 'Einrichten',
      scan: 'Scannen Sie den QR-Code mit einer Authenticator-App und geben Sie dann den angezeigten Code ein.',
      qrAlt: 'QR-Code für Ihre Authenticator-App',
      secret: 'Oder geben Sie diesen Schlüssel von Hand ein',
      code: 'Code',
      confirm: 'Einschalten',
      enabled: 'Die Zwei-Faktor-Anmeldung ist eingeschaltet.',
      recoveryTitle: 'Ihre Wiederherstellungscodes',
      recoveryNote:
        'Bewahren Sie diese Codes sicher auf. Jeder meldet Sie einmal an, falls Sie Ihr Telefon verlieren. Sie werden nur jetzt angezeigt.',
      copy: 'Codes kopieren',
      copied: 'Kopiert',
      download: 'Codes herunterladen',
      done: 'Fertig',
      disable: 'Ausschalten',
      disableNote:
        'Zum Ausschalten geben Sie Ihr Passwort und einen Code Ihrer App (oder einen Wiederherstellungscode) ein.',
      password: 'Passwort',
      codeOrRecovery: 'Code oder Wiederherstellungscode',
      disabled: 'Die Zwei-Faktor-Anmeldung ist ausgeschaltet.',
      reset: {
        title: 'Zwei-Faktor-Anmeldung',
        hint: 'Hat dieser Benutzer seine Authenticator-App und seine Wiederherstellungscodes verloren, setzen Sie seinen zweiten Faktor zurück. Er wird per E-Mail benachrichtigt und richtet ihn neu ein.',
        button: 'Zwei-Faktor-Anmeldung zurücksetzen',
        confirmTitle: 'Zwei-Faktor-Anmeldung zurücksetzen?',
        confirmText:
          '{{email}} richtet bei der nächsten Anmeldung einen neuen zweiten Faktor ein oder meldet sich, wo keiner verlangt wird, nur mit dem Passwort an.',
        done: 'Zwei-Faktor-Anmeldung zurückgesetzt. Der Benutzer wurde per E-Mail benachrichtigt.',
      },
    },
  },
};
