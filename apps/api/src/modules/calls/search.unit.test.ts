import { describe, expect, it } from 'vitest';
import { numberForms, numberTokens } from './search.numbers';
import { beginningRanges } from './search.query';
import {
  escapeHtml,
  fold,
  ftsQuery,
  highlightOf,
  indexedTerms,
  postgresDocument,
  postgresQuery,
  searchTerms,
  stemsOf,
  wordsOf,
} from './search.text';

/** Whether a typed number (read in `country`) finds a caller's number, as the index compares them. */
function finds(typed: string, stored: string, country = 'DE'): boolean {
  const forms = numberForms(typed, country);
  if (!forms) return false;
  return numberTokens(stored).some((token) =>
    token.startsWith('n:') ? forms.starts.some((start) => token.startsWith(start)) : token.startsWith(forms.end),
  );
}

describe('the words of the call search', () => {
  it('stems German and English words as PostgreSQL does (Snowball)', () => {
    expect(stemsOf('heizungen')).toEqual(['heizung', 'heizungen']);
    expect(stemsOf('häuser')).toEqual(['haus', 'häuser']);
    expect(stemsOf('invoices')).toEqual(['invoic']);
    expect(stemsOf('calling')).toEqual(['calling', 'call']);
    expect(stemsOf('straße')).toEqual(['strass', 'straße']);
  });

  it('cuts texts into words of letters and digits, in lower case', () => {
    expect(wordsOf('Rückruf: 030/123-45, e-mail „bitte“!')).toEqual([
      'rückruf',
      '030',
      '123',
      '45',
      'e',
      'mail',
      'bitte',
    ]);
  });

  it('indexes the caller’s number and the stems of every word, each as a term of the company', () => {
    expect(indexedTerms(7, '+49301234567', ['Heizungen kaputt'])).toBe(
      '7:n:49301234567 7:r:76543210394 7:heizung 7:heizungen 7:kaputt',
    );
    expect(indexedTerms(7, 'anonymous', ['Hallo'])).toBe('7:hallo');
    expect(indexedTerms(7, 'anonymous', [])).toBe('');
  });

  it('reads numbers out of a search before its words, the last word as a beginning', () => {
    const terms = searchTerms('Heizung +49 (0)30 123 45-67 kaputt', 'DE');
    expect(terms).toMatchObject([
      { kind: 'number', groups: ['49', '0', '30', '123', '45', '67'] },
      { kind: 'word', word: 'heizung', prefix: false },
      { kind: 'word', word: 'kaputt', prefix: true },
    ]);
    expect(searchTerms('ab', 'DE')).toMatchObject([{ kind: 'word', word: 'ab', prefix: false }]);
    // Fewer than four digits are a word.
    expect(searchTerms('Zimmer 12', 'DE')).toMatchObject([{ word: 'zimmer' }, { word: '12' }]);
    expect(searchTerms(' !? ', 'DE')).toEqual([]);
  });

  it('writes the FTS5 query of the company’s terms, every term quoted', () => {
    expect(ftsQuery(3, searchTerms('Heizung "kaputt"', 'DE'))).toBe('("3:heizung") AND ("3:kaputt"*)');
    expect(ftsQuery(3, searchTerms('030 1234567', 'DE'))).toBe(
      '("3:n:0301234567"* OR "3:n:49301234567"* OR "3:r:765432103"* OR "3:030 3:1234567")',
    );
  });

  it('names the terms a word being typed begins, when they were read from the vocabulary', () => {
    const terms = searchTerms('Heizung gut', 'DE');
    expect(ftsQuery(3, terms, new Map([[1, ['3:gutschrift', '3:guten']]]))).toBe(
      '("3:heizung") AND ("3:gut" OR "3:gutschrift" OR "3:guten")',
    );
  });

  it('reads the terms a stem begins around the stems themselves', () => {
    const last = '\u{10FFFF}';
    expect(beginningRanges(['3:heiz'])).toEqual([['3:heiz\u0001', `3:heiz${last}`]]);
    // "guten" begins with "gut": its own term is left out of gut's range, which goes on after it.
    expect(beginningRanges(['3:gut', '3:guten'])).toEqual([
      ['3:gut\u0001', `3:gutem${last}`],
      ['3:guten\u0001', `3:gut${last}`],
      ['3:guten\u0001', `3:guten${last}`],
    ]);
    for (const [from, to] of beginningRanges(['3:gut', '3:guten'])) {
      expect('3:guten' >= from && '3:guten' <= to).toBe(false);
      expect('3:gut' >= from && '3:gut' <= to).toBe(false);
    }
  });

  it('keeps one company’s terms apart from another’s whose id begins alike', () => {
    // Company 1's "2abc" being typed and company 12's "abc": the colon after the id tells them apart.
    const query = ftsQuery(1, searchTerms('2abc', 'DE'));
    expect(query).toBe('("1:2abc"*)');
    expect(
      indexedTerms(12, '+4912345', ['abc'])
        .split(' ')
        .some((term) => term.startsWith('1:2abc')),
    ).toBe(false);
  });

  it('gives PostgreSQL the terms SQLite indexes, accents taken off, each word’s stems at its position', () => {
    const document = postgresDocument(3, '+49301234567', ['Bitte um Rückruf', "030/1234567 it's"]);
    expect(document).toBe(
      "'3:n:49301234567' '3:r:76543210394' '3:bitt':1 '3:um':2 '3:ruckruf':3 '3:030':4 '3:1234567':5 " +
        "'3:it':6 '3:s':7",
    );
    // The same terms as SQLite's, whatever their order.
    const sqlite = new Set(
      indexedTerms(3, '+49301234567', ['Bitte um Rückruf', "030/1234567 it's"]).split(' ').map(fold),
    );
    expect(new Set(document.split(' ').map((part) => part.replace(/^'(.*)'(:[\d,]+)?$/, '$1')))).toEqual(sqlite);
    expect(postgresDocument(3, 'anonymous', [])).toBe('');
  });

  it('leaves out of a PostgreSQL document what the database cannot keep, and counts no position past its last', () => {
    const long = 'x'.repeat(3000);
    expect(postgresDocument(1, '', [`a ${long} b`])).toBe("'1:a':1 '1:b':3");
    const many = postgresDocument(1, '', [Array.from({ length: 17_000 }, (_, i) => `w${i}`).join(' ')]);
    expect(many.endsWith("'1:w16999':16383")).toBe(true);
  });

  it('asks PostgreSQL for the stems of each word, the beginning of the one being typed, and a number in any writing', () => {
    expect(postgresQuery(3, searchTerms('Rückrufe heiz', 'DE'))).toBe("('3:ruckruf' | '3:ruckrufe') & ('3:heiz':*)");
    expect(postgresQuery(3, searchTerms('030 1234567', 'DE'))).toBe(
      // The national and the international beginning, the end, and the groups written in a text.
      "('3:n:0301234567':* | '3:n:49301234567':* | '3:r:765432103':* | ('3:030' <-> '3:1234567'))",
    );
  });
});

describe('numbers in any writing', () => {
  const stored = '+49301234567';
  it.each([
    '+49301234567',
    '+49 30 1234567',
    '0049301234567',
    '0049 (0)30 1234567',
    '+49 (0)30 1234567',
    '030 1234567',
    '030/1234567',
    '030-123 45 67',
    '(030) 123 45 67',
    '1234567',
    '301234567',
    '030 12',
    '+49 30',
  ])('finds %s', (typed) => expect(finds(typed, stored)).toBe(true));

  it('finds numbers stored in their national writing too', () => {
    expect(finds('+49 30 1234567', '030 1234567')).toBe(true);
    expect(finds('030 1234567', '0301234567')).toBe(true);
  });

  it('does not find other numbers, too few digits or withheld callers', () => {
    expect(finds('030 7654321', stored)).toBe(false);
    expect(finds('040 1234567', stored)).toBe(false);
    expect(finds('123', stored)).toBe(false);
    expect(numberForms('12a3')).toBeUndefined();
    expect(numberTokens('anonymous')).toEqual([]);
    expect(numberTokens('+266696687')).toEqual([]);
  });

  it('reads national numbers in the company’s country', () => {
    expect(finds('044 123 45 67', '+41441234567', 'CH')).toBe(true);
    expect(finds('044 123', '+41441234567', 'CH')).toBe(true);
    expect(finds('044 123', '+41441234567', 'DE')).toBe(false);
    // Italy dials its leading 0 after the country code; the US its trunk 1 and 011 abroad.
    expect(finds('06 1234 5678', '+390612345678', 'IT')).toBe(true);
    expect(finds('1 212 555 0100', '+12125550100', 'US')).toBe(true);
    expect(finds('011 49 30 1234567', stored, 'US')).toBe(true);
    // An unknown country reads as Germany.
    expect(finds('030 1234567', stored, 'XX')).toBe(true);
  });
});

describe('the highlight', () => {
  const call = (...texts: string[]) => ({ callerNumber: '+49301234567', texts });

  it('marks every matching word of the piece with the most terms, HTML-escaped', () => {
    const terms = searchTerms('heizung kaputt', 'DE');
    expect(highlightOf(call('Nur die Heizung.', 'Die <b>Heizungen</b> sind kaputt & kalt'), terms)).toBe(
      'Die &lt;b&gt;<mark>Heizungen</mark>&lt;/b&gt; sind <mark>kaputt</mark> &amp; kalt',
    );
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('cuts a long text at words around the first match', () => {
    const before = 'eins zwei drei vier fünf sechs sieben acht neun zehn '.repeat(3);
    const after = ' elf zwölf dreizehn vierzehn fünfzehn sechzehn'.repeat(10);
    const highlight = highlightOf(call(`${before}Wasserschaden${after}`), searchTerms('Wasserschaden', 'DE'))!;
    expect(highlight).toMatch(/^…\S/);
    expect(highlight).toMatch(/\S…$/);
    expect(highlight).toContain('<mark>Wasserschaden</mark>');
    expect(highlight.replace(/<\/?mark>/g, '').length).toBeLessThanOrEqual(202);
  });

  it('marks a number in the text, else the caller’s number; null when neither matches', () => {
    const terms = searchTerms('030 1234567', 'DE');
    expect(highlightOf(call('Rufen Sie 030 1234567 an'), terms)).toBe('Rufen Sie <mark>030 1234567</mark> an');
    expect(highlightOf(call('Guten Tag'), terms)).toBe('<mark>+49301234567</mark>');
    expect(highlightOf(call('Guten Tag'), searchTerms('Heizung', 'DE'))).toBeNull();
  });
});
