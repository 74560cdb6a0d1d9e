import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer. The CSP is helmet's, tightened, without upgrade-insecure-requests (which would
 * break plain HTTP off localhost). Mantine writes style attributes, so styles allow 'unsafe-inline'; scripts do not.
 * helmet is configured once and applied to each answer (its Fastify plugin would build it again per request).
 */
export type CspExtra = {
  connectSrc?: string[];
  scriptSrc?: string[];
  frameSrc?: string[];
  styleSrc?: string[];
  imgSrc?: string[];
};

export function registerSecurityHeaders(app: FastifyInstance, extra: CspExtra = {}): void {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(extra.imgSrc ?? [])],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'", ...(extra.scriptSrc ?? [])],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'", ...(extra.styleSrc ?? [])],
        connectSrc: ["'self'", ...(extra.connectSrc ?? [])],
        frameSrc: ["'self'", ...(extra.frameSrc ?? [])],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    headers(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
