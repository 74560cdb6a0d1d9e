import { describe, expect, it } from 'vitest';
import { highlightParts, nearFirstMatch } from './search-highlight';

describe('a search highlight', () => {
  it('becomes text and matches, its escapes read back, never markup', () => {
    expect(
      highlightParts('…die <mark>Heizung</mark> &lt;b&gt; &amp; &quot;<mark>Heizungen</mark>&quot; &#39;x&#39;…'),
    ).toEqual([
      { text: '…die ', match: false },
      { text: 'Heizung', match: true },
      { text: ' <b> & "', match: false },
      { text: 'Heizungen', match: true },
      { text: `" 'x'…`, match: false },
    ]);
    expect(highlightParts('<mark>+49301234567</mark>')).toEqual([{ text: '+49301234567', match: true }]);
    // A literal "&lt;mark&gt;" in a conversation stays text.
    expect(highlightParts('&lt;mark&gt;')).toEqual([{ text: '<mark>', match: false }]);
  });

  it('starts a row’s line a word before the first match', () => {
    const parts = highlightParts('Guten Tag, ich hätte gerne eine Kopie meiner <mark>Rechnung</mark> vom Mai…');
    expect(nearFirstMatch(parts)).toEqual([
      { text: '…meiner ', match: false },
      { text: 'Rechnung', match: true },
      { text: ' vom Mai…', match: false },
    ]);
    // Nothing to cut: short text before the match, a match first, no match at all.
    expect(nearFirstMatch(highlightParts('im <mark>Keller</mark>'))).toEqual(highlightParts('im <mark>Keller</mark>'));
    expect(nearFirstMatch(highlightParts('<mark>+4930</mark>'))).toEqual([{ text: '+4930', match: true }]);
    expect(nearFirstMatch(highlightParts('kein Treffer'))).toEqual([{ text: 'kein Treffer', match: false }]);
    // A match right after a bracket keeps what stands before it in its word.
    expect(nearFirstMatch(highlightParts('eins zwei drei vier alert(<mark>Heizung</mark>)'))[0]).toEqual({
      text: '…vier alert(',
      match: false,
    });
  });
});
