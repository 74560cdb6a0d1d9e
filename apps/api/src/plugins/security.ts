import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer. The CSP is helmet's, tightened, without upgrade-insecure-requests (which would
 * break plain HTTP off localhost). Mantine writes style attributes, so styles allow 'unsafe-inline'; scripts do not.
 * helmet is run once at start to learn its headers, which each answer then gets from one object.
 */
export type CspExtra = {
  connectSrc?: string[];
  scriptSrc?: string[];
  frameSrc?: string[];
  styleSrc?: string[];
  imgSrc?: string[];
};

export function registerSecurityHeaders(app: FastifyInstance, extra: CspExtra = {}): void {
  const headers = securityHeaders(extra);
  // The same headers on every answer: set from one object (helmet's middleware chain per request cost about 8 % of
  // a Bot API call's CPU). An answer's own headers, set later, still win.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers helmet sets with this configuration, read once by running its middleware against a recording answer. */
export function securityHeaders(extra: CspExtra = {}): Record<string, string> {
  const middleware = helmet({
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
  const recorded: Record<string, string> = {};
  const answer = {
    setHeader(name: string, value: string | number | readonly string[]) {
      recorded[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete recorded[name.toLowerCase()];
    },
  };
  let failure: unknown;
  middleware({} as IncomingMessage, answer as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  if (!recorded['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
  return recorded;
}
