import type { Kysely } from 'kysely';
import { SMS_STATES, type SmsState } from '@phonebot/shared/calls';
import type { Database } from '../../db/schema';
import { twilioErrorLink, twilioErrorReason, twilioState } from '../../lib/sms';
import { publishChanges } from '../../lib/changes';
import { SMS_COLUMNS } from './sms.service';

/** How far an SMS has come; a report moves it only forward (a late `sent` never overwrites `delivered`). */
const RANK: Record<SmsState, number> = { queued: 0, sent: 1, delivered: 2, undelivered: 2, failed: 2 };

export type SmsStatusReport = { messageSid: string; messageStatus: string; errorCode?: string };
export type SmsStatusOutcome = 'updated' | 'unchanged' | 'unknown' | 'ignored';

/**
 * Applies one Twilio delivery report to the SMS with that MessageSid, in one conditional update: only an SMS whose
 * state is still earlier than the report's changes, so parallel or late reports cannot move it back. A change
 * moves the company's calls version (lists and details refresh, live streams hear of it) and a delivery failure
 * queues sms.failed, in the same transaction.
 */
export async function applySmsStatus(db: Kysely<Database>, report: SmsStatusReport): Promise<SmsStatusOutcome> {
  const state = twilioState(report.messageStatus);
  if (!state) return 'ignored';
  const earlier = SMS_STATES.filter((candidate) => RANK[candidate] < RANK[state]);
  // Nothing comes before queued: such a report can never change an SMS.
  if (earlier.length === 0) return 'unchanged';
  const failed = state === 'undelivered' || state === 'failed';
  const code = failed && /^\d{1,9}$/.test(report.errorCode ?? '') ? Number(report.errorCode) : null;
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('sms_messages')
      .set({
        state,
        ...(failed
          ? {
              error: `Twilio reported the SMS ${state}${code === null ? '' : ` (code ${code}, ${twilioErrorLink(code)})`}`,
              error_code: code,
              error_message: null,
              error_more_info: code === null ? null : twilioErrorLink(code),
              error_reason: twilioErrorReason(code),
            }
          : {}),
      })
      .where('provider', '=', 'twilio')
      .where('provider_id', '=', report.messageSid)
      .where('state', 'in', earlier)
      .returning([...SMS_COLUMNS, 'call_id', 'customer_id'])
      .executeTakeFirst();
    if (!row) return null;
    const { customer_id: customerId, ...sms } = row;
    await publishChanges(trx, [
      { kind: 'updated', customerId, callIds: [sms.call_id] },
      ...(failed ? [{ kind: 'sms' as const, customerId, sms }] : []),
    ]);
    return 'updated' as const;
  });
  if (outcome) return outcome;
  const known = await db
    .selectFrom('sms_messages')
    .select('id')
    .where('provider', '=', 'twilio')
    .where('provider_id', '=', report.messageSid)
    .executeTakeFirst();
  return known ? 'unchanged' : 'unknown';
}
