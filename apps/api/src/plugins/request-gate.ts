import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, errorObject, unauthenticated } from '../lib/errors';
import { announcesBody, closeAfterUnreadBodies } from './connections';
import { type Contract, JSONAPI_MEDIA_TYPE } from '@phonebot/shared';

/** Bodies of the public routes (sign-in, sign-up, password mails) are small; anything larger is refused unread. */
export const PUBLIC_BODY_LIMIT = 64 * 1024;

/** Runs a request's authentication once, however often it is asked for (the gate and then the route). */
export function oncePerRequest<T>(fn: (req: FastifyRequest) => Promise<T>): (req: FastifyRequest) => Promise<T> {
  const results = new WeakMap<FastifyRequest, Promise<T>>();
  return (req) => {
    let result = results.get(req);
    if (!result) {
      result = fn(req);
      results.set(req, result);
    }
    return result;
  };
}

const tooLarge = () => ApiError.of(413, 'payloadTooLarge');

/** Ends a body stream with 413 once more than `limit` bytes came in (a chunked body has no Content-Length). */
function limitBytes(limit: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(tooLarge());
      else done(null, chunk);
    },
  });
}

/** Methods whose bodies Fastify never reads; the not-found handler answers them (a page of the web app for GET). */
const BODYLESS = new Set(['GET', 'HEAD', 'TRACE']);

/**
 * Decides before a body is read whether it is read at all:
 *
 * - a path that names no route answers 404 at once (the not-found handler's answer: JSON:API under /api, plain text
 *   elsewhere), without reading the body;
 * - a route for signed-in users or for phonebot runtimes answers 401 without a valid token;
 * - a public route's body may be at most PUBLIC_BODY_LIMIT.
 *
 * So nobody without an account can make the server read and parse large bodies. The routes' own checks still run
 * afterwards. An answer that leaves a large body unread closes the connection (`closeAfterUnreadBodies`).
 */
export function registerRequestGate(
  app: FastifyInstance,
  options: {
    prefix: string;
    contracts: () => readonly Contract[];
    authenticate: (req: FastifyRequest) => Promise<unknown>;
    authenticateTicket: (req: FastifyRequest) => Promise<unknown>;
    authenticateBot: (req: FastifyRequest) => Promise<unknown>;
  },
): void {
  let byPath: Map<string, Contract> | undefined;
  const contractOf = (req: FastifyRequest) => {
    byPath ??= new Map(options.contracts().map((c) => [`${c.method} ${options.prefix}${c.path}`, c]));
    return byPath.get(`${req.method} ${req.routeOptions.url ?? ''}`);
  };

  closeAfterUnreadBodies(app.server);
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.is404 || BODYLESS.has(req.method) || !announcesBody(req.raw)) return done();
    const pathname = req.url.split('?')[0] ?? '';
    req.log.debug({ method: req.method }, 'unrouted request refused before its body');
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      void reply
        .code(404)
        .type(JSONAPI_MEDIA_TYPE)
        .send({ errors: [errorObject(404, 'notFound')] });
    } else {
      void reply.code(404).type('text/plain').send('Not found');
    }
  });

  app.addHook('preParsing', async (req, _reply, payload) => {
    const contract = contractOf(req);
    if (!contract) return payload;
    if (contract.auth === 'user') {
      const signedIn =
        (await options.authenticate(req)) ?? (contract.ticketAuth ? await options.authenticateTicket(req) : null);
      if (!signedIn) throw unauthenticated();
    }
    if (contract.auth === 'bot' && !(await options.authenticateBot(req))) throw unauthenticated();
    if (contract.auth === 'public' && contract.body) {
      const length = Number(req.headers['content-length']);
      if (length > PUBLIC_BODY_LIMIT) throw tooLarge();
      if (Number.isNaN(length)) return payload.pipe(limitBytes(PUBLIC_BODY_LIMIT));
    }
    return payload;
  });
}
