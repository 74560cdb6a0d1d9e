import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer. The CSP is helmet's, tightened, without upgrade-insecure-requests (which would
 * break plain HTTP off localhost). Mantine writes style attributes, so styles allow 'unsafe-inline'; scripts do not.
 */
export type CspExtra = {
  connectSrc?: string[];
  scriptSrc?: string[];
  frameSrc?: string[];
  styleSrc?: string[];
  imgSrc?: string[];
};

export async function registerSecurityHeaders(app: FastifyInstance, extra: CspExtra = {}) {
  await app.register(helmet, {
    global: true,
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
}
