import crypto from 'node:crypto';

/**
 * How far a webhook's timestamp may be from now, either way, before it is refused as a replay: Paddle's own 5 s
 * (PADDLE_SIGNATURE_TOLERANCE_S changes it, e.g. for a server whose clock drifts).
 */
export const SIGNATURE_TOLERANCE_S = 5;

/**
 * Verifies a `Paddle-Signature: ts=...;h1=...[;h1=...]` header: HMAC-SHA256 of `ts:rawBody` with the webhook
 * secret, compared in constant time with any h1 (Paddle sends two while a secret is rotated).
 */
export function verifyPaddleSignature(
  header: string | undefined,
  rawBody: string,
  secret: string,
  toleranceS = SIGNATURE_TOLERANCE_S,
  nowS = Math.floor(Date.now() / 1000),
): { ok: true } | { ok: false; reason: string } {
  if (!header) return { ok: false, reason: 'missing Paddle-Signature header' };
  let ts: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(';')) {
    const [key, value] = part.split('=', 2).map((s) => s.trim());
    if (key === 'ts' && value) ts = value;
    if (key === 'h1' && value) signatures.push(value);
  }
  if (!ts || !/^\d{1,12}$/.test(ts) || signatures.length === 0)
    return { ok: false, reason: 'malformed Paddle-Signature header' };
  if (Math.abs(nowS - Number(ts)) > toleranceS) return { ok: false, reason: 'timestamp outside the tolerance' };
  const expected = crypto.createHmac('sha256', secret).update(`${ts}:${rawBody}`).digest();
  const matches = signatures.some((candidate) => {
    if (!/^[0-9a-f]{64}$/i.test(candidate)) return false;
    return crypto.timingSafeEqual(expected, Buffer.from(candidate, 'hex'));
  });
  return matches ? { ok: true } : { ok: false, reason: 'signature mismatch' };
}

/** The header Paddle would send for a body, for tests and the local webhook simulator. */
export function signPaddleBody(rawBody: string, secret: string, ts = Math.floor(Date.now() / 1000)): string {
  return `ts=${ts};h1=${crypto.createHmac('sha256', secret).update(`${ts}:${rawBody}`).digest('hex')}`;
}
