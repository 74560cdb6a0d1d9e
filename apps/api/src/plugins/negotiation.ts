import { JSONAPI_MEDIA_TYPE } from '@phonebot/shared';

/**
 * HTTP content negotiation for the API's JSON answers (RFC 9110 12.5.1) with JSON:API 1.1's rules for its media
 * type's parameters. The API answers every JSON document as `application/vnd.api+json` without parameters; it
 * supports no JSON:API extensions, and profiles are allowed and ignored.
 */

/** One media range of an Accept header: its type, its parameters (before the weight) and its weight. */
export type MediaRange = { type: string; parameters: Record<string, string>; q: number };

/** Splits a header value at commas and semicolons outside quoted strings. */
function splitOutsideQuotes(value: string, separator: ',' | ';'): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < value.length; i += 1) {
    const c = value[i]!;
    if (quoted && c === '\\' && i + 1 < value.length) {
      current += c + value[i + 1]!;
      i += 1;
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === separator && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  parts.push(current);
  return parts;
}

const unquote = (value: string) =>
  value.length >= 2 && value.startsWith('"') && value.endsWith('"')
    ? value.slice(1, -1).replace(/\\(.)/g, '$1')
    : value;

/** A media type with its parameters: `application/vnd.api+json; ext="x"` -> type and {ext: 'x'}. */
export function parseMediaType(value: string): { type: string; parameters: Record<string, string> } {
  const [type = '', ...rest] = splitOutsideQuotes(value, ';');
  const parameters: Record<string, string> = {};
  for (const part of rest) {
    const at = part.indexOf('=');
    const name = (at < 0 ? part : part.slice(0, at)).trim().toLowerCase();
    if (name) parameters[name] = at < 0 ? '' : unquote(part.slice(at + 1).trim());
  }
  return { type: type.trim().toLowerCase(), parameters };
}

/**
 * The media ranges of an Accept header. The weight `q` ends a range's media type parameters; what follows it are
 * accept extensions, which are ignored. A weight that is not a number from 0 to 1 counts as 1.
 */
export function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const item of splitOutsideQuotes(header, ',')) {
    if (!item.trim()) continue;
    const [type = '', ...rest] = splitOutsideQuotes(item, ';');
    const parameters: Record<string, string> = {};
    let q = 1;
    for (const part of rest) {
      const at = part.indexOf('=');
      const name = (at < 0 ? part : part.slice(0, at)).trim().toLowerCase();
      if (!name) continue;
      const value = at < 0 ? '' : unquote(part.slice(at + 1).trim());
      if (name === 'q') {
        const weight = Number(value);
        q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) && weight >= 0 && weight <= 1 ? weight : 1;
        break;
      }
      parameters[name] = value;
    }
    ranges.push({ type: type.trim().toLowerCase(), parameters, q });
  }
  return ranges;
}

/**
 * Whether a JSON:API media type's parameters are ones this API serves: `profile` (ignored) and `ext` without an
 * extension (none is supported). JSON:API forbids any other parameter on its media type.
 */
export function supportedJsonApiParameters(parameters: Record<string, string>): boolean {
  return Object.entries(parameters).every(
    ([name, value]) => name === 'profile' || (name === 'ext' && value.trim() === ''),
  );
}

/** A body sent as the JSON:API media type with a parameter JSON:API does not allow, or an extension: 415. */
export function refusedContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const { type, parameters } = parseMediaType(contentType);
  return type === JSONAPI_MEDIA_TYPE && !supportedJsonApiParameters(parameters);
}

/**
 * Whether an Accept header refuses the API's JSON answers (406):
 *
 * - JSON:API: when the header names the JSON:API media type and every instance of it carries a parameter other
 *   than `profile` (or an extension), whatever else it accepts;
 * - HTTP: when the most specific range that matches the answer (`application/vnd.api+json`, which `application/json`
 *   stands for as well, then `application/*`, then `*\/*`) has the weight 0. Ranges with a weight are read as
 *   weights, not as media type parameters.
 *
 * A header that matches the answer with no range at all is answered anyway (RFC 9110 allows it; a client that
 * sends `Accept: text/html` still gets the JSON:API document and its error codes).
 */
export function refusesJsonAnswers(accept: string | undefined, jsonAnswer: boolean): boolean {
  if (!accept) return false;
  const ranges = parseAccept(accept);
  const jsonApi = ranges.filter((range) => range.type === JSONAPI_MEDIA_TYPE);
  const usable = jsonApi.filter((range) => supportedJsonApiParameters(range.parameters));
  if (jsonApi.length > 0 && usable.length === 0) return true;
  if (!jsonAnswer) return false;
  const exact = [...usable, ...ranges.filter((range) => range.type === 'application/json')];
  const bySpecificity = [
    exact,
    ranges.filter((r) => r.type === 'application/*'),
    ranges.filter((r) => r.type === '*/*'),
  ];
  const matching = bySpecificity.find((group) => group.length > 0);
  if (!matching) return false;
  return Math.max(...matching.map((range) => range.q)) === 0;
}

/**
 * Whether an Accept header takes `type` (e.g. `text/event-stream`): no header, or a most specific matching range
 * (`type`, then `text/*`, then `*\/*`) whose weight is above 0.
 */
export function acceptsMediaType(accept: string | undefined, type: string): boolean {
  if (!accept) return true;
  const ranges = parseAccept(accept);
  const family = `${type.split('/')[0]}/*`;
  const bySpecificity = [
    ranges.filter((r) => r.type === type),
    ranges.filter((r) => r.type === family),
    ranges.filter((r) => r.type === '*/*'),
  ];
  const matching = bySpecificity.find((group) => group.length > 0);
  return matching !== undefined && Math.max(...matching.map((range) => range.q)) > 0;
}
