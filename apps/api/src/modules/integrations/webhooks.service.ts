import crypto from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import {
  type CreateWebhookInput,
  type UpdateWebhookInput,
  WEBHOOK_MAX_AGE_DAYS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  type WebhookAttributes,
  type WebhookDeliveryAttributes,
  type WebhookEvent,
} from '@phonebot/shared/webhooks';
import type { Database, WebhookDeliveriesTable, WebhooksTable } from '../../db/schema';
import { DAY, nowIso } from '../../db/time';
import { type Actor, auditChange } from '../../lib/audit';
import type { StepUp } from '../../lib/principal';
import { notFound, refuse } from '../../lib/domain-errors';
import type { SecretBox } from '../../lib/secrets';
import { RefusedAddressError, checkWebhookHost } from './webhook-address';
import { envelope, insertDelivery } from './webhook-queue';

export type WebhooksDeps = {
  db: Kysely<Database>;
  secrets: SecretBox;
  allowPrivateUrls: boolean;
  stepUp: StepUp;
  /** PUBLIC_URL and the listening port: a webhook may not call the product itself. */
  publicUrl?: string;
  listenPort?: number;
};

const SECRET_CONTEXT = 'webhook-secret';

type WebhookRow = Selectable<WebhooksTable>;
type DeliveryRow = Selectable<WebhookDeliveriesTable>;

function webhookResource(row: WebhookRow & { pending: number | string | bigint }, secret?: string) {
  const attributes: WebhookAttributes = {
    url: row.url,
    events: JSON.parse(row.events) as WebhookEvent[],
    description: row.description,
    enabled: row.enabled === 1,
    paused_reason: row.paused_reason,
    failing_since: row.failing_since,
    // Only while it holds: a time that has passed holds nothing back.
    blocked_until: row.blocked_until && Date.parse(row.blocked_until) > Date.now() ? row.blocked_until : null,
    pending_deliveries: Number(row.pending),
    dropped_deliveries: Number(row.dropped_deliveries),
    created_at: row.created_at,
    ...(secret ? { secret } : {}),
  };
  return { type: 'webhooks' as const, id: String(row.id), attributes };
}

export function deliveryResource(row: DeliveryRow) {
  const attributes: WebhookDeliveryAttributes = {
    event: row.event,
    message_id: row.message_id,
    status: row.status,
    attempts: Number(row.attempts),
    response_status: row.response_status,
    response_body: row.response_body,
    duration_ms: row.duration_ms,
    last_error: row.last_error,
    last_attempt_at: row.last_attempt_at,
    next_attempt_at: row.next_attempt_at,
    created_at: row.created_at,
  };
  return { type: 'webhook-deliveries' as const, id: String(row.id), attributes };
}

/** The URL must lead to a public address (unless allowed for development); a refused one answers 422. */
async function checkUrl(deps: WebhooksDeps, url: string): Promise<void> {
  try {
    await checkWebhookHost(url, {
      allowPrivate: deps.allowPrivateUrls,
      publicUrl: deps.publicUrl,
      listenPort: deps.listenPort,
    });
  } catch (error) {
    if (error instanceof RefusedAddressError || (error as NodeJS.ErrnoException).code?.startsWith('E')) {
      throw refuse('invalid', 'webhookUrlRefused', { pointer: '/data/attributes/url' });
    }
    throw error;
  }
}

/** A company's endpoints with the number of their deliveries waiting to be sent. */
function webhooksWithQueue(db: Kysely<Database>, customerId: number) {
  return db
    .selectFrom('webhooks')
    .selectAll('webhooks')
    .select((eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select((c) => c.fn.countAll().as('n'))
        .whereRef('webhook_deliveries.webhook_id', '=', 'webhooks.id')
        .where('webhook_deliveries.status', '=', sql.lit('pending'))
        .as('pending'),
    )
    .where('webhooks.customer_id', '=', customerId);
}

async function companyWebhook(db: Kysely<Database>, customerId: number, id: number) {
  const row = await webhooksWithQueue(db, customerId).where('webhooks.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return { ...row, pending: row.pending ?? 0 };
}

export async function listWebhooks(db: Kysely<Database>, customerId: number) {
  const rows = await webhooksWithQueue(db, customerId).orderBy('webhooks.id', 'asc').execute();
  return rows.map((row) => webhookResource({ ...row, pending: row.pending ?? 0 }));
}

export async function getWebhook(db: Kysely<Database>, customerId: number, id: number) {
  return webhookResource(await companyWebhook(db, customerId, id));
}

/** Adds an endpoint with a new signing secret, answered this once (it is kept encrypted to sign deliveries). */
export async function createWebhook(deps: WebhooksDeps, actor: Actor, customerId: number, input: CreateWebhookInput) {
  await deps.stepUp(actor);
  await checkUrl(deps, input.url);
  const secret = WEBHOOK_SECRET_PREFIX + crypto.randomBytes(24).toString('base64');
  const now = nowIso();
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('webhooks')
      .values({
        customer_id: customerId,
        url: input.url,
        events: JSON.stringify(input.events),
        description: input.description,
        enabled: input.enabled ? 1 : 0,
        secret: deps.secrets.encrypt(secret, SECRET_CONTEXT),
        failing_since: null,
        paused_reason: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditChange(trx, actor, {
      action: 'webhook.created',
      target: `webhooks/${row.id}`,
      detail: { url: input.url, events: input.events },
    });
    return webhookResource({ ...row, pending: 0 }, secret);
  });
}

export async function updateWebhook(
  deps: WebhooksDeps,
  actor: Actor,
  customerId: number,
  id: number,
  input: UpdateWebhookInput,
) {
  if (input.url !== undefined) {
    // Pointing an endpoint somewhere else is as sensitive as adding one.
    const current = await companyWebhook(deps.db, customerId, id);
    if (input.url !== current.url) await deps.stepUp(actor);
    await checkUrl(deps, input.url);
  }
  return deps.db.transaction().execute(async (trx) => {
    await companyWebhook(trx, customerId, id);
    const set: Partial<Record<keyof WebhooksTable, unknown>> = { updated_at: nowIso() };
    if (input.url !== undefined) set.url = input.url;
    if (input.events !== undefined) set.events = JSON.stringify(input.events);
    if (input.description !== undefined) set.description = input.description;
    if (input.enabled !== undefined) {
      set.enabled = input.enabled ? 1 : 0;
      // Enabling again starts the failure clock and the breaker over; pausing by hand is no failure.
      set.failing_since = null;
      set.paused_reason = null;
      set.consecutive_failures = 0;
      set.blocked_until = null;
    }
    await trx
      .updateTable('webhooks')
      .set(set as never)
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .execute();
    // What waited longer than the maximum age is dropped now, not sent, and the screen counts it at once.
    if (input.enabled) await dropExpiredDeliveries(trx, { webhookId: id });
    await auditChange(trx, actor, { action: 'webhook.updated', target: `webhooks/${id}`, detail: { ...input } });
    return webhookResource(await companyWebhook(trx, customerId, id));
  });
}

export async function deleteWebhook(db: Kysely<Database>, actor: Actor, customerId: number, id: number) {
  await db.transaction().execute(async (trx) => {
    const row = await companyWebhook(trx, customerId, id);
    await trx.deleteFrom('webhook_deliveries').where('webhook_id', '=', id).execute();
    await trx.deleteFrom('webhooks').where('id', '=', id).execute();
    await auditChange(trx, actor, { action: 'webhook.deleted', target: `webhooks/${id}`, detail: { url: row.url } });
  });
}

export async function listDeliveries(
  db: Kysely<Database>,
  customerId: number,
  webhookId: number,
  page: { offset: number; limit: number },
) {
  await companyWebhook(db, customerId, webhookId);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('webhook_id', '=', webhookId)
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(deliveryResource), total: Number(count.n) };
}

export async function queueTestEvent(db: Kysely<Database>, customerId: number, webhookId: number) {
  const hook = await companyWebhook(db, customerId, webhookId);
  const payload = envelope(WEBHOOK_TEST_EVENT, { webhook_id: String(hook.id), message: 'This is a test event.' });
  return insertDelivery(db, hook.id, WEBHOOK_TEST_EVENT, payload);
}

/** Sends a delivery again as a new delivery with the same message id and body; the original keeps its record. */
export async function redeliver(db: Kysely<Database>, customerId: number, webhookId: number, deliveryId: number) {
  await companyWebhook(db, customerId, webhookId);
  const original = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', deliveryId)
    .where('webhook_id', '=', webhookId)
    .executeTakeFirst();
  if (!original) throw notFound();
  return insertDelivery(db, webhookId, original.event, original.payload, {
    messageId: original.message_id,
    callId: original.call_id,
  });
}

/** The oldest a pending delivery may be (WEBHOOK_MAX_AGE_DAYS); older ones are dropped, never sent. */
export function maxAgeCutoff(): string {
  return new Date(Date.now() - WEBHOOK_MAX_AGE_DAYS * DAY).toISOString();
}

/**
 * Drops pending deliveries older than the maximum age (of one endpoint, or at most `limit` of all), counting them
 * on their endpoints; answers how many went. Runs in the caller's transaction, so the count moves with the rows.
 */
export async function dropExpiredDeliveries(
  trx: Kysely<Database>,
  scope: { webhookId?: number; limit?: number },
): Promise<number> {
  let expired = trx
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '=', sql.lit('pending'))
    .where('created_at', '<', maxAgeCutoff());
  if (scope.webhookId !== undefined) expired = expired.where('webhook_id', '=', scope.webhookId);
  if (scope.limit !== undefined) expired = expired.orderBy('id').limit(scope.limit);
  const gone = await trx.deleteFrom('webhook_deliveries').where('id', 'in', expired).returning('webhook_id').execute();
  const perEndpoint = new Map<number, number>();
  for (const { webhook_id } of gone) perEndpoint.set(webhook_id, (perEndpoint.get(webhook_id) ?? 0) + 1);
  for (const [webhookId, count] of [...perEndpoint].sort(([a], [b]) => a - b)) {
    await trx
      .updateTable('webhooks')
      .set((eb) => ({ dropped_deliveries: eb('dropped_deliveries', '+', count) }))
      .where('id', '=', webhookId)
      .execute();
  }
  return gone.length;
}
