import type { Language } from '@phonebot/shared';
import { WEBHOOK_MAX_AGE_DAYS } from '@phonebot/shared/webhooks';
import type { Mail } from '../../lib/mailer';
import { type MailContext, composeMail } from '../../lib/mail-layout';

type Reason = 'failing' | 'gone';

const TEXTS: Record<
  Language,
  { subject: string; why: Record<Reason, (url: string) => string>; rest: string; open: string }
> = {
  en: {
    subject: 'A webhook endpoint was paused',
    why: {
      failing: (url) => `the webhook endpoint ${url} has not accepted a delivery for 24 hours, so it was paused.`,
      gone: (url) => `the webhook endpoint ${url} answered 410 Gone, so it was paused.`,
    },
    rest: `Its deliveries are kept for up to ${WEBHOOK_MAX_AGE_DAYS} days. Fix the endpoint, then enable it again on the Integrations screen; the waiting deliveries are then sent in order.`,
    open: 'Open Integrations',
  },
  de: {
    subject: 'Ein Webhook-Endpunkt wurde pausiert',
    why: {
      failing: (url) =>
        `der Webhook-Endpunkt ${url} hat 24 Stunden lang keine Zustellung angenommen und wurde deshalb pausiert.`,
      gone: (url) => `der Webhook-Endpunkt ${url} hat mit 410 Gone geantwortet und wurde deshalb pausiert.`,
    },
    rest: `Seine Zustellungen bleiben bis zu ${WEBHOOK_MAX_AGE_DAYS} Tage erhalten. Beheben Sie den Fehler und aktivieren Sie den Endpunkt auf der Seite Integrationen wieder; dann werden die wartenden Zustellungen der Reihe nach gesendet.`,
    open: 'Integrationen öffnen',
  },
};

/** The mail to a company admin, in their language, that the server paused an endpoint, and why. */
export function webhookPausedMail(
  context: MailContext,
  publicUrl: string,
  recipient: { email: string; name: string },
  url: string,
  reason: Reason,
): Mail {
  const t = TEXTS[context.language];
  return composeMail(context, recipient.email, t.subject, recipient.name, [t.why[reason](url), t.rest], {
    url: `${publicUrl}/integrations`,
    label: t.open,
  });
}
