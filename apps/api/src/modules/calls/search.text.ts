import { createRequire } from 'node:module';
import type * as Snowball from 'snowball-stemmers';
import { numberForms, numberTokens } from './search.numbers';

/**
 * The words of the call search, the same on both engines: how a text is cut into words, each word's stems, what a
 * search asks for, the terms SQLite indexes and the highlight of a found call.
 *
 * A word is a run of letters and digits. Its stems are the Snowball German and English stems, the algorithms
 * PostgreSQL's `german` and `english` text search configurations use, so "Heizungen" is found by "Heizung" and
 * "called" by "calling" on either engine. The last word of a search (the one being typed) also matches as the
 * beginning of a stem, once it has three letters.
 */

let stemmers: { german: Snowball.Stemmer; english: Snowball.Stemmer } | undefined;
/** Loaded on first use: the package holds every Snowball language and takes a moment to load. */
function loadStemmers() {
  if (!stemmers) {
    const snowball = createRequire(import.meta.url)('snowball-stemmers') as typeof Snowball;
    stemmers = { german: snowball.newStemmer('german'), english: snowball.newStemmer('english') };
  }
  return stemmers;
}

/** Stems of recent words: the words of calls repeat, and stemming one costs some microseconds. */
const stemCache = new Map<string, readonly string[]>();
const STEM_CACHE_SIZE = 50_000;

/** A word's German and English stems (one when they agree), from the word in lower case. */
export function stemsOf(word: string): readonly string[] {
  let stems = stemCache.get(word);
  if (!stems) {
    const { german, english } = loadStemmers();
    const de = german.stem(word);
    const en = english.stem(word);
    stems = de === en ? [de] : [de, en];
    if (stemCache.size >= STEM_CACHE_SIZE) stemCache.clear();
    stemCache.set(word, stems);
  }
  return stems;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a text in lower case, in order. */
export function wordsOf(text: string): string[] {
  return text.normalize('NFC').toLowerCase().match(WORD) ?? [];
}

/** Letters without their accents, as SQLite's tokenizer compares them (`remove_diacritics 2`). */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

/**
 * A term of a company's index: every term carries its company (`<id>:heizung`), so the index's list of the calls
 * with a word holds only that company's calls. A search reads nothing of other companies, and never has to
 * intersect a word's calls with a list of all the company's calls (which at a million calls cost more than the
 * search itself).
 */
export function companyTerm(customerId: number, term: string): string {
  return `${customerId}:${term}`;
}

/**
 * What SQLite indexes of a call: its caller's number tokens, then the stems of every word of its texts (the
 * conversation, notes and SMS), in order, each as a term of its company.
 */
export function indexedTerms(customerId: number, callerNumber: string, texts: readonly string[]): string {
  const terms = numberTokens(callerNumber);
  for (const text of texts) for (const word of wordsOf(text)) terms.push(...stemsOf(word));
  return terms.map((term) => companyTerm(customerId, term)).join(' ');
}

/** A lexeme of a PostgreSQL tsvector or tsquery, quoted (a quote or backslash in it doubled). */
function pgLexeme(term: string): string {
  return `'${term.replace(/['\\]/g, (char) => char + char)}'`;
}

/** The longest lexeme PostgreSQL keeps, in UTF-8 bytes (a longer one is refused; its words are not searchable). */
const PG_MAX_LEXEME = 2046;
/** The last position PostgreSQL records in a document; the words after it share it. */
const PG_MAX_POSITION = 16383;

/**
 * What PostgreSQL indexes of a call, as the text of a tsvector: the same terms as SQLite (indexedTerms), with the
 * letters' accents taken off as SQLite's tokenizer does (`remove_diacritics 2`), each word's stems at the word's
 * position (a number's groups in the texts are found one after the other by them), the caller's number tokens
 * without one. Made here rather than by the database's own configurations, so that both engines find a call by
 * exactly the same words, and storing a call costs the database no text processing.
 */
export function postgresDocument(customerId: number, callerNumber: string, texts: readonly string[]): string {
  const positions = new Map<string, number[]>();
  const add = (term: string, position?: number) => {
    const lexeme = companyTerm(customerId, term);
    let at = positions.get(lexeme);
    if (!at) {
      if (Buffer.byteLength(lexeme) > PG_MAX_LEXEME) return;
      at = [];
      positions.set(lexeme, at);
    }
    if (position !== undefined && at[at.length - 1] !== position) at.push(position);
  };
  for (const token of numberTokens(callerNumber)) add(token);
  let position = 0;
  for (const text of texts) {
    for (const word of wordsOf(text)) {
      position = Math.min(position + 1, PG_MAX_POSITION);
      for (const stem of stemsOf(word)) add(fold(stem), position);
    }
  }
  const parts: string[] = [];
  for (const [lexeme, at] of positions)
    parts.push(at.length ? `${pgLexeme(lexeme)}:${at.join(',')}` : pgLexeme(lexeme));
  return parts.join(' ');
}

/**
 * A search as the text of a PostgreSQL tsquery of the company's terms, matching what postgresDocument indexes as
 * ftsQuery matches SQLite's terms: each word by its stems (their beginning for the word being typed), each number
 * among the callers' numbers (`n:` and `r:` beginnings) or as its groups one after the other; every term (AND).
 */
export function postgresQuery(customerId: number, terms: readonly SearchTerm[]): string {
  const own = (token: string, prefix: boolean) => `${pgLexeme(companyTerm(customerId, token))}${prefix ? ':*' : ''}`;
  return terms
    .map((term) => {
      if (term.kind === 'word') {
        return `(${[...new Set(term.stems.map(fold))].map((stem) => own(stem, term.prefix)).join(' | ')})`;
      }
      const phrase = term.groups.map((group) => own(group, false)).join(' <-> ');
      return `(${[...term.starts, term.end].map((token) => own(token, true)).join(' | ')} | (${phrase}))`;
    })
    .join(' & ');
}

/** A word of a search: its stems, matched whole or (the last word being typed) as their beginning. */
type WordTerm = { kind: 'word'; word: string; stems: readonly string[]; prefix: boolean };
/**
 * A number of a search (four digits or more, in any writing): found in a caller's number (the `n:` and `r:` forms
 * of search.numbers.ts) or as its groups of digits, one after the other, in the texts.
 */
type NumberTerm = { kind: 'number'; text: string; groups: string[]; starts: string[]; end: string };
export type SearchTerm = WordTerm | NumberTerm;

/** The most terms a search is made of; words after them are left out. */
const MAX_TERMS = 12;
/** A number: digits with the separators people write between them, led by + or a bracket. */
const NUMBER = /[+(]?\d[\d\s\-./()]*\d\)?/g;

/**
 * The terms of a search: numbers first found as such, then the words of the rest. Every term must match (AND);
 * an empty list means the search asks for nothing.
 */
export function searchTerms(search: string, country?: string | null): SearchTerm[] {
  const terms: SearchTerm[] = [];
  const rest = search.replace(NUMBER, (span) => {
    const forms = numberForms(span, country);
    if (!forms) return ` ${span} `;
    terms.push({ kind: 'number', text: span.trim(), groups: span.match(/\d+/g) ?? [], ...forms });
    return ' ';
  });
  const words = [...new Set(wordsOf(rest))];
  words.forEach((word, i) => {
    const prefix = i === words.length - 1 && word.length >= 3;
    terms.push({ kind: 'word', word, stems: stemsOf(word), prefix });
  });
  return terms.slice(0, MAX_TERMS);
}

const quoted = (token: string) => `"${token.replace(/"/g, '""')}"`;

/**
 * The FTS5 query of a search within one company (SQLite): every term as a term of the company. `beginnings` holds,
 * by the term's place in `terms`, the index's terms that a word being typed begins (its stems excluded), named one by
 * one (search.query.ts); a word being typed without them asks for its stems' beginnings (`"<id>:heiz"*`).
 */
export function ftsQuery(
  customerId: number,
  terms: readonly SearchTerm[],
  beginnings: ReadonlyMap<number, readonly string[]> = new Map(),
): string {
  return ftsParts(customerId, terms, beginnings).join(' AND ');
}

/** The parts of ftsQuery, one per term, each the alternatives of its term. */
export function ftsParts(
  customerId: number,
  terms: readonly SearchTerm[],
  beginnings: ReadonlyMap<number, readonly string[]> = new Map(),
): string[] {
  const own = (token: string) => quoted(companyTerm(customerId, token));
  const parts = terms.map((term, i) => {
    const named = beginnings.get(i);
    const alternatives =
      term.kind === 'word'
        ? [...term.stems.map((stem) => `${own(stem)}${term.prefix && !named ? '*' : ''}`), ...(named ?? []).map(quoted)]
        : [
            ...term.starts.map((start) => `${own(start)}*`),
            `${own(term.end)}*`,
            quoted(term.groups.map((group) => companyTerm(customerId, group)).join(' ')),
          ];
    return `(${alternatives.join(' OR ')})`;
  });
  return parts;
}

/** The texts of a call the highlight is taken from, in the order they are looked at. */
type CallTexts = { callerNumber: string; texts: readonly string[] };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** How many characters a highlight shows before its first match, and at most in all. */
const BEFORE = 60;
const LENGTH = 200;

type Found = { start: number; end: number; term: number };

/** The words of one text that terms match, by their place in the text. */
function matchesIn(text: string, terms: readonly SearchTerm[]): Found[] {
  const words = [...text.normalize('NFC').matchAll(WORD)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    word: m[0].toLowerCase(),
  }));
  const found: Found[] = [];
  terms.forEach((term, t) => {
    if (term.kind === 'word') {
      const wanted = term.stems.map(fold);
      for (const word of words) {
        const stems = stemsOf(word.word).map(fold);
        const hit = stems.some((stem) => wanted.some((want) => (term.prefix ? stem.startsWith(want) : stem === want)));
        if (hit) found.push({ start: word.start, end: word.end, term: t });
      }
      return;
    }
    // A number's groups of digits, one word each, one after the other.
    const n = term.groups.length;
    for (let i = 0; n > 0 && i + n <= words.length; i++) {
      if (term.groups.every((group, k) => words[i + k]!.word === group)) {
        found.push({ start: words[i]!.start, end: words[i + n - 1]!.end, term: t });
      }
    }
  });
  return found.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** Whether a number term names this caller's number. */
function numberMatches(term: NumberTerm, callerNumber: string): boolean {
  const tokens = numberTokens(callerNumber);
  return tokens.some((token) =>
    token.startsWith('n:') ? term.starts.some((start) => token.startsWith(start)) : token.startsWith(term.end),
  );
}

/**
 * The highlight of a found call: the piece of its texts where the most terms match, HTML-escaped, each match in
 * `<mark>`, cut at words with "…" where it is cut. When only the caller's number matches, the number; null when
 * nothing of the call matches the words (a call found by its status, say).
 */
export function highlightOf(call: CallTexts, terms: readonly SearchTerm[]): string | null {
  let best: { text: string; found: Found[]; distinct: number } | undefined;
  for (const text of call.texts) {
    const found = matchesIn(text, terms);
    const distinct = new Set(found.map((f) => f.term)).size;
    if (distinct > (best?.distinct ?? 0)) best = { text, found, distinct };
  }
  if (!best) {
    const number = terms.some((term) => term.kind === 'number' && numberMatches(term, call.callerNumber));
    return number ? `<mark>${escapeHtml(call.callerNumber)}</mark>` : null;
  }
  const text = best.text.normalize('NFC');
  const first = best.found[0]!;
  let start = Math.max(0, first.start - BEFORE);
  if (start > 0) {
    const space = text.slice(start, first.start).search(/\s/);
    start = space >= 0 ? start + space + 1 : first.start;
  }
  let end = Math.min(text.length, Math.max(start + LENGTH, first.end));
  if (end < text.length) {
    const lastSpace = text.slice(first.end, end).search(/\s\S*$/);
    if (lastSpace >= 0) end = first.end + lastSpace;
  }
  let out = start > 0 ? '…' : '';
  let at = start;
  for (const match of best.found) {
    if (match.start < at || match.end > end) continue;
    out += escapeHtml(text.slice(at, match.start)) + `<mark>${escapeHtml(text.slice(match.start, match.end))}</mark>`;
    at = match.end;
  }
  out += escapeHtml(text.slice(at, end)) + (end < text.length ? '…' : '');
  return out.replace(/\s+/g, ' ').trim();
}
