import crypto from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import {
  type CreateWebhookInput,
  type UpdateWebhookInput,
  WEBHOOK_SECRET_PREFIX,
  type WebhookAttributes,
  type WebhookEvent,
} from '@phonebot/shared/webhooks';
import type { Database, WebhooksTable } from '../../db/schema';
import { nowIso } from '../../db/time';
import { type Actor, auditChange } from '../../lib/audit';
import type { StepUp } from '../../lib/principal';
import { notFound, refuse } from '../../lib/domain-errors';
import type { SecretBox } from '../../lib/secrets';
import { RefusedAddressError, checkWebhookHost } from './webhook-address';
import { dropExpiredDeliveries } from './delivery-expiry';

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

/** One endpoint of the company, with its pending deliveries; 404 for any other. */
export async function companyWebhook(db: Kysely<Database>, customerId: number, id: number) {
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
