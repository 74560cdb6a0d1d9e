import type { FastifyInstance } from 'fastify';
import { JSONAPI_MEDIA_TYPE } from '@phonebot/shared';
import { z } from 'zod';
import { ApiError } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import { inspectJsonText } from '../../lib/json-guard';
import type { ApiRouter } from '../../lib/router';
import { getPhonebot } from '../phonebots/phonebots.service';
import { type BillingDeps, applyPaddleEvent, billingConfigured, checkoutCustomData } from './billing.service';
import { verifyPaddleSignature } from './paddle-signature';

const WEBHOOK_PATH = '/billing/paddle-webhook';

const checkoutSchema = z.object({
  environment: z.enum(['sandbox', 'production']),
  client_token: z.string(),
  price_id: z.string(),
  quantity: z.literal(1),
  custom_data: z.object({ license_key: z.string(), expires: z.number(), signature: z.string() }),
});

export function registerBillingRoutes(
  app: FastifyInstance,
  router: ApiRouter,
  prefix: string,
  deps: BillingDeps,
): void {
  const { db, paddle } = deps;
  const tags = ['Billing'];

  router.public(
    {
      method: 'GET',
      url: '/public-config',
      summary:
        'What the web app needs before sign-in: the Paddle environment, client token and price (null when billing is not set up)',
      tags,
      responses: {
        200: {
          description: 'The public configuration',
          schema: z.object({
            paddle: z.object({ environment: z.string(), client_token: z.string(), price_id: z.string() }).nullable(),
          }),
        },
      },
    },
    async () => ({
      paddle: billingConfigured(paddle)
        ? { environment: paddle.env, client_token: paddle.clientToken, price_id: paddle.priceId }
        : null,
    }),
  );

  router.authed(
    {
      method: 'POST',
      url: '/vbot/:license_Key/checkout',
      summary:
        'Start the card checkout of a phonebot at payment_status 0: the price and signed customData for Paddle.js',
      tags,
      operations: ['phonebots.manage'],
      params: z.object({ license_Key: z.string().min(1).max(100) }),
      responses: {
        200: { description: 'What Paddle.Checkout.open needs', schema: checkoutSchema },
        ...errorResponses(401, 403, 404, 409),
      },
    },
    async ({ principal, params }) => {
      if (principal.customerId === null) throw ApiError.of(404, 'notFound');
      const phonebot = await getPhonebot(db, { customerId: principal.customerId }, params.license_Key);
      if (!billingConfigured(paddle)) throw ApiError.of(409, 'billingNotConfigured');
      if (phonebot.payment_status !== 0) throw ApiError.of(409, 'checkoutNotOffered');
      return {
        environment: paddle.env,
        client_token: paddle.clientToken,
        price_id: paddle.priceId,
        quantity: 1 as const,
        custom_data: checkoutCustomData(deps.signingKey, phonebot.license_key),
      };
    },
  );

  // The signature covers the raw body, so this route reads the body as text in its own scope.
  router.describe({
    operationId: 'receivePaddleWebhook',
    method: 'POST',
    path: WEBHOOK_PATH,
    summary:
      'Paddle webhooks: Paddle-Signature verified (HMAC-SHA256 of ts:body), each event applied once and in order',
    tags,
    auth: 'public',
    responses: { 200: z.object({ outcome: z.string() }) },
    errors: [400, 401, 503],
  });
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post(prefix + WEBHOOK_PATH, async (req, reply) => {
      if (!paddle.webhookSecret) throw ApiError.of(503, 'billingNotConfigured');
      const raw = typeof req.body === 'string' ? req.body : '';
      const header = req.headers['paddle-signature'];
      const verdict = verifyPaddleSignature(
        typeof header === 'string' ? header : undefined,
        raw,
        paddle.webhookSecret,
        paddle.signatureToleranceS,
      );
      if (!verdict.ok) {
        req.log.warn({ reason: verdict.reason }, 'paddle webhook refused');
        throw ApiError.of(401, 'unauthenticated', { detail: `Webhook signature refused: ${verdict.reason}.` });
      }
      const report = inspectJsonText(raw);
      let event: unknown;
      try {
        event = report.tooDeep || report.hasNul ? undefined : JSON.parse(raw);
      } catch {
        throw ApiError.of(400, 'invalidJson');
      }
      if (!event || typeof event !== 'object' || Array.isArray(event)) throw ApiError.of(400, 'invalidJson');
      const result = await applyPaddleEvent(deps, event);
      req.log.info({ outcome: result.outcome }, 'paddle webhook');
      return reply.type(JSONAPI_MEDIA_TYPE).send({ outcome: result.outcome });
    });
  });
}
