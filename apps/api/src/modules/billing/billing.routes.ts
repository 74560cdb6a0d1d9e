import type { FastifyInstance } from 'fastify';
import { JSONAPI_MEDIA_TYPE } from '@phonebot/shared';
import { billingContracts } from '@phonebot/shared/billing';
import { ApiError } from '../../lib/errors';
import { inspectJsonText } from '../../lib/json-guard';
import { type ApiRouter, customerOf } from '../../lib/router';
import { getPhonebot } from '../phonebots';
import { type BillingDeps, applyPaddleEvent, billingConfigured, checkoutCustomData } from './billing.service';
import { verifyPaddleSignature } from './paddle-signature';

export function registerBillingRoutes(
  app: FastifyInstance,
  router: ApiRouter,
  prefix: string,
  deps: BillingDeps,
): void {
  const { db, paddle } = deps;
  const c = billingContracts;

  router.handle(c.startCheckout, async ({ principal, params }) => {
    // The super starts the checkout of any customer's phonebot from Update Phonebot, as its company would.
    const scope = principal.role === 'super' ? 'all' : { customerId: customerOf(principal) };
    const phonebot = await getPhonebot(db, scope, params.id);
    if (!billingConfigured(paddle)) throw ApiError.of(409, 'billingNotConfigured');
    if (phonebot.payment_status !== 0) throw ApiError.of(409, 'checkoutNotOffered');
    return {
      meta: {
        environment: paddle.env,
        client_token: paddle.clientToken,
        price_id: paddle.priceId,
        quantity: 1 as const,
        custom_data: checkoutCustomData(deps.signingKey, phonebot.license_key),
      },
    };
  });

  // The signature covers the raw body, so this route reads the body as text in its own scope.
  router.describe(c.paddleWebhook);
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post(prefix + c.paddleWebhook.path, async (req, reply) => {
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
      return reply.type(JSONAPI_MEDIA_TYPE).send({ meta: { outcome: result.outcome } });
    });
  });
}
