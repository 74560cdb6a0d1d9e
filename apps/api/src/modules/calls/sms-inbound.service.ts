import type { Kysely } from 'kysely';
import { normalizePhoneNumber } from '@phonebot/shared/calls';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { type Change, publishChanges } from '../../lib/changes';
import { change } from './calls.service';
import { optWord, setOptedOut } from './sms-opt-outs';

/**
 * A caller's SMS reply (Twilio's messaging webhook). It belongs to the company that last texted the number, across
 * companies (the latest outbound SMS to it), and joins that company's latest call from the number (or the call the
 * SMS was about): an inbound SMS in the conversation, `unread_reply` on the call, a completed call back to In
 * Progress, all published as changes of the call, and a notification to its owner. A number nobody texted is stored
 * nowhere.
 */

export type InboundSms = { from: string; to: string | undefined; body: string; messageSid: string | undefined };

export type InboundOutcome = 'stored' | 'duplicate' | 'unknown';

export async function receiveSmsReply(db: Kysely<Database>, sms: InboundSms): Promise<InboundOutcome> {
  const from = normalizePhoneNumber(sms.from) ?? sms.from.trim();
  return db.transaction().execute(async (trx) => {
    // Twilio retries a webhook it got no answer to: the same MessageSid is stored once.
    if (sms.messageSid) {
      const seen = await trx
        .selectFrom('sms_messages')
        .select('id')
        .where('provider', '=', 'twilio')
        .where('provider_id', '=', sms.messageSid)
        .where('direction', '=', 'inbound')
        .executeTakeFirst();
      if (seen) return 'duplicate';
    }
    const sent = await trx
      .selectFrom('sms_messages')
      .select(['customer_id', 'call_id', 'user_id'])
      .where('to_number', '=', from)
      .where('direction', '=', 'outbound')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!sent) return 'unknown';
    const customerId = sent.customer_id;
    const latest = await trx
      .selectFrom('calls')
      .select(['id', 'status', 'assignee_id'])
      .where('customer_id', '=', customerId)
      .where('caller_number', '=', from)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const call =
      latest ??
      (await trx
        .selectFrom('calls')
        .select(['id', 'status', 'assignee_id'])
        .where('id', '=', sent.call_id)
        .executeTakeFirstOrThrow());
    const now = nowIso();
    const word = optWord(sms.body);
    if (word) await setOptedOut(trx, customerId, from, word === 'out', now);
    await trx
      .insertInto('sms_messages')
      .values({
        call_id: call.id,
        customer_id: customerId,
        user_id: null,
        to_number: sms.to ?? '',
        from_number: from,
        direction: 'inbound',
        body: sms.body,
        provider: 'twilio',
        provider_id: sms.messageSid ?? null,
        state: 'delivered',
        error: null,
        error_code: null,
        error_message: null,
        error_more_info: null,
        error_reason: null,
        created_at: now,
      })
      .execute();
    await trx.updateTable('calls').set({ unread_reply: 1 }).where('id', '=', call.id).execute();
    // An opt-out word is no reason to call back: only a real reply reopens a completed call.
    if (!word && call.status === 'Completed') await change(trx, customerId, [call.id], { status: 'In Progress' });
    // A change of the call (live streams, call.updated webhooks, the search index of its texts); the `sms` kind is
    // for SMS the company sent (sms.sent and sms.failed webhooks). Its owner (the assignee, else whoever sent the SMS
    // it answers) is told of a real reply; an opt-out word tells nobody.
    const owner = call.assignee_id ?? sent.user_id;
    const changes: Change[] = [{ kind: 'updated', customerId, callIds: [call.id], text: true }];
    if (owner !== null && !word) changes.push({ kind: 'reply-received', customerId, callId: call.id, userId: owner });
    await publishChanges(trx, changes);
    return 'stored';
  });
}

/** The call was read: its caller's reply is no longer new (the lists' flag follows through the change path). */
export async function markReplyRead(db: Kysely<Database>, customerId: number, callId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const cleared = await trx
      .updateTable('calls')
      .set({ unread_reply: 0 })
      .where('customer_id', '=', customerId)
      .where('id', '=', callId)
      .where('unread_reply', '=', 1)
      .returning('id')
      .executeTakeFirst();
    if (cleared) await publishChanges(trx, [{ kind: 'updated', customerId, callIds: [callId] }]);
  });
}
