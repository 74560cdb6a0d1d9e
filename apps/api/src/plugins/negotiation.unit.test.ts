import { describe, expect, it } from 'vitest';
import { parseAccept, parseMediaType, refusedContentType, refusesJsonAnswers } from './negotiation';

describe('content negotiation', () => {
  it('reads weights apart from media type parameters, and accept extensions after the weight not at all', () => {
    expect(parseAccept('application/vnd.api+json;q=0.9, */*;q=0.1')).toEqual([
      { type: 'application/vnd.api+json', parameters: {}, q: 0.9 },
      { type: '*/*', parameters: {}, q: 0.1 },
    ]);
    expect(parseAccept('Application/VND.API+JSON; profile="https://a.example/p,q"; q=0.5; ext-after=1')).toEqual([
      { type: 'application/vnd.api+json', parameters: { profile: 'https://a.example/p,q' }, q: 0.5 },
    ]);
    expect(parseAccept('text/html;q=2, text/plain;q=abc')).toEqual([
      { type: 'text/html', parameters: {}, q: 1 },
      { type: 'text/plain', parameters: {}, q: 1 },
    ]);
    expect(parseMediaType('application/vnd.api+json; ext="https://x.example/e"')).toEqual({
      type: 'application/vnd.api+json',
      parameters: { ext: 'https://x.example/e' },
    });
  });

  it('refuses what JSON:API and the weights refuse, and answers anything else', () => {
    const refuses = (accept: string) => refusesJsonAnswers(accept, true);
    expect(refuses('application/vnd.api+json;q=0.9, */*;q=0.1')).toBe(false);
    expect(refuses('text/html')).toBe(false);
    expect(refuses('application/vnd.api+json;q=0')).toBe(true);
    expect(refuses('application/vnd.api+json;q=0, application/json')).toBe(false);
    expect(refuses('application/vnd.api+json;q=0.1, application/*;q=0')).toBe(false);
    expect(refuses('application/*;q=0, */*')).toBe(true);
    expect(refuses('application/vnd.api+json; charset=utf-8, */*')).toBe(true);
    expect(refuses('application/vnd.api+json; charset=utf-8, application/vnd.api+json')).toBe(false);
    // A file or stream answer is not judged by the weight of JSON, only by JSON:API's parameter rule.
    expect(refusesJsonAnswers('text/csv, */*;q=0', false)).toBe(false);
    expect(refusesJsonAnswers('application/vnd.api+json; version=1', false)).toBe(true);
    expect(refusedContentType('application/vnd.api+json; charset=utf-8')).toBe(true);
    expect(refusedContentType('application/vnd.api+json; profile="https://a.example/p"')).toBe(false);
    expect(refusedContentType('application/json; charset=utf-8')).toBe(false);
  });
});
