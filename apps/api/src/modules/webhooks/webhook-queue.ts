import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { WebhookEvent } from '@phonebot/shared/webhooks';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import {
  type Change,
  type ChangeSubscriber,
  type PhonebotChange,
  type SmsRecord,
  callIdsOf,
  isCallsChange,
} from '../../lib/changes';
import { containsIgnoreCase } from '../../lib/list';
import { listedCall } from '../calls';

/**
 * The webhook queue: the deliveries a change queues for the company's endpoints, inside the change's transaction
 * (webhookQueueSubscriber), and the test events and redeliveries an admin asks for. webhook-sender.ts sends them.
 */

/** The body of a delivery, as the Standard Webhooks specification shapes it. */
export function envelope(type: string, data: unknown): string {
  return JSON.stringify({ type, timestamp: nowIso(), data });
}

const messageId = () => `msg_${crypto.randomBytes(16).toString('base64url')}`;

type About = { messageId?: string; callId?: number | null };

/** A delivery row to queue; `callId` names the call it is about, so that it goes when the call goes. */
function deliveryValues(webhookId: number, event: string, payload: string, about: About) {
  const now = nowIso();
  return {
    webhook_id: webhookId,
    call_id: about.callId ?? null,
    event,
    message_id: about.messageId ?? messageId(),
    payload,
    status: 'pending' as const,
    next_attempt_at: now,
    claimed_until: null,
    last_attempt_at: null,
    response_status: null,
    response_body: null,
    duration_ms: null,
    last_error: null,
    created_at: now,
  };
}

export async function insertDelivery(
  trx: Kysely<Database>,
  webhookId: number,
  event: string,
  payload: string,
  about: About = {},
) {
  const row = await trx
    .insertInto('webhook_deliveries')
    .values(deliveryValues(webhookId, event, payload, about))
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/**
 * The company's endpoints and their events. Paused endpoints count: their events wait for them (up to the maximum
 * age) and are sent in order when they are enabled again.
 */
async function endpointsOf(trx: Kysely<Database>, customerId: number) {
  const rows = await trx
    .selectFrom('webhooks')
    .select(['id', 'events'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, events: new Set(JSON.parse(row.events) as WebhookEvent[]) }));
}

async function fanOut(
  trx: Kysely<Database>,
  hooks: { id: number; events: Set<WebhookEvent> }[],
  event: WebhookEvent,
  data: unknown,
  callId: number | null,
) {
  const targets = hooks.filter((hook) => hook.events.has(event));
  if (targets.length === 0) return;
  const payload = envelope(event, data);
  for (const hook of targets) await insertDelivery(trx, hook.id, event, payload, { callId });
}

/**
 * Queues the deliveries of a change to calls: call.created for new calls, call.updated for changed ones,
 * call.completed once when a call's status becomes Completed, and call.deleted (the id and the time only) for calls
 * deleted by a person, an erasure or retention. The deleted calls' own deliveries are gone with them already (their
 * rows reference the call, on delete cascade). Costs one query for a company without endpoints.
 */
async function queueCallDeliveries(
  trx: Kysely<Database>,
  customerId: number,
  kind: 'created' | 'updated' | 'deleted',
  callIds: readonly number[],
) {
  const hooks = await endpointsOf(trx, customerId);
  if (hooks.length === 0) return;
  if (kind === 'deleted') {
    const targets = hooks.filter((hook) => hook.events.has('call.deleted'));
    const deletedAt = nowIso();
    const rows = callIds.flatMap((callId) => {
      const payload = envelope('call.deleted', {
        type: 'calls',
        id: String(callId),
        attributes: { deleted_at: deletedAt },
      });
      return targets.map((hook) => deliveryValues(hook.id, 'call.deleted', payload, {}));
    });
    // In slices: retention may delete many calls at once.
    for (let at = 0; at < rows.length; at += 500) {
      await trx
        .insertInto('webhook_deliveries')
        .values(rows.slice(at, at + 500))
        .execute();
    }
    return;
  }
  const wantsCompleted = hooks.some((hook) => hook.events.has('call.completed'));
  for (const callId of callIds) {
    const call = await listedCall(trx, customerId, callId);
    if (!call) continue;
    await fanOut(trx, hooks, kind === 'created' ? 'call.created' : 'call.updated', call, callId);
    if (!wantsCompleted) continue;
    if (call.attributes.status === 'Completed') {
      const fresh = await trx
        .insertInto('webhook_completed_calls')
        .values({ call_id: callId })
        .onConflict((oc) => oc.column('call_id').doNothing())
        .returning('call_id')
        .executeTakeFirst();
      if (fresh) await fanOut(trx, hooks, 'call.completed', call, callId);
    } else {
      await trx.deleteFrom('webhook_completed_calls').where('call_id', '=', callId).execute();
    }
  }
}

/**
 * Queues sms.sent or sms.failed for an SMS just recorded, or sms.failed when its delivery report says it was not
 * delivered.
 */
async function queueSmsDelivery(trx: Kysely<Database>, customerId: number, sms: SmsRecord) {
  const hooks = await endpointsOf(trx, customerId);
  if (hooks.length === 0) return;
  const { id, ...attributes } = sms;
  await fanOut(
    trx,
    hooks,
    sms.state === 'failed' || sms.state === 'undelivered' ? 'sms.failed' : 'sms.sent',
    { type: 'sms', id: String(id), attributes },
    sms.call_id,
  );
}

/** Drops the company's queued deliveries that name an erased caller's number, sent or not. */
async function forgetNumber(trx: Kysely<Database>, customerId: number, number: string): Promise<void> {
  await trx
    .deleteFrom('webhook_deliveries')
    .where('webhook_id', 'in', (eb) => eb.selectFrom('webhooks').select('id').where('customer_id', '=', customerId))
    .where((eb) => containsIgnoreCase(eb.ref('payload'), number))
    .execute();
}

/** The webhook event a change of calls queues for its calls (an erased call is a deleted one). */
function deliveryKind(change: Change): 'created' | 'updated' | 'deleted' | undefined {
  if (!isCallsChange(change) || callIdsOf(change).length === 0) return undefined;
  return change.kind === 'erased' ? 'deleted' : change.kind;
}

/** Queues phonebot.updated for a new version of a phonebot's configuration, phonebot.offline and phonebot.online. */
async function queuePhonebotDelivery(trx: Kysely<Database>, change: PhonebotChange) {
  const hooks = await endpointsOf(trx, change.customerId);
  if (hooks.length === 0) return;
  if (change.kind === 'phonebot-version') {
    const attributes = { version: change.number, fields: change.fields, changed_at: change.at };
    await fanOut(trx, hooks, 'phonebot.updated', { type: 'phonebots', id: change.licenseKey, attributes }, null);
    return;
  }
  const attributes = {
    bezeichnung: change.name,
    reason: change.reason,
    last_seen_at: change.lastSeenAt,
    at: change.at,
  };
  const event = change.status === 'offline' ? 'phonebot.offline' : 'phonebot.online';
  await fanOut(trx, hooks, event, { type: 'phonebots', id: change.licenseKey, attributes }, null);
}

/** Queues what a change means to the company's endpoints, and forgets what an erasure forgets. */
export const webhookQueueSubscriber: ChangeSubscriber = {
  name: 'webhook queue',
  async take(trx, changes) {
    for (const change of changes) {
      if (change.kind === 'sms') await queueSmsDelivery(trx, change.customerId, change.sms);
      if (change.kind === 'phonebot-version' || change.kind === 'phonebot-status') {
        await queuePhonebotDelivery(trx, change);
      }
      if (change.kind === 'erased') await forgetNumber(trx, change.customerId, change.callerNumber);
      const kind = deliveryKind(change);
      if (kind && isCallsChange(change)) await queueCallDeliveries(trx, change.customerId, kind, callIdsOf(change));
    }
  },
  createdInOneStatement(batch, bind) {
    // The statement also says which of the companies have endpoints (paused ones too); only those queue deliveries.
    const customers = bind(batch.map((change) => change.customerId));
    return {
      columns: [
        `(select json_agg(distinct customer_id) from webhooks where customer_id = any(${customers}::int[])) as hooked`,
      ],
      async after(trx, row) {
        const hooked = new Set(((row.hooked as number[] | null) ?? []).map(Number));
        for (const change of batch) {
          if (hooked.has(change.customerId)) {
            await queueCallDeliveries(trx, change.customerId, 'created', callIdsOf(change));
          }
        }
      },
    };
  },
};
