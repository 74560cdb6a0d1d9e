import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { API_BASE } from '@phonebot/shared';
import type { Db } from '../../db/client';
import { createRedis } from '../../lib/redis';
import { buildOpenApi, renderReferencePage } from '../../lib/openapi';
import type { ApiRouter } from '../../lib/router';

/** How long /readyz waits for each service. */
export const READY_TIMEOUT_MS = 2_000;

/** A connection of its own for the probe: it reconnects by itself, and a command fails after one retry. */

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** The apps whose process is stopping (markStopping); per app, so that runtimes in one process stay apart. */
const stopping = new WeakSet<FastifyInstance>();

/**
 * Tells the app its process is stopping: from now on `/readyz` answers 503 `stopping`, so a balancer that polls it
 * takes the process out of rotation, and every answer carries `Connection: close`, so a client holding a kept-alive
 * connection (or a balancer that passes connections through) opens its next one elsewhere. Everything else is
 * served as before until the process stops accepting (SHUTDOWN_DRAIN_MS later).
 */
export function markStopping(app: FastifyInstance): void {
  stopping.add(app);
}

/**
 * Probes and the API's own description. The probes sit outside /api so a load balancer needs no token; the
 * OpenAPI document is built once, after every module registered its routes.
 */
export function registerSystemRoutes(
  app: FastifyInstance,
  router: ApiRouter,
  deps: { db: Db; version: string; termsUrl: string; redisUrl?: string | undefined },
): void {
  app.get('/healthz', async () => ({ status: 'ok' }));

  // Readiness asks every service, each within a short time: a stalled database answers 503 here at once instead of
  // after the pool's acquire timeout; Redis away answers 200 `degraded`.
  // Bounded like every Redis connection on a request's path: a stalled one is torn down and opened again.
  const redis = deps.redisUrl
    ? createRedis(deps.redisUrl, { commandTimeoutMs: READY_TIMEOUT_MS, log: app.log as Logger, name: 'readiness' })
    : undefined;
  if (redis) app.addHook('onClose', async () => redis.disconnect());
  app.addHook('onRequest', (_req, reply, done) => {
    if (stopping.has(app)) reply.header('connection', 'close');
    done();
  });
  app.get('/readyz', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (stopping.has(app)) return reply.code(503).send({ status: 'stopping', database: deps.db.engine, checks: {} });
    const [database, cache] = await Promise.all([
      deps.db.ping(READY_TIMEOUT_MS).then(
        () => 'ok' as const,
        (error: unknown) => {
          req.log.warn({ err: error }, 'database not reachable');
          return 'unavailable' as const;
        },
      ),
      redis
        ? within(redis.ping(), READY_TIMEOUT_MS).then(
            () => 'ok' as const,
            (error: unknown) => {
              req.log.warn({ err: error }, 'redis not reachable');
              return 'unavailable' as const;
            },
          )
        : undefined,
    ]);
    // Without Redis every request is still served (rate limits count in the database, event streams sweep it), and
    // every process shares the one Redis: taking them all out of rotation would stop what still works.
    const ready = database === 'ok';
    return reply.code(ready ? 200 : 503).send({
      status: ready ? (cache === 'unavailable' ? 'degraded' : 'ok') : 'unavailable',
      database: deps.db.engine,
      checks: { database, ...(cache ? { redis: cache } : {}) },
    });
  });

  let document: ReturnType<typeof buildOpenApi> | undefined;
  const openApi = () =>
    (document ??= buildOpenApi(router.contracts, API_BASE, { version: deps.version, termsUrl: deps.termsUrl }));

  app.get(`${API_BASE}/openapi.json`, async (_req, reply) => reply.type('application/json').send(openApi()));
  app.get(`${API_BASE}/docs`, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(renderReferencePage(openApi(), `${API_BASE}/openapi.json`)),
  );
}
