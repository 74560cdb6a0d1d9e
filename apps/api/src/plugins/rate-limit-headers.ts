import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateCount } from '../lib/rate-limit';

/**
 * The IETF rate limit fields (draft-ietf-httpapi-ratelimit-headers-10, the form with two Structured Fields lists):
 *
 *     RateLimit-Policy: "api-key";q=120;w=60
 *     RateLimit: "api-key";r=117;t=42
 *
 * `RateLimit-Policy` names each limit the request was counted under, with its quota `q` (requests) per window `w`
 * (seconds); `RateLimit` says what is left of it, `r` requests, for `t` more seconds. They stand beside
 * `Retry-After`, which every 429 keeps.
 */

/** The limits a request was counted under, reported by the code that counted it (`reportRateLimit`). */
const counted = new WeakMap<FastifyRequest, RateCount[]>();

/** A policy's name as a Structured Fields string: printable ASCII, with `"` and `\` escaped. */
function sfString(text: string): string {
  return `"${text.replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/** The two fields for the limits counted (the first name wins when a limit was counted twice). */
export function rateLimitFields(rates: readonly RateCount[]): { ratelimit: string; 'ratelimit-policy': string } {
  const seen = new Set<string>();
  const unique = rates.filter(({ policy }) => !seen.has(policy.name) && seen.add(policy.name));
  return {
    'ratelimit-policy': unique
      .map(
        ({ policy }) => `${sfString(policy.name)};q=${policy.max};w=${Math.max(1, Math.ceil(policy.windowMs / 1000))}`,
      )
      .join(', '),
    ratelimit: unique
      .map(
        ({ policy, count, resetMs }) =>
          `${sfString(policy.name)};r=${Math.max(0, policy.max - count)};t=${Math.max(0, Math.ceil(resetMs / 1000))}`,
      )
      .join(', '),
  };
}

/** Records that this request was counted under a limit; its answer carries the limit's fields. */
export function reportRateLimit(req: FastifyRequest, rate: RateCount): void {
  const list = counted.get(req);
  if (list) list.push(rate);
  else counted.set(req, [rate]);
}

/** Writes the fields of the limits a request was counted under onto its answer (a refusal's own fields win). */
export function registerRateLimitHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    const rates = counted.get(req);
    if (rates && !reply.hasHeader('ratelimit')) reply.headers(rateLimitFields(rates));
    done(null, payload);
  });
}
