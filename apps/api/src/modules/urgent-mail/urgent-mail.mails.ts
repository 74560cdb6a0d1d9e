import type { Language } from '@phonebot/shared';
import type { Mail } from '../../lib/mailer';
import { type MailContext, composeMail } from '../../lib/mail-layout';

export type UrgentCall = { caller: string; priority: string; phonebot: string; at: string };

/**
 * Text that came from a call or its phonebot (the caller's number, the phonebot's name) as an urgent-call mail shows
 * it, in both parts: on one line, without invisible or reordering characters, and with nothing a mail client would
 * make a link of. It stays readable but defused: a domain's or address's dots become `[.]`, an address's `@` becomes
 * `[at]` and a scheme's colon `[:]` (`https[:]//evil[.]example`). The HTML part escapes it besides.
 */
function callTextForMail(text: string): string {
  return text
    .replace(/\p{Cf}+/gu, '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\b([a-z][a-z\d+.-]*)[:\uff1a](?=\S)/giu, '$1[:]')
    .replace(/(?<=\S)[@\uff20\ufe6b](?=\S)/gu, '[at]')
    .replace(/(?<=\S)[.\u3002\uff0e\uff61](?=\S)/gu, '[.]')
    .replace(/\s+/g, ' ')
    .trim();
}

const TEXTS: Record<
  Language,
  {
    subject: (count: number) => string;
    intro: (minutes: number) => string;
    line: (call: UrgentCall, ago: number) => string;
    open: string;
    priorities: Record<string, string>;
  }
> = {
  en: {
    subject: (count) => (count === 1 ? 'An urgent call is waiting' : `${count} urgent calls are waiting`),
    intro: (minutes) =>
      `nobody has taken these calls within ${minutes} minutes of their arrival. Please call back or assign them:`,
    line: (call, ago) => `${call.priority}: ${call.caller} (phonebot ${call.phonebot}, ${ago} minutes ago)`,
    open: 'Open the call list',
    priorities: {
      'Normal Callback': 'Normal Callback',
      'Important Callback': 'Important Callback',
      'Send Email': 'Send Email',
      Transferred: 'Transferred',
    },
  },
  de: {
    subject: (count) => (count === 1 ? 'Ein dringender Anruf wartet' : `${count} dringende Anrufe warten`),
    intro: (minutes) =>
      `diese Anrufe hat innerhalb von ${minutes} Minuten nach ihrem Eingang niemand übernommen. Bitte rufen Sie zurück oder weisen Sie sie zu:`,
    line: (call, ago) => `${call.priority}: ${call.caller} (Phonebot ${call.phonebot}, vor ${ago} Minuten)`,
    open: 'Anrufliste öffnen',
    priorities: {
      'Normal Callback': 'Normaler Rückruf',
      'Important Callback': 'Wichtiger Rückruf',
      'Send Email': 'E-Mail senden',
      Transferred: 'Weitergeleitet',
    },
  },
};

/** The mail to one operator, in their language, about the company's urgent calls that nobody took in time. */
export function urgentCallMail(
  context: MailContext,
  publicUrl: string,
  recipient: { email: string; name: string },
  content: { minutes: number; calls: UrgentCall[] },
  now: Date = new Date(),
): Mail {
  const t = TEXTS[context.language];
  const lines = content.calls.map((call) => {
    const ago = Math.max(0, Math.round((now.getTime() - new Date(call.at).getTime()) / 60_000));
    return t.line(
      {
        ...call,
        caller: callTextForMail(call.caller),
        phonebot: callTextForMail(call.phonebot),
        priority: t.priorities[call.priority] ?? callTextForMail(call.priority),
      },
      ago,
    );
  });
  return composeMail(
    context,
    recipient.email,
    t.subject(content.calls.length),
    recipient.name,
    [t.intro(content.minutes), ...lines],
    {
      url: `${publicUrl}/viewcalllogs`,
      label: t.open,
    },
  );
}
