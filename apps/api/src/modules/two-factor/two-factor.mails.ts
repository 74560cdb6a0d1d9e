import type { Language } from '@phonebot/shared';
import { type MailContext, PRODUCT, composeMail } from '../../lib/mail-layout';
import type { Mail } from '../../lib/mailer';

const TEXTS: Record<Language, { subject: string; body: readonly string[]; link: string }> = {
  en: {
    subject: 'Your two-factor sign-in was reset',
    body: [
      `an administrator has reset the two-factor sign-in of your ${PRODUCT} account. Your authenticator app and recovery codes no longer work for it.`,
      'When you next sign in, set up two-factor sign-in again if your company requires it, or in My profile.',
      'If you did not ask for this, please contact your administrator at once.',
    ],
    link: 'Sign in',
  },
  de: {
    subject: 'Ihre Zwei-Faktor-Anmeldung wurde zurückgesetzt',
    body: [
      `ein Administrator hat die Zwei-Faktor-Anmeldung Ihres Kontos beim ${PRODUCT} zurückgesetzt. Ihre Authenticator-App und Ihre Wiederherstellungscodes gelten dafür nicht mehr.`,
      'Richten Sie die Zwei-Faktor-Anmeldung bei der nächsten Anmeldung neu ein, wenn Ihre Firma sie verlangt, oder unter Mein Profil.',
      'Wenn Sie das nicht veranlasst haben, wenden Sie sich bitte sofort an Ihren Administrator.',
    ],
    link: 'Anmelden',
  },
};

/** Tells a user that an administrator reset their second factor, so a reset they did not ask for is noticed. */
export function twoFactorResetMail(context: MailContext, publicUrl: string, email: string, name: string): Mail {
  const texts = TEXTS[context.language];
  return composeMail(context, email, texts.subject, name, texts.body, { url: `${publicUrl}/login`, label: texts.link });
}
