import { describe, expect, it } from 'vitest';
import { safeUrl } from '../logger';
import { resetPageUrl } from '../modules/auth';
import {
  SCRYPT_PARAMS,
  generatePassword,
  passwordHashCost,
  hashPassword,
  randomToken,
  tokenHash,
  verifyPassword,
} from './crypto';
import { likePattern, parseSort } from './list';

describe('passwords and tokens', () => {
  it('hashes with scrypt and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash.startsWith(`scrypt$${SCRYPT_PARAMS.N}$8$1$`)).toBe(true);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('wrong horse', hash)).toBe(false);
    expect(await verifyPassword('anything', null)).toBe(false);
    expect(SCRYPT_PARAMS.N).toBeGreaterThanOrEqual(2 ** 15);
  });

  it('makes hashes of at least 32 MiB outside a test run, whatever PASSWORD_HASH_COST says', () => {
    const memory = (n: number) => 128 * n * SCRYPT_PARAMS.r;
    expect(memory(passwordHashCost({}))).toBeGreaterThanOrEqual(32 * 1024 * 1024);
    for (const NODE_ENV of [undefined, 'production', 'development']) {
      expect(passwordHashCost({ NODE_ENV, PASSWORD_HASH_COST: '10' })).toBe(SCRYPT_PARAMS.N);
    }
    // A test run may make cheap hashes; a value out of range is ignored.
    expect(passwordHashCost({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' })).toBe(1024);
    for (const PASSWORD_HASH_COST of ['9', '16', 'x', '12.5']) {
      expect(passwordHashCost({ NODE_ENV: 'test', PASSWORD_HASH_COST })).toBe(SCRYPT_PARAMS.N);
    }
  });

  it('makes unguessable tokens and stores only their hash', () => {
    const token = randomToken();
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    expect(tokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash(token)).not.toContain(token);
  });

  it('generates long passwords', () => {
    const passwords = new Set(Array.from({ length: 50 }, () => generatePassword(20)));
    expect(passwords.size).toBe(50);
    for (const p of passwords) expect(p).toHaveLength(20);
  });
});

describe('helpers', () => {
  it('escapes LIKE wildcards', () => {
    expect(likePattern('50%_a\\B')).toBe('%50\\%\\_a\\\\b%');
  });

  it('accepts only allowed sort fields', () => {
    const fallback = { field: 'created_at', direction: 'desc' } as const;
    expect(parseSort('-name', ['name', 'created_at'], fallback)).toEqual({ field: 'name', direction: 'desc' });
    expect(parseSort('password_hash', ['name', 'created_at'], fallback)).toEqual(fallback);
  });

  it('masks secrets in logged URLs', () => {
    expect(safeUrl('/api/v2/verify-email?email=a%40b.de&token=abc123')).toBe(
      '/api/v2/verify-email?email=a%40b.de&token=[redacted]',
    );
  });

  it('uses a redirect_url only on the public origin', () => {
    expect(resetPageUrl('https://portal.example', 'https://portal.example/password-reset?x=1')).toBe(
      'https://portal.example/password-reset',
    );
    expect(resetPageUrl('https://portal.example', 'https://evil.example/password-reset')).toBe(
      'https://portal.example/password-reset',
    );
    expect(resetPageUrl('https://portal.example', 'javascript:alert(1)')).toBe('https://portal.example/password-reset');
    expect(resetPageUrl('https://portal.example', undefined)).toBe('https://portal.example/password-reset');
  });
});

describe('time zones', () => {
  it('puts calls into the month and day of the server’s time zone', async () => {
    const { monthOf } = await import('../modules/calls-history/monthly-counts');
    const { dayRange } = await import('../modules/calls/calls.filter');
    const before = process.env.TZ;
    process.env.TZ = 'Europe/Berlin';
    try {
      expect(monthOf('2026-10-31T23:30:00.000Z')).toBe('2026-11');
      expect(monthOf('2026-10-31T22:30:00.000Z')).toBe('2026-10');
      // 25 March 2026 has 24 hours in Berlin; 29 March 2026 has 23 (summer time starts).
      expect(dayRange('2026-03-29')).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    } finally {
      process.env.TZ = before;
    }
  });
});
