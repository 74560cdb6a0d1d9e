import type { Language } from '@phonebot/shared';
import type { Mail } from '../../lib/mailer';
import { type MailContext, composeMail } from '../../lib/mail-layout';

const TEXTS: Record<
  Language,
  { subject: (name: string) => string; intro: (name: string, minutes: number) => string; hint: string; open: string }
> = {
  en: {
    subject: (name) => `Phonebot ${name} is offline`,
    intro: (name, minutes) =>
      `the phonebot ${name} has not been heard from for at least ${minutes} minutes, so it is probably not answering calls.`,
    hint: 'Please check its runtime (server, network and SIP registration). You will not get another mail about this outage; the Calls Dashboard shows it until the phonebot is back.',
    open: 'Open the Calls Dashboard',
  },
  de: {
    subject: (name) => `Phonebot ${name} ist offline`,
    intro: (name, minutes) =>
      `vom Phonebot ${name} kam seit mindestens ${minutes} Minuten kein Lebenszeichen, er nimmt also wahrscheinlich keine Anrufe an.`,
    hint: 'Bitte prüfen Sie seine Laufzeitumgebung (Server, Netzwerk und SIP-Registrierung). Zu diesem Ausfall erhalten Sie keine weitere E-Mail; das Anruf-Dashboard zeigt ihn, bis der Phonebot wieder erreichbar ist.',
    open: 'Anruf-Dashboard öffnen',
  },
};

/** A phonebot's name as a mail line shows it: one line, no invisible or reordering characters. */
function oneLine(text: string): string {
  return text
    .replace(/\p{Cf}+/gu, '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ')
    .trim();
}

/** The mail to one admin, in their language, that a phonebot's runtime is offline. */
export function offlineMail(
  context: MailContext,
  publicUrl: string,
  recipient: { email: string; name: string },
  phonebot: { name: string; minutes: number },
): Mail {
  const t = TEXTS[context.language];
  const name = oneLine(phonebot.name);
  return composeMail(
    context,
    recipient.email,
    t.subject(name),
    recipient.name,
    [t.intro(name, phonebot.minutes), t.hint],
    {
      url: `${publicUrl}/viewcalllogs`,
      label: t.open,
    },
  );
}
