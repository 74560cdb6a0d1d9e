/** A unique constraint refused the write, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Codes that mean the database cannot serve right now, not that the request was bad: sockets, PostgreSQL's
 * connection classes (08), shutdown and cancellation (57P0x, 57014: statement_timeout), the idle-in-transaction
 * timeout (25P03), a lock wait given up (55P03), insufficient resources (class 53), and SQLite's busy and disk-full.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'SQLITE_BUSY',
  'SQLITE_FULL',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '25P03',
  '55P03',
  '08006',
  '08001',
  '08003',
  '08004',
]);

/** pg's own messages for a lost, stalled or unobtainable connection (these errors carry no code). */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Connection (?:ended|closed)/i;

/** The database is unreachable, too slow or full right now: the request answers 503 and may be tried again. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^53/.test(code))) return true;
  return UNAVAILABLE_MESSAGE.test(String((error as Error | null)?.message));
}
