import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** scrypt cost: N=2^15, r=8, p=1 uses 32 MiB and about 100 ms per hash on one core. */
export const SCRYPT_PARAMS = { N: 32768, r: 8, p: 1, keylen: 32 } as const;
const MAXMEM = 64 * 1024 * 1024;

/**
 * The N that new hashes are made with: the product's (SCRYPT_PARAMS.N) everywhere but in a test run. A test run
 * (NODE_ENV=test) may lower it with PASSWORD_HASH_COST, log2 of N from 10 to 15, for the thousands of accounts and
 * sign-ins its tests make; outside a test run the setting is ignored, so a deployment cannot weaken its hashes by it.
 */
export function passwordHashCost(env: NodeJS.ProcessEnv = process.env): number {
  const wanted = Number(env.PASSWORD_HASH_COST);
  if (env.NODE_ENV !== 'test' || !Number.isInteger(wanted) || wanted < 10 || wanted > 15) return SCRYPT_PARAMS.N;
  return 2 ** wanted;
}

/** Hash format: scrypt$N$r$p$salt$hash (base64url), so the cost can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const { r, p, keylen } = SCRYPT_PARAMS;
  const N = passwordHashCost();
  const hash = await scrypt(password.normalize('NFC'), salt, keylen, { N, r, p, maxmem: MAXMEM });
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  // Without a stored hash a dummy one is checked anyway, so a missing account costs the same time as a wrong password.
  const [kind, n, r, p, saltText, hashText] = (stored ?? dummyHash()).split('$');
  if (kind !== 'scrypt' || !n || !r || !p || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const actual = await scrypt(password.normalize('NFC'), Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return stored != null && crypto.timingSafeEqual(actual, expected);
}

/** What a missing account's password is checked against: a hash of the cost new hashes get. */
const dummyHash = () =>
  `scrypt$${passwordHashCost()}$${SCRYPT_PARAMS.r}$${SCRYPT_PARAMS.p}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(32).toString('base64url')}`;

/** An unguessable token (256 bits), URL-safe. */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/**
 * Tokens are stored only as their SHA-256, so a leaked table grants nothing. Every authenticated request hashes its
 * token: the one-shot `crypto.hash` costs a third of a Hash object (docs/performance.md).
 */
export function tokenHash(token: string): string {
  return crypto.hash('sha256', token, 'hex');
}

/** A password of `length` characters from a cryptographic source, without look-alike characters. */
export function generatePassword(length = 20): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!#%+-=?@';
  let out = '';
  while (out.length < length) {
    const byte = crypto.randomBytes(1)[0] ?? 0;
    // Rejection sampling keeps every character equally likely.
    if (byte < Math.floor(256 / alphabet.length) * alphabet.length) out += alphabet[byte % alphabet.length];
  }
  return out;
}
