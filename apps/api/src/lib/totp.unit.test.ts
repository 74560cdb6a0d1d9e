import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUri, totpCode, totpStep } from './totp';

const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');

describe('one-time passwords', () => {
  it('matches the HOTP values of RFC 4226 appendix D', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(RFC_KEY, counter))).toEqual(expected);
  });

  it('matches the SHA-1 TOTP vectors of RFC 6238 appendix B (8 digits)', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) expect(hotp(RFC_KEY, totpStep(seconds * 1000), 8)).toBe(code);
  });

  it('reads the base32 secret an authenticator app is given (RFC 4648 test vector)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    const secret = base32Encode(RFC_KEY);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(totpCode(secret, 59_000)).toBe('287082');
  });

  it('accepts the code of now and one step either side, answering its step', () => {
    const secret = newTotpSecret();
    expect(base32Decode(secret)).toHaveLength(20);
    const now = 1_700_000_000_000;
    expect(matchTotp(secret, totpCode(secret, now), now)).toBe(totpStep(now));
    expect(matchTotp(secret, totpCode(secret, now - 30_000), now)).toBe(totpStep(now) - 1);
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now)).toBe(totpStep(now) + 1);
    expect(matchTotp(secret, totpCode(secret, now - 90_000), now)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now)).toBeNull();
    expect(matchTotp(secret, '1234567', now)).toBeNull();
  });

  it('builds the otpauth URI with issuer and account', () => {
    const uri = otpauthUri('ABC', 'Phonebot Portal', 'a@example.com');
    expect(uri).toBe(
      'otpauth://totp/Phonebot%20Portal%3Aa%40example.com?secret=ABC&issuer=Phonebot%20Portal&algorithm=SHA1&digits=6&period=30',
    );
  });
});
