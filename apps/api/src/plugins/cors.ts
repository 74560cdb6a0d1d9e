import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_PREFIX } from '@phonebot/shared/api-keys';

/**
 * Cross-origin requests for API keys (`CORS_ORIGINS`, docs/api.md): a page on a listed origin may call the API with
 * an API key. A preflight from a listed origin is answered 204 with what it may send; an actual request from a
 * listed origin gets `Access-Control-Allow-Origin` only when it carries an API key (`Authorization: Bearer pbk_…`).
 * Credentials are never allowed: no `Access-Control-Allow-Credentials`, so a browser sends no cookies and a
 * sign-in token (a session of the web app) is answered without CORS headers, which the calling page cannot read.
 * Other origins get no CORS headers at all.
 */

const ALLOWED_METHODS = 'GET, POST, PATCH, PUT, DELETE';
/** Request headers a cross-origin script may send (besides the CORS-safelisted ones). */
const ALLOWED_HEADERS = 'authorization, content-type, accept, if-none-match, last-event-id, x-request-id';
/** Answer headers a cross-origin script may read (besides the CORS-safelisted ones). */
const EXPOSED_HEADERS = [
  'etag',
  'location',
  'retry-after',
  'ratelimit',
  'ratelimit-policy',
  'www-authenticate',
  'x-request-id',
  'content-disposition',
].join(', ');
/** How long a browser may keep a preflight's answer (seconds). */
const PREFLIGHT_MAX_AGE_S = 600;

const bearerApiKey = new RegExp(`^Bearer\\s+${API_KEY_PREFIX}`, 'i');

function varyOrigin(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/\borigin\b/i.test(vary)) reply.header('vary', vary ? `${vary}, Origin` : 'Origin');
}

/** Answers preflights and marks the answers of API-key requests from the listed origins under `prefix`. */
export function registerCors(app: FastifyInstance, options: { prefix: string; origins: readonly string[] }): void {
  if (options.origins.length === 0) return;
  const listed = new Set(options.origins);
  const underPrefix = (req: FastifyRequest) => req.url === options.prefix || req.url.startsWith(`${options.prefix}/`);

  app.addHook('onRequest', (req, reply, done) => {
    if (!underPrefix(req)) return done();
    // The answer depends on Origin whenever cross-origin requests are allowed at all.
    varyOrigin(reply);
    const origin = req.headers.origin;
    if (req.method !== 'OPTIONS' || typeof origin !== 'string' || !req.headers['access-control-request-method']) {
      return done();
    }
    if (!listed.has(origin)) return done();
    // Answered here, before routing matters: the preflight carries no credentials, so it cannot tell an API key's
    // request from a session's; the actual request decides (onSend below).
    void reply
      .code(204)
      .header('access-control-allow-origin', origin)
      .header('access-control-allow-methods', ALLOWED_METHODS)
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S))
      .send();
  });

  app.addHook('onSend', (req, reply, payload, done) => {
    const origin = req.headers.origin;
    if (
      typeof origin === 'string' &&
      req.method !== 'OPTIONS' &&
      listed.has(origin) &&
      underPrefix(req) &&
      bearerApiKey.test(String(req.headers.authorization ?? '').trim())
    ) {
      reply.header('access-control-allow-origin', origin).header('access-control-expose-headers', EXPOSED_HEADERS);
    }
    done(null, payload);
  });
}
