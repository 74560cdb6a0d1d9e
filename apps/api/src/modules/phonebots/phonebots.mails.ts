import type { Language } from '@phonebot/shared';
import type { Mail } from '../../lib/mailer';
import { type MailContext, composeMail, nameForMail } from '../../lib/mail-layout';

const TEXTS: Record<Language, { subject: string; body: (phonebot: string, by: string) => string[]; open: string }> = {
  en: {
    subject: 'A new bot token was issued',
    body: (phonebot, by) => [
      `${by} issued a new bot token for the phonebot ${phonebot}. The old token no longer works: the phonebot's runtime needs the new one.`,
      'A bot token gives its holder the phonebot’s configuration with its secrets. If you did not expect this, sign in, issue another token and change the phonebot’s passwords and model provider key.',
    ],
    open: 'Open Phonebots',
  },
  de: {
    subject: 'Ein neues Bot-Token wurde ausgestellt',
    body: (phonebot, by) => [
      `${by} hat für den Phonebot ${phonebot} ein neues Bot-Token ausgestellt. Das alte Token funktioniert nicht mehr: Die Laufzeit des Phonebots braucht das neue.`,
      'Ein Bot-Token gibt seinem Inhaber die Konfiguration des Phonebots mit ihren Geheimnissen. Wenn Sie das nicht erwartet haben, melden Sie sich an, stellen Sie ein weiteres Token aus und ändern Sie die Passwörter und den Schlüssel des Modellanbieters.',
    ],
    open: 'Phonebots öffnen',
  },
};

/** Tells a company's owner that a bot token of theirs was issued anew, so a token taken by someone else is noticed. */
export function botTokenIssuedMail(
  context: MailContext,
  publicUrl: string,
  recipient: { email: string; name: string },
  phonebot: { name: string; licenseKey: string },
  by: string,
): Mail {
  const t = TEXTS[context.language];
  return composeMail(
    context,
    recipient.email,
    t.subject,
    recipient.name,
    t.body(`${nameForMail(phonebot.name)} (${phonebot.licenseKey})`, nameForMail(by)),
    { url: `${publicUrl}/vbots`, label: t.open },
  );
}
