import type { Language } from '@phonebot/shared';
import type { CallPriority } from '@phonebot/shared/calls';
import type { PushPayload } from '@phonebot/shared/push';
import type { PushDeliveriesTable } from '../../db/schema';

/** What a push says about its call, as its recipient reads it (their language). */
export type PushFacts = {
  kind: PushDeliveriesTable['kind'];
  /** The call it is about; of calls given at once, the first. */
  callId: number;
  /** How many calls it stands for: more than one only for calls given at once. */
  count: number;
  caller: string;
  priority: string;
  phonebot: string | null;
  /** Who assigned the call or wrote the note; null when that user is gone (and for the other kinds). */
  actor: string | null;
};

const TEXTS: Record<
  Language,
  {
    title: Record<PushFacts['kind'], (facts: PushFacts, actor: string) => string>;
    body: Record<PushFacts['kind'], (facts: PushFacts, priority: string) => string>;
    /** Calls given at once: the title and line that count them. */
    assignedMany: { title: (actor: string, count: number) => string; body: (caller: string, more: number) => string };
    someone: string;
    priorities: Record<CallPriority, string>;
  }
> = {
  en: {
    title: {
      urgent: (facts) => `Urgent call from ${facts.caller}`,
      assigned: (_facts, actor) => `${actor} assigned a call to you`,
      mentioned: (_facts, actor) => `${actor} mentioned you in a note`,
      reply: (facts) => `New SMS reply from ${facts.caller}`,
    },
    body: {
      urgent: (facts, priority) => (facts.phonebot ? `${priority} · phonebot ${facts.phonebot}` : priority),
      assigned: (facts) => `The call from ${facts.caller} is waiting for you.`,
      mentioned: (facts) => `On the call from ${facts.caller}.`,
      reply: () => 'Open the call to read it.',
    },
    assignedMany: {
      title: (actor, count) => `${actor} assigned ${count} calls to you`,
      body: (caller, more) =>
        more === 1
          ? `The call from ${caller} and one more are waiting for you.`
          : `The call from ${caller} and ${more} more are waiting for you.`,
    },
    someone: 'Someone',
    priorities: {
      'Normal Callback': 'Normal Callback',
      'Important Callback': 'Important Callback',
      'Send Email': 'Send Email',
      Transferred: 'Transferred',
    },
  },
  de: {
    title: {
      urgent: (facts) => `Dringender Anruf von ${facts.caller}`,
      assigned: (_facts, actor) => `${actor} hat Ihnen einen Anruf zugewiesen`,
      mentioned: (_facts, actor) => `${actor} hat Sie in einer Notiz erwähnt`,
      reply: (facts) => `Neue SMS-Antwort von ${facts.caller}`,
    },
    body: {
      urgent: (facts, priority) => (facts.phonebot ? `${priority} · Phonebot ${facts.phonebot}` : priority),
      assigned: (facts) => `Der Anruf von ${facts.caller} wartet auf Sie.`,
      mentioned: (facts) => `Zum Anruf von ${facts.caller}.`,
      reply: () => 'Öffnen Sie den Anruf, um sie zu lesen.',
    },
    assignedMany: {
      title: (actor, count) => `${actor} hat Ihnen ${count} Anrufe zugewiesen`,
      body: (caller, more) =>
        more === 1
          ? `Der Anruf von ${caller} und ein weiterer warten auf Sie.`
          : `Der Anruf von ${caller} und ${more} weitere warten auf Sie.`,
    },
    someone: 'Jemand',
    priorities: {
      'Normal Callback': 'Normaler Rückruf',
      'Important Callback': 'Wichtiger Rückruf',
      'Send Email': 'E-Mail senden',
      Transferred: 'Weitergeleitet',
    },
  },
};

/** Text from a call (a number, a name) on one line, without control or invisible characters, and not too long. */
function plain(text: string, max = 80): string {
  const line = text
    .replace(/\p{Cf}+/gu, '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ')
    .trim();
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
}

/**
 * The payload of a push (the service worker shows exactly this): title and line in the recipient's language, the
 * web app's address of the call (as the notification mails link to it), and a tag per call, so that a newer push
 * about the same call replaces the older one on the device. Calls given at once are counted, and lead to the
 * user's open calls.
 */
export function pushPayload(language: Language, publicUrl: string, facts: PushFacts): PushPayload {
  const t = TEXTS[language];
  const clean = {
    ...facts,
    caller: plain(facts.caller),
    phonebot: facts.phonebot === null ? null : plain(facts.phonebot),
  };
  const priority = t.priorities[facts.priority as CallPriority] ?? plain(facts.priority);
  const actor = facts.actor === null ? t.someone : plain(facts.actor);
  if (facts.kind === 'assigned' && facts.count > 1) {
    // Calls given at once lead to the user's own open calls (the inbox's Mine filter).
    return {
      title: t.assignedMany.title(actor, facts.count),
      body: t.assignedMany.body(clean.caller, facts.count - 1),
      url: `${publicUrl}/viewcalllogs?${new URLSearchParams({ assignee: 'me' })}`,
      tag: `call-${facts.callId}`,
    };
  }
  return {
    title: t.title[facts.kind](clean, actor),
    body: t.body[facts.kind](clean, priority),
    url: `${publicUrl}/viewcalllogs?${new URLSearchParams({ call: String(facts.callId) })}`,
    tag: `call-${facts.callId}`,
  };
}
