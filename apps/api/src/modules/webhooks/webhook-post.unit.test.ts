import { describe, expect, it } from 'vitest';
import { answerExcerpt, parseRetryAfter } from './webhook-post';

describe('Retry-After', () => {
  const now = Date.parse('2026-11-28T10:00:00.000Z');

  it('reads delay-seconds and HTTP dates', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Sat, 28 Nov 2026 10:01:30 GMT', now)).toBe(90_000);
    // A date already past: try again now.
    expect(parseRetryAfter('Sat, 28 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('ignores what is neither', () => {
    for (const value of [undefined, '', '-5', '1.5', 'soon', 'Mon, 99 Foo 2026'])
      expect(parseRetryAfter(value, now)).toBeNull();
  });
});

describe('the kept excerpt of an answer', () => {
  it('keeps text without control characters, at most 256 characters', () => {
    expect(answerExcerpt('text/plain', Buffer.from('accepted\r\n\u0007'))).toBe('accepted');
    expect(answerExcerpt('application/problem+json', Buffer.from('{"title":"bad"}'))).toBe('{"title":"bad"}');
    expect([...answerExcerpt('text/plain', Buffer.from('ä'.repeat(1000)))!]).toHaveLength(256);
  });

  it('keeps nothing of other content or of bytes that are not UTF-8 text', () => {
    expect(answerExcerpt(undefined, Buffer.from('no type'))).toBeNull();
    expect(answerExcerpt('application/pdf', Buffer.from('%PDF-1.7'))).toBeNull();
    expect(answerExcerpt('text/plain', Buffer.from([0xff, 0xfe, 0x41]))).toBeNull();
    expect(answerExcerpt('text/plain', Buffer.from(' \n\t '))).toBeNull();
  });

  it('reads an answer cut inside a character', () => {
    const cut = Buffer.from('ok ä').subarray(0, 4);
    expect(answerExcerpt('text/plain', cut, true)).toBe('ok');
    expect(answerExcerpt('text/plain', cut, false)).toBeNull();
  });
});
