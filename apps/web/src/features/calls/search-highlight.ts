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
