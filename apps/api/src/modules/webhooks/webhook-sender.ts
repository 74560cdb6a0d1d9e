import { setMaxListeners } from 'node:events';
import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database, WebhookDeliveriesTable } from '../../db/schema';
import { MINUTE, isoIn, nowIso } from '../../db/time';
import type { OperatorInput } from '@phonebot/shared/settings';
import { queueMail } from '../../lib/mailer';
import { mailContext } from '../settings';
import { webhookPausedMail } from './webhook.mails';
import type { SecretBox } from '../../lib/secrets';
import { type AddressGuard, RefusedAddressError, checkWebhookTarget } from './webhook-address';
import { type Answer, postWebhook } from './webhook-post';
import { dropExpiredDeliveries } from './delivery-expiry';
import { dueDeliveries, readyEndpoints, unleased } from './webhook-claims';
import { signWebhook } from './webhook-signature';
import { DEFAULT_WEBHOOK_TIMING, PAUSE_AFTER_MS, type WebhookTiming } from './webhook-timing';
import { passRunner } from '../../lib/pass-runner';
import { activeUsersToMail } from '../users';

/** Expired deliveries (WEBHOOK_MAX_AGE_DAYS) are looked for this often, and dropped in slices of this many. */
const DROP_EVERY_MS = MINUTE;
const DROP_SLICE = 500;
/** Deliveries one lease of an endpoint sends in a row, at most, before the endpoint goes back in line. */
const PER_LEASE = 25;

type DeliveryRow = Selectable<WebhookDeliveriesTable>;
type Endpoint = { id: number; customer_id: number; url: string; secret: string };

export type WebhookSender = {
  wake: () => void;
  /** Resolves when nothing is being sent and no delivery is due (tests). */
  idle: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * The webhook job, in every process. Each endpoint is leased by one process at a time, which sends its oldest due
 * delivery and gives it back, so an endpoint gets one delivery at a time, in the order they were queued, and the
 * endpoint served least recently goes first: a company's long queue or slow endpoint takes one worker, never the
 * others' turn, and a company's endpoints take at most `perCompany` of a process's workers. A send never takes
 * longer than the timeout. Failures in a row open the endpoint's circuit breaker; `Retry-After` holds it back too.
 * A lease that ran out (its process died mid-send) is taken again, so no delivery is lost, and a receiver may see a
 * message twice (it has the same webhook-id).
 */
export function createWebhookSender(options: {
  db: Kysely<Database>;
  secrets: SecretBox;
  allowPrivate: boolean;
  /** PUBLIC_URL: webhooks may not call the product itself (nor its listening port, below). */
  publicUrl: string;
  listenPort?: number;
  /** The operator named in the footer of the mails, as Settings start from. */
  operatorSeed: OperatorInput;
  log: Logger;
  wakeMailer: () => void;
  timing?: Partial<WebhookTiming>;
}): WebhookSender {
  const { db, secrets, log } = options;
  const timing: WebhookTiming = { ...DEFAULT_WEBHOOK_TIMING, ...options.timing };
  const guard: AddressGuard = {
    allowPrivate: options.allowPrivate,
    publicUrl: options.publicUrl,
    listenPort: options.listenPort,
  };
  // Longer than a send may take; a lease older than this was abandoned (its process died) and is taken again.
  const leaseMs = timing.timeoutMs + 5_000;
  const stopping = new AbortController();
  // Each worker's post listens for the stop (and leaves off when it ends).
  setMaxListeners(timing.workers + 1, stopping.signal);
  const sending = new Map<number, Promise<void>>();
  const perCompany = new Map<number, number>();
  let droppedAt = 0;

  async function send(endpoint: Endpoint, row: DeliveryRow): Promise<Answer> {
    try {
      checkWebhookTarget(endpoint.url, guard);
    } catch (error) {
      if (!(error instanceof RefusedAddressError)) throw error;
      return { status: null, body: null, error: error.message, durationMs: 0, retryAfterMs: null };
    }
    const secret = secrets.decrypt(endpoint.secret, 'webhook-secret');
    const timestamp = Math.floor(Date.now() / 1000);
    return postWebhook(
      endpoint.url,
      row.payload,
      {
        'webhook-id': row.message_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(secret, row.message_id, timestamp, row.payload),
      },
      { timeoutMs: timing.timeoutMs, guard, signal: stopping.signal },
    );
  }

  /**
   * Records an attempt's outcome on the delivery and the endpoint, and renews the endpoint's lease for the next
   * delivery; answers whether mails were queued.
   */
  async function settle(row: DeliveryRow, answer: Answer, lease: string): Promise<boolean> {
    const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
    const nowMs = Date.now();
    const now = new Date(nowMs).toISOString();
    const recorded = {
      claimed_until: null,
      last_attempt_at: now,
      response_status: answer.status,
      response_body: answer.body,
      duration_ms: answer.durationMs,
      last_error: ok
        ? null
        : (answer.error ??
          `answered ${answer.status}${answer.status && answer.status < 400 ? ' (redirects are not followed)' : ''}`),
    };
    return db.transaction().execute(async (trx) => {
      await trx
        .updateTable('webhooks')
        .set({ claimed_until: new Date(nowMs + leaseMs).toISOString() })
        .where('id', '=', row.webhook_id)
        .where('claimed_by', '=', lease)
        .execute();
      if (ok) {
        await trx
          .updateTable('webhook_deliveries')
          .set({ ...recorded, status: 'succeeded', next_attempt_at: null })
          .where('id', '=', row.id)
          .execute();
        await trx
          .updateTable('webhooks')
          .set({ failing_since: null, consecutive_failures: 0, blocked_until: null })
          .where('id', '=', row.webhook_id)
          .execute();
        return false;
      }
      const hook = await trx
        .selectFrom('webhooks')
        .select(['consecutive_failures', 'failing_since'])
        .where('id', '=', row.webhook_id)
        .executeTakeFirst();
      if (!hook) return false;
      const waitMs = answer.retryAfterMs === null ? 0 : Math.min(answer.retryAfterMs, timing.retryAfterMaxMs);
      const delay = timing.retryDelaysMs[Number(row.attempts) - 1];
      await trx
        .updateTable('webhook_deliveries')
        .set({
          ...recorded,
          status: delay === undefined ? 'failed' : 'pending',
          next_attempt_at: delay === undefined ? null : new Date(nowMs + Math.max(delay, waitMs)).toISOString(),
        })
        .where('id', '=', row.id)
        .execute();
      const failures = Number(hook.consecutive_failures) + 1;
      let blockedMs = waitMs;
      if (failures >= timing.breakerFailures) {
        const open = timing.breakerMs * 2 ** (failures - timing.breakerFailures);
        blockedMs = Math.max(blockedMs, Math.min(open, timing.breakerMaxMs));
      }
      await trx
        .updateTable('webhooks')
        .set({
          failing_since: hook.failing_since ?? now,
          consecutive_failures: failures,
          blocked_until: blockedMs > 0 ? new Date(nowMs + blockedMs).toISOString() : null,
        })
        .where('id', '=', row.webhook_id)
        .execute();
      if (answer.status === 410) return pause(trx, row.webhook_id, 'gone');
      if (new Date(hook.failing_since ?? now).getTime() <= nowMs - PAUSE_AFTER_MS) {
        return pause(trx, row.webhook_id, 'failing');
      }
      return false;
    });
  }

  /** Pauses an endpoint and mails its company's admins; only the update that pauses it mails, once. */
  async function pause(trx: Kysely<Database>, webhookId: number, reason: 'failing' | 'gone'): Promise<boolean> {
    const paused = await trx
      .updateTable('webhooks')
      .set({ enabled: 0, paused_reason: reason, updated_at: nowIso() })
      .where('id', '=', webhookId)
      .where('enabled', '=', 1)
      .returning(['url', 'customer_id'])
      .executeTakeFirst();
    if (!paused) return false;
    log.warn({ webhook: webhookId, reason }, 'webhook endpoint paused');
    const admins = await activeUsersToMail(trx, paused.customer_id, ['admin']);
    for (const admin of admins) {
      const context = await mailContext(trx, options.operatorSeed, admin.language);
      await queueMail(trx, webhookPausedMail(context, options.publicUrl, admin, paused.url, reason));
    }
    return true;
  }

  /** Sends the endpoint's oldest due delivery; answers false when none was due. */
  async function sendOldest(endpoint: Endpoint, lease: string): Promise<boolean> {
    const now = nowIso();
    const next = dueDeliveries(db, now).select('id').where('webhook_id', '=', endpoint.id).orderBy('id').limit(1);
    const row = await db
      .updateTable('webhook_deliveries')
      .set((eb) => ({ claimed_until: isoIn(leaseMs), attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', next)
      .where('status', '=', 'pending')
      .where(unleased(now))
      .returningAll()
      .executeTakeFirst();
    if (!row) return false;
    const answer = await send(endpoint, row).catch((error: unknown): Answer => ({
      status: null,
      body: null,
      error: String(error),
      durationMs: 0,
      retryAfterMs: null,
    }));
    if (answer.aborted) {
      // The process is stopping: the delivery is handed back as it was, for the next process.
      await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({ claimed_until: null, attempts: eb('attempts', '-', 1) }))
        .where('id', '=', row.id)
        .execute();
      return false;
    }
    if (await settle(row, answer, lease)) options.wakeMailer();
    return true;
  }

  /**
   * Sends the endpoint's due deliveries one after the other under the lease `lease`, oldest first, then gives the
   * endpoint back: after PER_LEASE of them, when every worker of this process is taken (another endpoint may be
   * waiting for one), or when the endpoint was paused or its breaker opened meanwhile.
   */
  async function work(endpoint: Endpoint, lease: string): Promise<void> {
    try {
      for (let sent = 0; sent < PER_LEASE && !runner.closed(); sent++) {
        if (sent > 0) {
          if (sending.size >= timing.workers) return;
          // Still ours (settle renewed the lease), still enabled, its breaker closed.
          const kept = await db
            .selectFrom('webhooks')
            .select('id')
            .where('id', '=', endpoint.id)
            .where('claimed_by', '=', lease)
            .where('enabled', '=', 1)
            .where(sql<boolean>`(blocked_until is null or blocked_until <= ${nowIso()})`)
            .executeTakeFirst();
          if (!kept) return;
        }
        if (!(await sendOldest(endpoint, lease))) return;
      }
    } finally {
      await db
        .updateTable('webhooks')
        .set({ claimed_until: null, claimed_by: null })
        .where('id', '=', endpoint.id)
        .where('claimed_by', '=', lease)
        .execute();
    }
  }

  function start(endpoint: Endpoint, lease: string): void {
    perCompany.set(endpoint.customer_id, (perCompany.get(endpoint.customer_id) ?? 0) + 1);
    const task = work(endpoint, lease)
      .catch((error: unknown) => log.error({ err: error, webhook: endpoint.id }, 'webhook delivery failed'))
      .finally(() => {
        sending.delete(endpoint.id);
        const left = (perCompany.get(endpoint.customer_id) ?? 1) - 1;
        if (left > 0) perCompany.set(endpoint.customer_id, left);
        else perCompany.delete(endpoint.customer_id);
        runner.wake();
      });
    sending.set(endpoint.id, task);
  }

  /** Drops deliveries that waited longer than the maximum age (an endpoint paused that long), counting them. */
  async function dropExpired(): Promise<void> {
    if (Date.now() - droppedAt < DROP_EVERY_MS) return;
    droppedAt = Date.now();
    for (;;) {
      const dropped = await db.transaction().execute((trx) => dropExpiredDeliveries(trx, { limit: DROP_SLICE }));
      if (dropped < DROP_SLICE || runner.closed()) break;
    }
  }

  /** Leases ready endpoints for the free workers, fairly, and starts their sends; does not wait for them. */
  async function pass(): Promise<void> {
    await dropExpired();
    const free = timing.workers - sending.size;
    if (free <= 0 || runner.closed()) return;
    const now = nowIso();
    const ready = await readyEndpoints(db, now, timing.perCompany)
      .limit(free * 2)
      .execute();
    const taken = new Map<number, number>();
    const chosen: number[] = [];
    for (const { id, customer_id } of ready) {
      if (chosen.length === free) break;
      const busy = (perCompany.get(customer_id) ?? 0) + (taken.get(customer_id) ?? 0);
      if (sending.has(id) || busy >= timing.perCompany) continue;
      taken.set(customer_id, (taken.get(customer_id) ?? 0) + 1);
      chosen.push(id);
    }
    if (chosen.length === 0) return;
    const lease = crypto.randomUUID();
    const leased = await db
      .updateTable('webhooks')
      .set({ claimed_until: isoIn(leaseMs), claimed_by: lease, served_at: now })
      .where('id', 'in', chosen)
      .where('enabled', '=', 1)
      .where(unleased(now))
      .returning(['id', 'customer_id', 'url', 'secret'])
      .execute();
    for (const endpoint of leased) start(endpoint, lease);
  }

  const runner = passRunner({
    name: 'webhook job',
    pass,
    // `idle` below waits for the sends as well; the runner's own idle is one pass.
    due: () => Promise.resolve(false),
    pollMs: timing.pollMs,
    log,
  });

  return {
    wake: runner.wake,
    async idle() {
      for (;;) {
        await runner.idle();
        if (sending.size > 0) {
          await Promise.all(sending.values());
          continue;
        }
        if (runner.closed()) return;
        const ready = await readyEndpoints(db, nowIso(), timing.perCompany).limit(1).executeTakeFirst();
        if (ready === undefined) return;
      }
    },
    async close() {
      await runner.close();
      stopping.abort();
      await Promise.all(sending.values());
    },
  };
}
