/** The deepest nesting of arrays and objects a JSON body may have; real bodies of the API stay below 10. */
export const MAX_JSON_DEPTH = 32;

export type JsonTextReport = { tooDeep: boolean; hasNul: boolean };

/**
 * One linear pass over raw JSON text, before it is parsed: whether its nesting exceeds `maxDepth` and whether a
 * string holds an escaped NUL (`\u0000`). Escaped backslashes are skipped as pairs, so `"\\u0000"` (a backslash
 * followed by the letters u0000) is no NUL. A raw NUL character is invalid JSON and left to the parser.
 */
export function inspectJsonText(text: string, maxDepth = MAX_JSON_DEPTH): JsonTextReport {
  let depth = 0;
  let inString = false;
  let hasNul = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) {
        if (text.charCodeAt(i + 1) === 0x75 && text.startsWith('0000', i + 2)) hasNul = true;
        i++;
      } else if (c === 0x22) {
        inString = false;
      }
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return { tooDeep: true, hasNul };
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return { tooDeep: false, hasNul };
}

const escapeSegment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The JSON pointer of the first key or string holding a NUL character, which no text column of PostgreSQL can
 * store. Bounded work: a value is visited once, and a pointer is only built for the one found. Values nested
 * deeper than `maxDepth` are not searched (JSON bodies are refused before they get this deep).
 */
export function nulPointer(value: unknown, maxDepth = MAX_JSON_DEPTH): string | undefined {
  const path = findNul(value, maxDepth);
  if (!path) return undefined;
  return path.length === 0 ? '/' : path.map((segment) => `/${escapeSegment(segment)}`).join('');
}

function findNul(value: unknown, depthLeft: number): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : undefined;
  if (value === null || typeof value !== 'object' || depthLeft <= 0) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item === null || (typeof item !== 'string' && typeof item !== 'object')) continue;
      const found = findNul(item, depthLeft - 1);
      if (found) return [String(i), ...found];
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (key.includes('\u0000')) return [key];
    const item = (value as Record<string, unknown>)[key];
    if (item === null || (typeof item !== 'string' && typeof item !== 'object')) continue;
    const found = findNul(item, depthLeft - 1);
    if (found) return [key, ...found];
  }
  return undefined;
}
