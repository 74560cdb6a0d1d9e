import type { FastifyInstance, FastifyRequest } from 'fastify';
import { JSONAPI_MEDIA_TYPE } from '@phonebot/shared';
import { connectParamsSchema, connectorContracts } from '@phonebot/shared/connectors';
import { ApiError } from '../../lib/errors';
import type { ApiRouter } from '../../lib/router';
import { type ConnectorsDeps, connectorPhonebot, receiveEvent } from './connectors.service';

/** A platform's event with its whole conversation: larger than other public bodies, read only for a real address. */
export const CONNECTOR_BODY_LIMIT = 1024 * 1024;

type Phonebot = Awaited<ReturnType<typeof connectorPhonebot>>;
const phonebots = new WeakMap<FastifyRequest, Phonebot>();

/**
 * The connectors' address, `POST /connect/{source}/{license_key}`: no login, the platform's signature over the raw
 * body authenticates it, so the route reads its body as text in its own scope. An address that names no phonebot
 * of that platform answers 404 before its body is read.
 */
export function registerConnectorRoutes(
  app: FastifyInstance,
  router: ApiRouter,
  prefix: string,
  deps: ConnectorsDeps,
): void {
  const c = connectorContracts.receive;
  router.describe(c);
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.addHook('onRequest', async (req) => {
      const params = connectParamsSchema.safeParse(req.params);
      if (!params.success) throw ApiError.of(404, 'notFound');
      phonebots.set(req, await connectorPhonebot(deps.db, params.data.source, params.data.license_key));
    });
    scope.post(prefix + c.path, { bodyLimit: CONNECTOR_BODY_LIMIT }, async (req, reply) => {
      const row = phonebots.get(req)!;
      const { source } = connectParamsSchema.parse(req.params);
      const raw = typeof req.body === 'string' ? req.body : '';
      const received = await receiveEvent(deps, row, source, { raw, headers: req.headers, now: Date.now() });
      req.log.info({ source, outcome: received?.outcome ?? 'ignored' }, 'connector event');
      if (!received) return reply.code(204).send();
      return reply
        .type(JSONAPI_MEDIA_TYPE)
        .send({ meta: { outcome: received.outcome, call_id: String(received.callId) } });
    });
  });
}
