import type { Language } from '@phonebot/shared';
import type { PhonebotOfflineReason } from '../../lib/changes';
import type { Mail } from '../../lib/mailer';
import { type MailContext, composeMail } from '../../lib/mail-layout';

type Texts = { subject: (name: string, n: number) => string; intro: (name: string, n: number) => string; hint: string };

/** The texts of each kind of alert: a runtime offline for `n` minutes, a platform phonebot without a call for `n` hours. */
const TEXTS: Record<Language, Record<PhonebotOfflineReason, Texts> & { open: string }> = {
  en: {
    offline: {
      subject: (name) => `Phonebot ${name} is offline`,
      intro: (name, minutes) =>
        `the phonebot ${name} has not been heard from for at least ${minutes} minutes, so it is probably not answering calls.`,
      hint: 'Please check its runtime (server, network and SIP registration). You will not get another mail about this outage; the Calls Dashboard shows it until the phonebot is back.',
    },
    silent: {
      subject: (name, hours) => `Phonebot ${name}: No call for ${hours} ${hours === 1 ? 'hour' : 'hours'}`,
      intro: (name, hours) =>
        `the phonebot ${name} has had no call for ${hours} ${hours === 1 ? 'hour' : 'hours'}, counted within your business hours when you set them.`,
      hint: 'Please check its voice-agent platform (phone number, agent and the connector address). You will not get another mail about this; the Calls Dashboard shows it until the next call arrives.',
    },
    open: 'Open the Calls Dashboard',
  },
  de: {
    offline: {
      subject: (name) => `Phonebot ${name} ist offline`,
      intro: (name, minutes) =>
        `vom Phonebot ${name} kam seit mindestens ${minutes} Minuten kein Lebenszeichen, er nimmt also wahrscheinlich keine Anrufe an.`,
      hint: 'Bitte prüfen Sie seine Laufzeitumgebung (Server, Netzwerk und SIP-Registrierung). Zu diesem Ausfall erhalten Sie keine weitere E-Mail; das Anruf-Dashboard zeigt ihn, bis der Phonebot wieder erreichbar ist.',
    },
    silent: {
      subject: (name, hours) => `Phonebot ${name}: Seit ${hours} ${hours === 1 ? 'Stunde' : 'Stunden'} kein Anruf`,
      intro: (name, hours) =>
        `beim Phonebot ${name} ist seit ${hours} ${hours === 1 ? 'Stunde' : 'Stunden'} kein Anruf eingegangen (gezählt innerhalb Ihrer Geschäftszeiten, sofern festgelegt).`,
      hint: 'Bitte prüfen Sie seine Voice-Agent-Plattform (Rufnummer, Agent und Connector-Adresse). Dazu erhalten Sie keine weitere E-Mail; das Anruf-Dashboard zeigt es, bis der nächste Anruf eingeht.',
    },
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

/**
 * The mail to one admin, in their language, that a phonebot's runtime is offline (`n`: minutes) or that a platform
 * phonebot has had no call (`n`: hours).
 */
export function offlineMail(
  context: MailContext,
  publicUrl: string,
  recipient: { email: string; name: string },
  phonebot: { name: string; reason: PhonebotOfflineReason; n: number },
): Mail {
  const t = { ...TEXTS[context.language][phonebot.reason], open: TEXTS[context.language].open };
  const name = oneLine(phonebot.name);
  return composeMail(
    context,
    recipient.email,
    t.subject(name, phonebot.n),
    recipient.name,
    [t.intro(name, phonebot.n), t.hint],
    {
      url: `${publicUrl}/viewcalllogs`,
      label: t.open,
    },
  );
}
