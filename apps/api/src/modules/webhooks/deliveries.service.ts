import type { Kysely, Selectable } from 'kysely';
import { WEBHOOK_TEST_EVENT, type WebhookDeliveryAttributes } from '@phonebot/shared/webhooks';
import type { Database, WebhookDeliveriesTable } from '../../db/schema';
import { notFound } from '../../lib/domain-errors';
import { envelope, insertDelivery } from './webhook-queue';
import { companyWebhook } from './webhooks.service';

/** An endpoint's delivery log: its page, a test event, sending one again. */

type DeliveryRow = Selectable<WebhookDeliveriesTable>;

function deliveryResource(row: DeliveryRow) {
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
