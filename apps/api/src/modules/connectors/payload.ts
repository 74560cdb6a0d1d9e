import { CALL_LIMITS, type CallTurn, type ExtractedFields } from '@phonebot/shared/calls';

/** Reading the platforms' JSON without trusting its shape: each helper answers undefined for anything unexpected. */

export type Json = Record<string, unknown>;

export const objectOf = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
export const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;
export const numberOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
export const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A path into nested objects: `at(body, 'call', 'call_id')`. */
export function at(value: unknown, ...path: string[]): unknown {
  let here = value;
  for (const key of path) here = objectOf(here)?.[key];
  return here;
}

/** What the caller's number is stored as when the platform names none (a web call): a withheld number. */
export const NO_NUMBER = 'anonymous';

export function callerNumberOf(value: unknown): string {
  const number = textOf(value)?.trim();
  return number && number.length <= CALL_LIMITS.caller && !/\p{Cc}/u.test(number) ? number : NO_NUMBER;
}

/** A turn as the platforms give it: who spoke (mapped to the runtime's actions), what and when. */
export type PlatformTurn = { speaker: 'caller' | 'bot' | undefined; text: unknown; start: unknown };

const ACTION = { caller: 'UserRecognizedText', bot: 'BotResponseText' } as const;

/**
 * The conversation within the Bot API's limits: turns of the caller and the agent with text, in order, each text
 * cut to its limit; turns past the count or the size of a stored conversation are left out.
 */
export function turnsOf(turns: readonly PlatformTurn[]): CallTurn[] {
  const kept: CallTurn[] = [];
  let bytes = 2;
  for (const turn of turns) {
    const text = textOf(turn.text);
    if (!turn.speaker || text === undefined) continue;
    const start = numberOf(turn.start);
    const stored: CallTurn = {
      text: text.slice(0, CALL_LIMITS.turnText),
      action: ACTION[turn.speaker],
      ...(start !== undefined && start >= 0 && start <= CALL_LIMITS.durationS
        ? { start_s: Math.round(start * 1000) / 1000 }
        : {}),
    };
    bytes += Buffer.byteLength(JSON.stringify(stored)) + 1;
    if (kept.length >= CALL_LIMITS.turns || bytes > CALL_LIMITS.conversationBytes) break;
    kept.push(stored);
  }
  return kept;
}

/**
 * The extracted fields as one flat object of names and values: text, numbers, yes/no and none stay as they are,
 * anything nested becomes its JSON text; names and texts are cut to their limits, at most the allowed number kept.
 */
export function flatFields(fields: Json | undefined, valueOf: (value: unknown) => unknown = (v) => v): ExtractedFields {
  const flat: ExtractedFields = {};
  for (const [name, raw] of Object.entries(fields ?? {})) {
    if (Object.keys(flat).length >= CALL_LIMITS.extractedFields) break;
    const key = name.trim().slice(0, CALL_LIMITS.extractedName);
    if (!key) continue;
    const value = valueOf(raw);
    if (value === null || value === undefined) flat[key] = null;
    else if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) flat[key] = value;
    else {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      flat[key] = text.slice(0, CALL_LIMITS.extractedValue);
    }
  }
  return flat;
}

/** A summary within its limit, or null. */
export const summaryOf = (value: unknown): string | null => textOf(value)?.trim().slice(0, CALL_LIMITS.summary) ?? null;

/** A recording's address: only http(s). */
export const recordingUrlOf = (value: unknown): string | null => {
  const url = textOf(value)?.trim();
  return url && /^https?:\/\/\S+$/i.test(url) && url.length <= 4000 ? url : null;
};

/** An ISO time from seconds or milliseconds since 1970, when it is one. */
export function isoFrom(value: unknown, unit: 'ms' | 's'): string | undefined {
  const number = numberOf(value);
  if (number === undefined) return undefined;
  const date = new Date(unit === 's' ? number * 1000 : number);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** A duration in whole seconds within the Bot API's limit. */
export function secondsOf(value: unknown): number | undefined {
  const number = numberOf(value);
  return number === undefined || number < 0 ? undefined : Math.min(Math.round(number), CALL_LIMITS.durationS);
}
