import type { NotificationKind } from '@phonebot/shared/notifications';
import type { Language } from '@phonebot/shared';
import type { Mail } from '../../lib/mailer';
import { type MailContext, composeMail, nameForMail, pageLink } from '../../lib/mail-layout';

export type NotificationForMail = {
  kind: NotificationKind;
  callId: number;
  caller: string;
  /** Who assigned the call or wrote the note; null when that user is gone, and for a reply. */
  actor: string | null;
};

const TEXTS: Record<
  Language,
  {
    subject: Record<NotificationKind, (actor: string, caller: string) => string>;
    body: Record<NotificationKind, (actor: string, caller: string) => string>;
    someone: string;
    open: string;
  }
> = {
  en: {
    subject: {
      assigned: (actor) => `${actor} assigned a call to you`,
      mentioned: (actor) => `${actor} mentioned you in a note`,
      reply: (_actor, caller) => `New SMS reply from ${caller}`,
    },
    body: {
      assigned: (actor, caller) => `${actor} assigned you the call from ${caller}. It is still waiting for you.`,
      mentioned: (actor, caller) => `${actor} mentioned you in a note on the call from ${caller}.`,
      reply: (_actor, caller) => `A new SMS reply from ${caller} has arrived. Open the call to read it.`,
    },
    someone: 'Someone',
    open: 'Open the call',
  },
  de: {
    subject: {
      assigned: (actor) => `${actor} hat Ihnen einen Anruf zugewiesen`,
      mentioned: (actor) => `${actor} hat Sie in einer Notiz erwähnt`,
      reply: (_actor, caller) => `Neue SMS-Antwort von ${caller}`,
    },
    body: {
      assigned: (actor, caller) => `${actor} hat Ihnen den Anruf von ${caller} zugewiesen. Er wartet noch auf Sie.`,
      mentioned: (actor, caller) => `${actor} hat Sie in einer Notiz zum Anruf von ${caller} erwähnt.`,
      reply: (_actor, caller) =>
        `Eine neue SMS-Antwort von ${caller} ist eingegangen. Öffnen Sie den Anruf, um sie zu lesen.`,
    },
    someone: 'Jemand',
    open: 'Anruf öffnen',
  },
};

/** The mail about a notification its user has not read within the wait, in their language. */
export function notificationMail(
  context: MailContext,
  publicUrl: string,
  recipient: { email: string; name: string },
  notification: NotificationForMail,
): Mail {
  const t = TEXTS[context.language];
  const actor = (notification.actor && nameForMail(notification.actor)) || t.someone;
  const caller = nameForMail(notification.caller) || '-';
  return composeMail(
    context,
    recipient.email,
    t.subject[notification.kind](actor, caller),
    recipient.name,
    [t.body[notification.kind](actor, caller)],
    {
      url: pageLink(context, `${publicUrl}/viewcalllogs`, { call: String(notification.callId) }),
      label: t.open,
    },
  );
}
