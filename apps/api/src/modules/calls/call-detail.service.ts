import type { Kysely } from 'kysely';
import type { CallDetail, CallTurn, ExtractedFields } from '@phonebot/shared/calls';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/domain-errors';
import { getCall } from './calls.service';
import { listedCall } from './calls.list';
import { listNotes } from './notes.service';
import { listSms } from './sms.service';
import { listAttempts } from './attempts.store';
import { markReplyRead } from './sms-inbound.service';

/** One call with its whole conversation, notes and SMS history. */
export async function callDetail(db: Kysely<Database>, customerId: number, id: number): Promise<CallDetail> {
  const [call, listed] = await Promise.all([getCall(db, customerId, id), listedCall(db, customerId, id)]);
  if (!listed) throw notFound();
  const [notes, sms, attempts] = await Promise.all([
    listNotes(db, customerId, id),
    listSms(db, customerId, id),
    listAttempts(db, customerId, id),
  ]);
  // Reading the call reads its caller's reply: this answer still says so, later ones do not.
  if (listed.attributes.unread_reply) await markReplyRead(db, customerId, id);
  return {
    type: 'calls',
    id: listed.id,
    attributes: {
      ...listed.attributes,
      response: JSON.parse(call.response) as CallTurn[],
      started_at: call.started_at,
      duration_s: call.duration_s,
      extracted: call.extracted ? (JSON.parse(call.extracted) as ExtractedFields) : {},
      notes,
      sms,
      attempts,
    },
  };
}
