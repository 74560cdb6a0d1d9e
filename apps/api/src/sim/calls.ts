import type { CallIngest, CallPriority, CallTurn } from '@phonebot/shared/calls';

/** A small seeded random source, so a demo dataset or a load run can be repeated. */
export function createRandom(seed = Date.now()): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

type Script = { lang: 'de' | 'en'; priority?: CallPriority; turns: [string, string][] };

const SCRIPTS: Script[] = [
  {
    lang: 'de',
    turns: [
      ['UserRecognizedText', 'Guten Tag, ich hätte gerne einen Rückruf wegen meiner Rechnung.'],
      ['BotResponseText', 'Gerne. Unter welcher Nummer erreichen wir Sie am besten?'],
      ['UserRecognizedText', 'Unter dieser Nummer, am liebsten nachmittags.'],
      ['BotResponseText', 'Vielen Dank, ein Kollege ruft Sie heute Nachmittag zurück.'],
    ],
  },
  {
    lang: 'de',
    priority: 'Important Callback',
    turns: [
      ['UserRecognizedText', 'Hallo, unsere Anlage ist ausgefallen, es ist dringend!'],
      ['BotResponseText', 'Das tut mir leid. Ich gebe es sofort als dringend weiter.'],
      ['UserRecognizedText', 'Bitte so schnell wie möglich zurückrufen.'],
      ['BotResponseText', 'Ein Techniker meldet sich in Kürze bei Ihnen.'],
    ],
  },
  {
    lang: 'de',
    priority: 'Send Email',
    turns: [
      ['UserRecognizedText', 'Können Sie mir das Angebot per E-Mail schicken?'],
      ['BotResponseText', 'Selbstverständlich. An welche Adresse?'],
      ['UserRecognizedText', 'An info at beispiel punkt de.'],
      ['SendEmail', 'Angebot an info@beispiel.de angefordert.'],
      ['BotResponseText', 'Die E-Mail ist unterwegs.'],
    ],
  },
  {
    lang: 'de',
    priority: 'Transferred',
    turns: [
      ['UserRecognizedText', 'Ich möchte bitte mit dem Vertrieb sprechen.'],
      ['BotResponseText', 'Einen Moment, ich verbinde Sie.'],
      ['TransferCall', 'Weitergeleitet an den Vertrieb.'],
    ],
  },
  {
    lang: 'en',
    turns: [
      ['UserRecognizedText', 'Hi, I would like to know your opening hours.'],
      ['BotResponseText', 'We are open Monday to Friday from 8 am to 6 pm.'],
      ['UserRecognizedText', 'Great, please have someone call me about an appointment.'],
      ['BotResponseText', 'Sure, we will call you back tomorrow.'],
    ],
  },
  {
    lang: 'en',
    priority: 'Important Callback',
    turns: [
      ['UserRecognizedText', 'This is urgent, our order did not arrive and we need it today.'],
      ['BotResponseText', 'I am sorry to hear that. I will flag this as urgent.'],
      ['BotResponseText', 'Our support team will call you back within the hour.'],
    ],
  },
  {
    lang: 'en',
    priority: 'Transferred',
    turns: [
      ['UserRecognizedText', 'Can I talk to a human, please?'],
      ['BotResponseText', 'Of course, I am transferring you now.'],
      ['TransferCall', 'Transferred to reception.'],
    ],
  },
];

function phoneNumber(random: () => number): string {
  const mobile = random() < 0.6;
  const prefix = mobile
    ? pick(random, ['151', '160', '170', '176', '172'])
    : pick(random, ['30', '40', '89', '221', '69']);
  let rest = '';
  for (let i = 0; i < (mobile ? 8 : 7); i++) rest += Math.floor(random() * 10);
  return `+49${prefix}${rest}`;
}

/** One realistic call as a runtime would post it, with a category from the phonebot's terms. */
export function generateCall(random: () => number, categoryTerms: string[], startedAt = new Date()): CallIngest {
  const script = pick(random, SCRIPTS);
  const response: CallTurn[] = script.turns.map(([action, text]) => ({ action, text }));
  const category = categoryTerms.length && random() < 0.85 ? pick(random, categoryTerms) : null;
  return {
    caller_number: random() < 0.03 ? 'anonymous' : phoneNumber(random),
    response,
    selected_category: category,
    // Runtimes send the priority most of the time; otherwise the server derives it from the turns.
    ...(script.priority && random() < 0.7 ? { priority: script.priority } : {}),
    started_at: startedAt.toISOString(),
    duration_s: 20 + Math.floor(random() * 300),
  };
}
