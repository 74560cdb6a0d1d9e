import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@phonebot/shared';
import type { Db } from '../../db/client';
import { buildOpenApi, renderReferencePage } from '../../lib/openapi';
import type { ApiRouter } from '../../lib/router';

/**
 * Probes and the API's own description. The probes sit outside /api so a load balancer needs no token; the
 * OpenAPI document is built once, after every module registered its routes.
 */
export function registerSystemRoutes(
  app: FastifyInstance,
  router: ApiRouter,
  deps: { db: Db; version: string; termsUrl: string },
): void {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (req, reply) => {
    try {
      await deps.db.ping();
      return { status: 'ok', database: deps.db.engine };
    } catch (error) {
      req.log.warn({ err: error }, 'database not reachable');
      return reply.code(503).send({ status: 'unavailable', database: deps.db.engine });
    }
  });

  let document: ReturnType<typeof buildOpenApi> | undefined;
  const openApi = () =>
    (document ??= buildOpenApi(router.contracts, API_BASE, { version: deps.version, termsUrl: deps.termsUrl }));

  app.get(`${API_BASE}/openapi.json`, async (_req, reply) => reply.type('application/json').send(openApi()));
  app.get(`${API_BASE}/docs`, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(renderReferencePage(openApi(), `${API_BASE}/openapi.json`)),
  );
}
