import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Counter, Gauge, Histogram, type OpenMetricsContentType, Registry, collectDefaultMetrics } from 'prom-client';
import { API_BASE } from '@phonebot/shared';
import type { Db } from '../db/client';
import { ApiError } from '../lib/errors';

const EVENTS_PATH = `${API_BASE}/events`;
const INGEST_ROUTE = `${API_BASE}/bot/calls`;

/** Whether the request carries the metrics token, compared in constant time. */
function authorized(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/**
 * GET /metrics in OpenMetrics text for Prometheus, behind METRICS_TOKEN (Bearer). Without a token configured, or
 * with a wrong one, it answers 404 like any path that does not exist. Registered before the routes, so its hooks
 * time every request.
 */
export function registerMetrics(app: FastifyInstance, deps: { token: string | undefined; db: Db }): void {
  const { token, db } = deps;
  if (!token) return;
  const registry = new Registry<OpenMetricsContentType>();
  registry.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
  // Process CPU and memory, heap, event-loop lag (nodejs_eventloop_lag_*), handles and GC.
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, by route template and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const ingested = new Counter({
    name: 'phonebot_calls_ingested',
    help: 'Calls stored from the Bot API (retries answered from their Idempotency-Key not counted).',
    labelNames: ['source'] as const,
    registers: [registry],
  });
  let openStreams = 0;
  new Gauge({
    name: 'phonebot_event_streams_open',
    help: 'Open connections of the live event stream (GET /api/v2/events).',
    registers: [registry],
    collect() {
      this.set(openStreams);
    },
  });
  const pool = new Gauge({
    name: 'phonebot_db_pool_connections',
    help: 'Database connections of this process by state (total, idle), and queries waiting for one (waiting).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = db.poolStats();
      pool.set({ state: 'total' }, stats.total);
      pool.set({ state: 'idle' }, stats.idle);
      pool.set({ state: 'waiting' }, stats.waiting);
    },
  });
  const outboxDepth = new Gauge({
    name: 'phonebot_mail_outbox_depth',
    help: 'Mails queued and not yet sent or given up.',
    registers: [registry],
  });
  const outboxAge = new Gauge({
    name: 'phonebot_mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest mail queued and not yet sent (0 when none).',
    registers: [registry],
  });
  const webhookDepth = new Gauge({
    name: 'phonebot_webhook_queue_depth',
    help: 'Webhook deliveries pending: not yet sent, or failed and waiting for their next attempt.',
    registers: [registry],
  });
  const webhookAge = new Gauge({
    name: 'phonebot_webhook_queue_oldest_age_seconds',
    help: 'Age of the oldest pending webhook delivery, from its event (0 when none).',
    registers: [registry],
  });
  const scrapeErrors = new Counter({
    name: 'phonebot_metrics_collect_errors',
    help: 'Scrapes in which the database figures could not be read.',
    registers: [registry],
  });

  app.addHook('onRequest', async (req) => {
    if (req.method === 'GET' && req.routeOptions.url === EVENTS_PATH) {
      openStreams++;
      req.raw.once('close', () => openStreams--);
    }
  });
  app.addHook('onResponse', async (req, reply) => {
    // The route's template (`/api/v2/calls/:id`), never the path itself: unmatched paths share one label.
    const route = req.routeOptions.url ?? 'unmatched';
    duration.observe({ method: req.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (
      route === INGEST_ROUTE &&
      req.method === 'POST' &&
      reply.statusCode === 201 &&
      !reply.getHeader('idempotent-replayed')
    ) {
      ingested.inc({ source: 'bot_api' });
    }
  });

  app.get('/metrics', { logLevel: 'warn' }, async (req, reply) => {
    if (!authorized(req.headers.authorization, token)) {
      throw ApiError.of(404, 'notFound');
    }
    try {
      // One round trip, one read of each queue: the unsent mails, and the pending deliveries (their partial index).
      const row = await sql<{
        mail_depth: number | string;
        mail_oldest: string | null;
        webhook_depth: number | string;
        webhook_oldest: string | null;
      }>`
        select mail.depth as mail_depth, mail.oldest as mail_oldest,
          webhook.depth as webhook_depth, webhook.oldest as webhook_oldest
        from (select count(*) as depth, min(created_at) as oldest from mail_outbox
              where sent_at is null and failed_at is null) as mail
        cross join (select count(*) as depth, min(created_at) as oldest from webhook_deliveries
              where status = 'pending') as webhook
      `.execute(db.db);
      const figures = row.rows[0];
      const age = (oldest: string | null | undefined) =>
        oldest ? Math.max(0, (Date.now() - Date.parse(oldest)) / 1000) : 0;
      outboxDepth.set(Number(figures?.mail_depth ?? 0));
      outboxAge.set(age(figures?.mail_oldest));
      webhookDepth.set(Number(figures?.webhook_depth ?? 0));
      webhookAge.set(age(figures?.webhook_oldest));
    } catch (error) {
      // The process's own figures still answer while the database is away.
      scrapeErrors.inc();
      req.log.warn({ err: error }, 'metrics: database figures not available');
    }
    reply.header('cache-control', 'no-store');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
