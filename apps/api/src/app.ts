import crypto from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { API_BASE, JSONAPI_MEDIA_TYPE } from '@phonebot/shared';
import { API_KEY_PREFIX } from '@phonebot/shared/api-keys';
import type { Config } from './config';
import type { Db } from './db/client';
import { audit, refusalRecorder } from './lib/audit';
import { ApiError, errorObject } from './lib/errors';
import type { FileStore } from './lib/file-store';
import type { Mailer } from './lib/mailer';
import type { SecretBox } from './lib/secrets';
import type { SmsProvider } from './lib/sms';
import type { Limiter, RatePolicy } from './lib/rate-limit';
import { ApiRouter } from './lib/router';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerAuditRoutes } from './modules/audit/audit.routes';
import { registerBillingRoutes } from './modules/billing/billing.routes';
import { billingConfigured, paddleCspHosts } from './modules/billing';
import { createBotTokenCache, principalFromBotToken, registerBotRoutes } from './modules/bot';
import { registerConnectorRoutes } from './modules/connectors';
import { bearerToken, principalFromToken } from './modules/sessions';
import { registerSessionRoutes } from './modules/sessions/sessions.routes';
import { stepUpCheck } from './modules/step-up';
import { registerStepUpRoutes } from './modules/step-up/step-up.routes';
import { registerTwoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { registerCallerRightsRoutes } from './modules/caller-rights/caller-rights.routes';
import { registerCallerTimelineRoutes } from './modules/callers/timeline.routes';
import { twilioVoiceReady } from './lib/twilio-voice';
import {
  registerAttemptRoutes,
  registerCallListRoutes,
  registerCallRoutes,
  registerSmsStatusRoutes,
} from './modules/calls';
import { registerCallsHistoryRoutes } from './modules/calls-history';
import { registerUsageRoutes } from './modules/usage/usage.routes';
import { registerInsightsRoutes } from './modules/insights';
import { registerGuestRoutes } from './modules/guests/guests.routes';
import { registerCustomerRoutes } from './modules/customers/customers.routes';
import { registerCustomerUsersRoutes } from './modules/customers/customer-users.routes';
import { registerSmsTemplateRoutes } from './modules/customers/sms-templates.routes';
import { registerDashboardRoutes } from './modules/dashboard';
import { type EventHub, redeemEventTicket, registerEventRoutes } from './modules/events';
import { principalFromApiKey } from './modules/api-keys';
import { registerApiKeyRoutes } from './modules/api-keys/api-keys.routes';
import type { WebhookSender } from './modules/webhooks';
import { registerWebhookRoutes } from './modules/webhooks/webhooks.routes';
import { registerPhonebotRoutes } from './modules/phonebots/phonebots.routes';
import { registerPhonebotVersionRoutes } from './modules/phonebot-versions/phonebot-versions.routes';
import { registerPhonebotAlertRoutes } from './modules/phonebot-alerts/phonebot-alerts.routes';
import { registerSettingsRoutes } from './modules/settings/settings.routes';
import { getOperator } from './modules/settings';
import { registerSystemRoutes } from './modules/system/system.routes';
import { registerMetrics } from './plugins/metrics';
import { registerProfileRoutes } from './modules/profile/profile.routes';
import { AVATAR_MAX_BYTES } from './modules/users';
import { registerUrgentMailRoutes } from './modules/urgent-mail/urgent-mail.routes';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes';
import { registerUserRoutes } from './modules/users/users.routes';
import { type EndpointRules, registerPushRoutes } from './modules/push';
import { type Recordings, redeemRecordingTicket, registerRecordingRoutes } from './modules/recordings';
import {
  TRUST_PROXY_TRUE_WARNING,
  clientErrorHandler,
  fastifyTrustProxy,
  httpServerOptions,
  limitConnectionsPerClient,
  trustedProxyCheck,
} from './plugins/connections';
import { registerCors } from './plugins/cors';
import { registerJsonApi } from './plugins/json-api';
import { rateLimitFields, registerRateLimitHeaders, reportRateLimit } from './plugins/rate-limit-headers';
import { oncePerRequest, registerRequestGate } from './plugins/request-gate';
import { registerSecurityHeaders } from './plugins/security';
import { registerWebApp } from './plugins/web';

export type AppDeps = {
  config: Config;
  db: Db;
  log: Logger;
  mailer: Mailer;
  limiter: Limiter;
  secrets: SecretBox;
  sms: SmsProvider;
  events: EventHub;
  webhooks: WebhookSender;
  /** Web Push: the VAPID public key browsers subscribe with, and where push services may be. */
  push: { vapidPublicKey: string; endpoints: EndpointRules };
  /** Stored files (avatars): under DATA_DIR or in the deployment's bucket. */
  files: FileStore;
  /** Call recordings: their store and jobs. */
  recordings: Recordings;
  version: string;
};

export type App = { app: FastifyInstance; router: ApiRouter };

const REQUEST_ID = /^[\w.-]{1,64}$/;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BOT_API = `${API_BASE}/bot/`;
/** The voice-agent platforms' connector addresses: like the Bot API, their writes change no phonebot or token. */
const CONNECT_API = `${API_BASE}/connect/`;

/** Builds the whole server: plugins first, then every module's routes, registered explicitly. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, db, log } = deps;
  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    requestTimeout: config.requestTimeoutMs,
    http: httpServerOptions(config),
    clientErrorHandler,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // A path the router cannot even match (a malformed escape, an id longer than any real one) names nothing.
    frameworkErrors: (error, req, reply) => {
      req.log.info({ code: error.code }, 'unroutable path');
      void (reply as FastifyReply)
        .code(404)
        .type(JSONAPI_MEDIA_TYPE)
        .send({ errors: [errorObject(404, 'notFound')] });
    },
  });
  limitConnectionsPerClient(app.server, config.maxConnectionsPerClient, app.log, trustedProxyCheck(config.trustProxy));
  if (config.trustProxy && 'fromTrue' in config.trustProxy) app.log.warn(TRUST_PROXY_TRUE_WARNING);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  registerCors(app, { prefix: API_BASE, origins: config.corsOrigins });
  registerJsonApi(app, { validateAnswers: config.validateAnswers });
  registerRateLimitHeaders(app);
  registerMetrics(app, { token: config.metricsToken, db });
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  // The checkout's Paddle hosts are allowed only where billing is set up.
  registerSecurityHeaders(app, billingConfigured(config.paddle) ? paddleCspHosts(config.paddle.env) : {});

  const authenticate = oncePerRequest(async (req) => {
    const token = bearerToken(req);
    if (!token) return null;
    if (!token.startsWith(API_KEY_PREFIX)) return principalFromToken(db.db, token, req.ip, deps.events.sessions);
    const principal = await principalFromApiKey(db.db, token);
    if (principal?.apiKey) {
      await deps.limiter.consume(apiKeyRate(config), String(principal.apiKey.id), (counted) =>
        reportRateLimit(req, counted),
      );
    }
    return principal;
  });
  // A ticket works once: the gate and the route must share its one redemption.
  const authenticateTicket = oncePerRequest(async (req) => {
    // A call's recording takes only its own tickets; every other route the event-stream tickets.
    const recording = await redeemRecordingTicket(db.db, req);
    if (recording !== undefined) return recording;
    const ticket = (req.query as Record<string, unknown> | undefined)?.ticket;
    return typeof ticket === 'string' ? redeemEventTicket(db.db, ticket) : null;
  });
  const botTokens = createBotTokenCache({ ttlMs: config.botTokenCacheMs });
  const unfollow = deps.events.follow(botTokens);
  app.addHook('onClose', async () => unfollow());
  const authenticateBot = oncePerRequest(async (req) => {
    const token = bearerToken(req);
    return token ? principalFromBotToken(db.db, token, botTokens) : null;
  });
  // Any write outside the Bot API may regenerate a token or change, disable or delete a phonebot or customer: this
  // process forgets the bot tokens it knows before the change is answered (docs/decisions.md).
  app.addHook('onSend', async (req) => {
    if (!READS.has(req.method) && !req.url.startsWith(BOT_API) && !req.url.startsWith(CONNECT_API)) {
      botTokens.forget();
    }
  });
  const router = new ApiRouter(app, API_BASE, {
    authenticate,
    authenticateTicket,
    // At most 10 entries per user and route a minute; the rest are counted (lib/audit.ts).
    recordRefusal: refusalRecorder(db.db, deps.limiter),
    recordKeyChange: async (req, principal, contract, status) => {
      await audit(db.db, {
        actorUserId: principal.userId,
        customerId: principal.customerId,
        action: 'apiKey.used',
        target: `${contract.method} ${req.url.split('?')[0]}`,
        ip: req.ip,
        detail: { apiKeyId: principal.apiKey.id, operation: contract.operationId, status },
      });
    },
    authenticateBot,
    validateAnswers: config.validateAnswers,
  });
  registerRequestGate(app, {
    prefix: API_BASE,
    contracts: () => router.contracts,
    authenticate,
    authenticateTicket,
    authenticateBot,
  });

  const authDeps = {
    db: db.db,
    mailer: deps.mailer,
    limiter: deps.limiter,
    publicUrl: config.publicUrl,
    operator: config.operator,
    deviceKey: deps.secrets.derive('login-device'),
  };
  // The one step-up check of every sensitive action; the services that take one get it with their deps.
  const stepUpDeps = { db: db.db, limiter: deps.limiter, secrets: deps.secrets };
  const stepUp = stepUpCheck(stepUpDeps);
  registerAuthRoutes(router, authDeps);
  registerTwoFactorRoutes(router, { ...authDeps, secrets: deps.secrets, stepUp });
  registerStepUpRoutes(router, stepUpDeps);
  registerSessionRoutes(router, { db: db.db });
  registerAuditRoutes(router, db.db);
  registerUserRoutes(router, {
    db: db.db,
    stepUp,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    files: deps.files,
    operator: config.operator,
  });
  registerProfileRoutes(app, router, {
    ...authDeps,
    stepUp,
    files: deps.files,
    callRetentionDays: config.callRetentionDays,
    clickToCall: twilioVoiceReady(config.twilio),
  });
  registerDashboardRoutes(router, { db: db.db });
  registerCustomerRoutes(router, { db: db.db, files: deps.files, stepUp });
  registerCustomerUsersRoutes(router, { db: db.db });
  registerSmsTemplateRoutes(router, { db: db.db });
  registerPhonebotRoutes(router, {
    db: db.db,
    secrets: deps.secrets,
    stepUp,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    operator: config.operator,
  });
  registerPhonebotVersionRoutes(router, { db: db.db, secrets: deps.secrets });
  registerPhonebotAlertRoutes(router, { db: db.db });
  registerBotRoutes(app, router, { db: db.db, secrets: deps.secrets });
  const callsDeps = { db: db.db, sms: deps.sms, smsLimits: config.sms, retentionDays: config.callRetentionDays };
  registerCallListRoutes(router, { ...callsDeps, versions: deps.events.callsVersions });
  registerCallRoutes(router, callsDeps);
  registerSmsStatusRoutes(app, router, API_BASE, {
    db: db.db,
    authToken: config.twilio.authToken,
    publicUrl: config.publicUrl,
  });
  // Callback attempts, click-to-call and SMS replies; a reply's notification to the call's owner is not wired yet.
  registerAttemptRoutes(app, router, API_BASE, { db: db.db, twilio: config.twilio, publicUrl: config.publicUrl });
  registerCallerTimelineRoutes(router, { db: db.db });
  registerCallerRightsRoutes(router, { db: db.db });
  registerGuestRoutes(router, { db: db.db, secrets: deps.secrets, files: deps.files });
  registerBillingRoutes(app, router, API_BASE, {
    db: db.db,
    paddle: config.paddle,
    signingKey: deps.secrets.derive('paddle-checkout'),
  });
  registerConnectorRoutes(app, router, API_BASE, { db: db.db, secrets: deps.secrets });
  registerCallsHistoryRoutes(router, { db: db.db });
  registerUsageRoutes(router, { db: db.db });
  registerInsightsRoutes(router, { db: db.db, versions: deps.events.callsVersions });
  registerSettingsRoutes(router, { db: db.db, operatorSeed: config.operator, paddle: config.paddle });
  registerEventRoutes(router, { db: db.db, hub: deps.events });
  registerNotificationRoutes(router, { db: db.db });
  registerPushRoutes(router, { db: db.db, ...deps.push });
  registerRecordingRoutes(app, router, { db: db.db, recordings: deps.recordings });
  registerUrgentMailRoutes(router, { db: db.db });
  registerApiKeyRoutes(router, { db: db.db, stepUp });
  registerWebhookRoutes(router, {
    db: db.db,
    stepUp,
    secrets: deps.secrets,
    allowPrivateUrls: config.webhookAllowPrivateUrls,
    publicUrl: config.publicUrl,
    listenPort: config.port,
    wake: deps.webhooks.wake,
  });
  registerSystemRoutes(app, router, {
    db,
    version: deps.version,
    termsUrl: config.operator.terms_url || config.publicUrl,
    redisUrl: config.redisUrl,
  });

  await registerWebApp(app, config.webDistDir, async () => ({ operator: await getOperator(db.db, config.operator) }));
  return { app, router };
}

/** Requests one API key may make per minute, across all processes when they share Redis. */
function apiKeyRate(config: Config) {
  return { name: 'api-key', max: config.apiKeyRatePerMinute, windowMs: 60_000 };
}

/** A limit's refusal: Retry-After, and the RateLimit fields of the policy that refused (plugins/rate-limit-headers.ts). */
export function tooManyRequests(retryAfterSeconds: number, policy?: RatePolicy): ApiError {
  const seconds = Math.max(1, retryAfterSeconds);
  const fields = policy ? rateLimitFields([{ policy, count: policy.max + 1, resetMs: seconds * 1000 }]) : {};
  return ApiError.of(429, 'tooManyRequests', { headers: { 'retry-after': String(seconds), ...fields } });
}
