import type { FastifyInstance } from 'fastify';
import { botContracts } from '@phonebot/shared/billing';
import { ApiError } from '../../lib/errors';
import type { ApiRouter } from '../../lib/router';
import type { PhonebotsDeps } from '../phonebots';
import { latestVersionNumber } from '../phonebot-versions';
import { botConfig, createIngestQueue, heartbeat } from './bot.service';
import { configEtag, etagMatches } from './config-etag';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** The phonebot runtime's side of the API, authenticated with the phonebot's bot token (docs/bot-api.md). */
export function registerBotRoutes(app: FastifyInstance, router: ApiRouter, deps: PhonebotsDeps): void {
  const { db, secrets } = deps;
  const c = botContracts;
  const ingestQueue = createIngestQueue(db);
  // The server closes its database after its hooks: calls still being stored finish first.
  app.addHook('onClose', () => ingestQueue.idle());

  router.handle(c.config, async ({ bot, req, reply }) => {
    reply.header('cache-control', 'no-store');
    const config = await botConfig(db, secrets, bot);
    const attributes = { ...config, config_version: await latestVersionNumber(db, bot.phonebotId) };
    const etag = configEtag(attributes);
    reply.header('etag', etag);
    if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send();
    return { data: { type: 'phonebot-configs' as const, id: bot.licenseKey, attributes } };
  });

  router.handle(c.postCall, async ({ bot, body, req, reply }) => {
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
      throw ApiError.of(400, 'idempotencyKeyRequired', { detail: undefined });
    }
    const answer = await ingestQueue.ingest(bot, key, body);
    if (answer.replayed) reply.header('idempotent-replayed', 'true');
    reply.code(answer.status);
    return answer.body;
  });

  router.handle(c.heartbeat, async ({ bot }) => ({
    meta: { status: 'online' as const, at: await heartbeat(db, bot) },
  }));
}
