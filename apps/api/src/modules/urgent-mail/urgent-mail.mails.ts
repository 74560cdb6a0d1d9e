import type { Mail } from '../../lib/mailer';
import { nameForMail } from '../auth/auth.mails';

export type UrgentCall = { caller: string; priority: string; phonebot: string; at: string };
type Language = 'en' | 'de';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const TEXTS = {
  en: {
    subject: (count: number) => (count === 1 ? 'An urgent call is waiting' : `${count} urgent calls are waiting`),
    hello: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    intro: (minutes: number) =>
      `nobody has taken these calls within ${minutes} minutes of their arrival. Please call back or assign them:`,
    line: (call: UrgentCall, ago: number) =>
      `${call.priority}: ${call.caller} (phonebot ${call.phonebot}, ${ago} minutes ago)`,
    open: 'Open the call list',
    priorities: {
      'Normal Callback': 'Normal Callback',
      'Important Callback': 'Important Callback',
      'Send Email': 'Send Email',
      Transferred: 'Transferred',
    } as Record<string, string>,
  },
  de: {
    subject: (count: number) => (count === 1 ? 'Ein dringender Anruf wartet' : `${count} dringende Anrufe warten`),
    hello: (name: string) => (name ? `Hallo ${name},` : 'Hallo,'),
    intro: (minutes: number) =>
      `diese Anrufe hat innerhalb von ${minutes} Minuten nach ihrem Eingang niemand übernommen. Bitte rufen Sie zurück oder weisen Sie sie zu:`,
    line: (call: UrgentCall, ago: number) =>
      `${call.priority}: ${call.caller} (Phonebot ${call.phonebot}, vor ${ago} Minuten)`,
    open: 'Anrufliste öffnen',
    priorities: {
      'Normal Callback': 'Normaler Rückruf',
      'Important Callback': 'Wichtiger Rückruf',
      'Send Email': 'E-Mail senden',
      Transferred: 'Weitergeleitet',
    } as Record<string, string>,
  },
} as const;

/** The mail to one operator about the company's urgent calls that nobody took in time. */
export function urgentCallMail(
  publicUrl: string,
  recipient: { email: string; name: string; language?: string | null },
  content: { minutes: number; calls: UrgentCall[] },
  now: Date = new Date(),
): Mail {
  const language: Language = recipient.language === 'de' ? 'de' : 'en';
  const t = TEXTS[language];
  const url = `${publicUrl}/viewcalllogs`;
  const lines = content.calls.map((call) => {
    const ago = Math.max(0, Math.round((now.getTime() - new Date(call.at).getTime()) / 60_000));
    return t.line({ ...call, priority: t.priorities[call.priority] ?? call.priority }, ago);
  });
  const greeting = t.hello(nameForMail(recipient.name));
  const text = [greeting, '', t.intro(content.minutes), '', ...lines, '', `${t.open}: ${url}`].join('\n');
  const html = [
    `<p>${escape(greeting)}</p>`,
    `<p>${escape(t.intro(content.minutes))}</p>`,
    `<ul>${lines.map((line) => `<li>${escape(line)}</li>`).join('')}</ul>`,
    `<p><a href="${escape(url)}">${escape(t.open)}</a></p>`,
  ].join('\n');
  return { to: recipient.email, subject: t.subject(content.calls.length), text, html, links: [url] };
}
