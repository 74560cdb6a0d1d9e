import { callIngestSchema } from '@phonebot/shared';
import { z } from 'zod';
import { ApiError } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import type { ApiRouter } from '../../lib/router';
import type { PhonebotsDeps } from '../phonebots/phonebots.service';
import { botConfig, heartbeat, ingestCall } from './bot.service';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** The phonebot runtime's side of the API, authenticated with the phonebot's bot token (docs/bot-api.md). */
export function registerBotRoutes(router: ApiRouter, deps: PhonebotsDeps): void {
  const { db, secrets } = deps;
  const tags = ['Bot API'];

  router.bot(
    {
      method: 'GET',
      url: '/bot/config',
      summary: 'The phonebot’s full configuration with its secrets; 403 while the phonebot is inactive',
      tags,
      responses: {
        200: { description: 'The configuration', schema: z.record(z.string(), z.unknown()) },
        ...errorResponses(401, 403),
      },
    },
    async ({ bot, reply }) => {
      reply.header('cache-control', 'no-store');
      return botConfig(db, secrets, bot);
    },
  );

  router.bot(
    {
      method: 'POST',
      url: '/bot/calls',
      summary: 'One finished call; needs an Idempotency-Key header, a retry with the same key answers the first answer',
      tags,
      body: callIngestSchema,
      responses: {
        201: { description: 'Stored (or, with the header Idempotent-Replayed: true, stored earlier)' },
        ...errorResponses(400, 401, 422),
      },
    },
    async ({ bot, body, req, reply }) => {
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
        throw ApiError.of(400, 'idempotencyKeyRequired', { detail: undefined });
      }
      const answer = await ingestCall(db, bot, key, body);
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      reply.code(answer.status);
      return answer.body;
    },
  );

  router.bot(
    {
      method: 'POST',
      url: '/bot/heartbeat',
      summary: 'Marks the runtime online (status online for 2 minutes)',
      tags,
      responses: {
        200: { description: 'Recorded', schema: z.object({ status: z.literal('online'), at: z.string() }) },
        ...errorResponses(401),
      },
    },
    async ({ bot }) => ({ status: 'online' as const, at: await heartbeat(db, bot) }),
  );
}
