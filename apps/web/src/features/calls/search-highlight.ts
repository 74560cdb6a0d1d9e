/** A piece of a search highlight: text, and whether the search matched it. */
export type HighlightPart = { text: string; match: boolean };

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

function unescape(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);
}

/**
 * The parts of a row's `highlight` (the API's HTML-escaped piece with its matches in `<mark>`), as text to render:
 * the page never inserts the API's markup, so nothing in a conversation can become markup.
 */
export function highlightParts(highlight: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let match = false;
  for (const piece of highlight.split(/(<\/?mark>)/)) {
    if (piece === '<mark>') match = true;
    else if (piece === '</mark>') match = false;
    else if (piece) parts.push({ text: unescape(piece), match });
  }
  return parts;
}

/** How many words before the first match a row keeps: a one-line row then shows the match itself. */
const WORDS_BEFORE_MATCH = 1;

/**
 * The parts with the text before the first match cut to its last word, led by "…": a row shows one line of
 * the highlight, and the API's piece starts a sentence earlier, which at the width of a column hid the match.
 */
export function nearFirstMatch(parts: HighlightPart[]): HighlightPart[] {
  const first = parts.findIndex((part) => part.match);
  if (first <= 0) return parts;
  const before = parts
    .slice(0, first)
    .map((part) => part.text)
    .join('');
  const kept = before.match(new RegExp(`(?:\\S+\\s+){0,${WORDS_BEFORE_MATCH}}\\S*$`))?.[0] ?? '';
  if (kept.length === before.length) return parts;
  return [{ text: `…${kept}`, match: false }, ...parts.slice(first)];
}
