import type { Language } from '@phonebot/shared';
import type { Mail } from '../../lib/mailer';
import { type MailContext, composeMail } from '../auth/auth.mails';

const TEXTS: Record<Language, { subject: string; body: (url: string) => string[]; open: string }> = {
  en: {
    subject: 'A webhook endpoint was paused',
    body: (url) => [
      `the webhook endpoint ${url} has not accepted a delivery for 24 hours, so it was paused.`,
      'Its deliveries are kept. Fix the endpoint, then enable it again on the Integrations screen; the waiting deliveries are then sent.',
    ],
    open: 'Open Integrations',
  },
  de: {
    subject: 'Ein Webhook-Endpunkt wurde pausiert',
    body: (url) => [
      `der Webhook-Endpunkt ${url} hat 24 Stunden lang keine Zustellung angenommen und wurde deshalb pausiert.`,
      'Seine Zustellungen bleiben erhalten. Beheben Sie den Fehler und aktivieren Sie den Endpunkt auf der Seite Integrationen wieder; dann werden die wartenden Zustellungen gesendet.',
    ],
    open: 'Integrationen öffnen',
  },
};

/** The mail to a company admin, in their language, that an endpoint failing for a day was paused. */
export function webhookPausedMail(
  context: MailContext,
  publicUrl: string,
  recipient: { email: string; name: string },
  url: string,
): Mail {
  const t = TEXTS[context.language];
  return composeMail(context, recipient.email, t.subject, recipient.name, t.body(url), {
    url: `${publicUrl}/integrations`,
    label: t.open,
  });
}
