import { describe, expect, it } from 'vitest';
import { highlightParts } from './search-highlight';

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
});
