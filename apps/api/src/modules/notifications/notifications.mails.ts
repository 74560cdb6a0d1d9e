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
    /** One notification as a line of a mail about several. */
    line: Record<NotificationKind, (actor: string, caller: string) => string>;
    digestSubject: (count: number) => string;
    digestIntro: (count: number) => string;
    digestMore: (count: number) => string;
    someone: string;
    open: string;
    openCalls: string;
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
    line: {
      assigned: (actor, caller) => `${actor} assigned you the call from ${caller}.`,
      mentioned: (actor, caller) => `${actor} mentioned you in a note on the call from ${caller}.`,
      reply: (_actor, caller) => `New SMS reply from ${caller}.`,
    },
    digestSubject: (count) => `${count} notifications you have not read`,
    digestIntro: (count) => `These ${count} notifications are waiting for you:`,
    digestMore: (count) => (count === 1 ? 'And one more.' : `And ${count} more.`),
    someone: 'Someone',
    open: 'Open the call',
    openCalls: 'Open the calls',
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
    line: {
      assigned: (actor, caller) => `${actor} hat Ihnen den Anruf von ${caller} zugewiesen.`,
      mentioned: (actor, caller) => `${actor} hat Sie in einer Notiz zum Anruf von ${caller} erwähnt.`,
      reply: (_actor, caller) => `Neue SMS-Antwort von ${caller}.`,
    },
    digestSubject: (count) => `${count} ungelesene Benachrichtigungen`,
    digestIntro: (count) => `Diese ${count} Benachrichtigungen warten auf Sie:`,
    digestMore: (count) => (count === 1 ? 'Und eine weitere.' : `Und ${count} weitere.`),
    someone: 'Jemand',
    open: 'Anruf öffnen',
    openCalls: 'Anrufe öffnen',
  },
};

/** A mail about several notifications writes out at most this many; it counts the rest. */
export const DIGEST_LINES = 20;

/** Who did it and whose call, as a mail names them. */
function names(language: MailContext['language'], notification: NotificationForMail) {
  const t = TEXTS[language];
  return {
    actor: (notification.actor && nameForMail(notification.actor)) || t.someone,
    caller: nameForMail(notification.caller) || '-',
  };
}

/**
 * One mail about the notifications a user has not read within the wait that were due at once (a bulk assignment
 * makes one per call): a line for each with its call's address, up to DIGEST_LINES, and a link to the call list.
 */
export function notificationDigestMail(
  context: MailContext,
  publicUrl: string,
  recipient: { email: string; name: string },
  notifications: readonly NotificationForMail[],
): Mail {
  const t = TEXTS[context.language];
  const lines = notifications.slice(0, DIGEST_LINES).map((notification) => {
    const { actor, caller } = names(context.language, notification);
    const call = pageLink(context, `${publicUrl}/viewcalllogs`, { call: String(notification.callId) });
    return `${t.line[notification.kind](actor, caller)} ${call}`;
  });
  const more = notifications.length - lines.length;
  return composeMail(
    context,
    recipient.email,
    t.digestSubject(notifications.length),
    recipient.name,
    [t.digestIntro(notifications.length), ...lines, ...(more > 0 ? [t.digestMore(more)] : [])],
    { url: pageLink(context, `${publicUrl}/viewcalllogs`), label: t.openCalls },
  );
}

/** The mail about a notification its user has not read within the wait, in their language. */
export function notificationMail(
  context: MailContext,
  publicUrl: string,
  recipient: { email: string; name: string },
  notification: NotificationForMail,
): Mail {
  const t = TEXTS[context.language];
  const { actor, caller } = names(context.language, notification);
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
