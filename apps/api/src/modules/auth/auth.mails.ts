import {
  EMAIL_CHANGE_TOKEN_TTL_HOURS,
  INVITE_TOKEN_TTL_HOURS,
  RESET_TOKEN_TTL_MINUTES,
  VERIFY_TOKEN_TTL_HOURS,
} from '@phonebot/shared';
import { type MailContext, PRODUCT, composeMail, nameForMail, pageLink } from '../../lib/mail-layout';
import type { Mail } from '../../lib/mailer';

const TEXTS = {
  en: {
    verify: {
      subject: 'Verify your email address',
      body: [
        `thank you for registering with ${PRODUCT}. Please confirm your email address with the link below.`,
        `The link is valid for ${VERIFY_TOKEN_TTL_HOURS} hours. After that, an administrator enables your account and you can log in.`,
      ],
      link: 'Verify email address',
    },
    alreadyRegistered: {
      subject: 'You already have an account',
      body: [
        `someone tried to register a new ${PRODUCT} account with this email address, which already has one.`,
        'If it was you, log in or reset your password. If not, you can ignore this mail.',
      ],
      link: 'Reset your password',
    },
    reset: {
      subject: 'Reset your password',
      body: [
        `we received a request to reset the password of your ${PRODUCT} account.`,
        `The link below is valid for ${RESET_TOKEN_TTL_MINUTES} minutes and works once. If you did not ask for it, ignore this mail.`,
      ],
      link: 'Reset password',
    },
    invitation: {
      subject: `You are invited to ${PRODUCT}`,
      body: (inviter: string) => [
        `${inviter || 'An administrator'} added you to your company's ${PRODUCT}. Set your password with the link below, then log in with this email address.`,
        `The link is valid for ${INVITE_TOKEN_TTL_HOURS} hours and works once.`,
      ],
      link: 'Set your password',
    },
    emailChange: {
      subject: 'Confirm your new email address',
      body: [
        `please confirm that your ${PRODUCT} account should use this email address from now on.`,
        `The link is valid for ${EMAIL_CHANGE_TOKEN_TTL_HOURS} hours and works once. Until you open it, your account keeps its current address. If you did not ask for this, ignore this mail.`,
      ],
      link: 'Confirm email address',
    },
    emailChangeNotice: {
      subject: 'Your email address is being changed',
      body: (newEmail: string) => [
        `someone signed in to your ${PRODUCT} account asked to change its email address to ${newEmail}. The change takes effect when the link sent to that address is opened.`,
        'If it was not you, sign in, change your password at once (this ends every other session) and tell your administrator.',
      ],
      link: 'Sign in',
    },
    emailChangedByAdmin: {
      subject: 'Your email address was changed',
      body: (newEmail: string) => [
        `an administrator of your company changed the email address of your ${PRODUCT} account to ${newEmail}. From now on you sign in with that address, and mail for your account goes there.`,
        'If you did not expect this, contact your administrator at once.',
      ],
      link: 'Sign in',
    },
  },
  de: {
    verify: {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
      body: [
        `vielen Dank für Ihre Registrierung beim ${PRODUCT}. Bitte bestätigen Sie Ihre E-Mail-Adresse mit dem Link unten.`,
        `Der Link ist ${VERIFY_TOKEN_TTL_HOURS} Stunden gültig. Danach schaltet ein Administrator Ihr Konto frei und Sie können sich anmelden.`,
      ],
      link: 'E-Mail-Adresse bestätigen',
    },
    alreadyRegistered: {
      subject: 'Sie haben bereits ein Konto',
      body: [
        `jemand hat versucht, mit dieser E-Mail-Adresse ein neues Konto beim ${PRODUCT} zu registrieren. Zu dieser Adresse gibt es bereits ein Konto.`,
        'Wenn Sie es waren, melden Sie sich an oder setzen Sie Ihr Passwort zurück. Andernfalls können Sie diese E-Mail ignorieren.',
      ],
      link: 'Passwort zurücksetzen',
    },
    reset: {
      subject: 'Passwort zurücksetzen',
      body: [
        `wir haben eine Anfrage erhalten, das Passwort Ihres Kontos beim ${PRODUCT} zurückzusetzen.`,
        `Der Link unten ist ${RESET_TOKEN_TTL_MINUTES} Minuten gültig und funktioniert einmal. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.`,
      ],
      link: 'Passwort zurücksetzen',
    },
    invitation: {
      subject: `Einladung zum ${PRODUCT}`,
      body: (inviter: string) => [
        `${inviter || 'Ein Administrator'} hat Sie zum ${PRODUCT} Ihres Unternehmens hinzugefügt. Legen Sie mit dem Link unten Ihr Passwort fest und melden Sie sich dann mit dieser E-Mail-Adresse an.`,
        `Der Link ist ${INVITE_TOKEN_TTL_HOURS} Stunden gültig und funktioniert einmal.`,
      ],
      link: 'Passwort festlegen',
    },
    emailChange: {
      subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
      body: [
        `bitte bestätigen Sie, dass Ihr Konto beim ${PRODUCT} ab jetzt diese E-Mail-Adresse verwenden soll.`,
        `Der Link ist ${EMAIL_CHANGE_TOKEN_TTL_HOURS} Stunden gültig und funktioniert einmal. Bis Sie ihn öffnen, behält Ihr Konto die bisherige Adresse. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.`,
      ],
      link: 'E-Mail-Adresse bestätigen',
    },
    emailChangeNotice: {
      subject: 'Ihre E-Mail-Adresse wird geändert',
      body: (newEmail: string) => [
        `jemand, der in Ihrem Konto beim ${PRODUCT} angemeldet ist, hat die Änderung der E-Mail-Adresse auf ${newEmail} beantragt. Die Änderung wird wirksam, wenn der an diese Adresse gesendete Link geöffnet wird.`,
        'Wenn Sie das nicht waren, melden Sie sich an, ändern Sie sofort Ihr Passwort (das beendet alle anderen Sitzungen) und informieren Sie Ihren Administrator.',
      ],
      link: 'Anmelden',
    },
    emailChangedByAdmin: {
      subject: 'Ihre E-Mail-Adresse wurde geändert',
      body: (newEmail: string) => [
        `ein Administrator Ihrer Firma hat die E-Mail-Adresse Ihres Kontos beim ${PRODUCT} auf ${newEmail} geändert. Ab jetzt melden Sie sich mit dieser Adresse an, und E-Mails zu Ihrem Konto gehen dorthin.`,
        'Wenn Sie das nicht erwartet haben, wenden Sie sich sofort an Ihren Administrator.',
      ],
      link: 'Anmelden',
    },
  },
} as const;

export function verificationMail(
  context: MailContext,
  publicUrl: string,
  email: string,
  name: string,
  token: string,
): Mail {
  const texts = TEXTS[context.language].verify;
  const url = pageLink(context, `${publicUrl}/verify-email`, { email, token });
  return composeMail(context, email, texts.subject, name, texts.body, { url, label: texts.link });
}

export function alreadyRegisteredMail(context: MailContext, publicUrl: string, email: string, name: string): Mail {
  const texts = TEXTS[context.language].alreadyRegistered;
  return composeMail(context, email, texts.subject, name, texts.body, {
    url: pageLink(context, `${publicUrl}/password-forgot`),
    label: texts.link,
  });
}

export function resetMail(context: MailContext, resetPage: string, email: string, name: string, token: string): Mail {
  const texts = TEXTS[context.language].reset;
  const url = pageLink(context, resetPage, { email, token });
  return composeMail(context, email, texts.subject, name, texts.body, { url, label: texts.link });
}

export function invitationMail(
  context: MailContext,
  publicUrl: string,
  email: string,
  name: string,
  inviter: string,
  token: string,
): Mail {
  const texts = TEXTS[context.language].invitation;
  const url = pageLink(context, `${publicUrl}/password-reset`, { email, token });
  return composeMail(context, email, texts.subject, name, texts.body(nameForMail(inviter)), { url, label: texts.link });
}

export function emailChangeMail(
  context: MailContext,
  publicUrl: string,
  newEmail: string,
  name: string,
  token: string,
): Mail {
  const texts = TEXTS[context.language].emailChange;
  const url = pageLink(context, `${publicUrl}/confirm-email`, { token });
  return composeMail(context, newEmail, texts.subject, name, texts.body, { url, label: texts.link });
}

/**
 * Tells the old address of a user that its address is being changed: by the user (it takes effect with the link
 * mailed to the new one) or by an administrator (at once), so a takeover is noticed either way.
 */
export function emailChangeNoticeMail(
  context: MailContext,
  publicUrl: string,
  oldEmail: string,
  name: string,
  newEmail: string,
  by: 'user' | 'admin' = 'user',
): Mail {
  const texts = TEXTS[context.language][by === 'user' ? 'emailChangeNotice' : 'emailChangedByAdmin'];
  return composeMail(context, oldEmail, texts.subject, name, texts.body(newEmail), {
    url: pageLink(context, `${publicUrl}/login`),
    label: texts.link,
  });
}
