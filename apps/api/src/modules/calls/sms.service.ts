import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { SendSmsInput, SmsResource, SmsState } from '@phonebot/shared/calls';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { publishChanges } from '../../lib/changes';
import { refuse } from '../../lib/domain-errors';
import { SmsError, type SmsProvider } from '../../lib/sms';
import { getCall } from './calls.service';
import { type SmsLimits, guardSms } from './sms-guard';
import { refuseOptedOut } from './sms-opt-outs';

/** The SMS of a call: sent from the call screen through the provider, recorded with their result. */

type SmsRow = { id: number } & SmsResource['attributes'];

/** The ids of some calls (`id`), as a subquery of the caller's statement. */
type CallIdsQuery = SelectQueryBuilder<Database, keyof Database, { id: number }>;

/** An SMS row as the API shows it. */
export function smsResource({ id, ...attributes }: SmsRow): SmsResource {
  return { type: 'sms', id: String(id), attributes };
}

export const SMS_COLUMNS = [
  'id',
  'to_number as to',
  'body as message',
  'state',
  'error',
  'error_code',
  'error_message',
  'error_more_info',
  'error_reason',
  'created_at',
  'direction',
  'from_number as from',
] as const;

/** The SMS of a call of the company, oldest first (404 for another company's call). */
export async function callSms(db: Kysely<Database>, customerId: number, callId: number): Promise<SmsResource[]> {
  await getCall(db, customerId, callId);
  return listSms(db, customerId, callId);
}

/** The SMS of some of a company's calls, oldest first, by call id (a caller's timeline). */
export async function smsOfCalls(
  db: Kysely<Database>,
  customerId: number,
  callIds: readonly number[],
): Promise<Map<number, SmsResource[]>> {
  const byCall = new Map<number, SmsResource[]>();
  if (callIds.length === 0) return byCall;
  const rows = await db
    .selectFrom('sms_messages')
    .select(['call_id', ...SMS_COLUMNS])
    .where('customer_id', '=', customerId)
    .where('call_id', 'in', callIds)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  for (const { call_id: callId, ...row } of rows) {
    byCall.set(callId, [...(byCall.get(callId) ?? []), smsResource(row)]);
  }
  return byCall;
}

/** How many SMS some of a company's calls have (`callIds`: a subquery of their ids). */
export async function smsCount(db: Kysely<Database>, customerId: number, callIds: CallIdsQuery): Promise<number> {
  const row = await db
    .selectFrom('sms_messages')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('customer_id', '=', customerId)
    .where('call_id', 'in', callIds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes the SMS of some of a company's calls (a caller's erasure); answers how many went. */
export async function deleteSmsOf(trx: Kysely<Database>, customerId: number, callIds: number[]): Promise<number> {
  const gone = await trx
    .deleteFrom('sms_messages')
    .where('customer_id', '=', customerId)
    .where('call_id', 'in', callIds)
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/** The SMS of a call, oldest first. */
export async function listSms(db: Kysely<Database>, customerId: number, callId: number): Promise<SmsResource[]> {
  const rows = await db
    .selectFrom('sms_messages')
    .select([...SMS_COLUMNS])
    .where('call_id', '=', callId)
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(smsResource);
}

/**
 * Sends an SMS about a call through the provider, after the checks against SMS pumping (guardSms), and records it
 * with its result; a failure is recorded too and answers 502, never a silent success.
 */
export async function sendSms(
  deps: { db: Kysely<Database>; sms: SmsProvider; smsLimits: SmsLimits },
  customerId: number,
  userId: number,
  input: SendSmsInput,
) {
  const { db, sms } = deps;
  const call = await getCall(db, customerId, input.call_id);
  await refuseOptedOut(db, customerId, input.to);
  await guardSms(db, deps.smsLimits, customerId, {
    to: input.to,
    message: input.message,
    callerNumber: call.caller_number,
  });
  let providerId: string | null = null;
  let state: SmsState = 'sent';
  let error: string | null = null;
  let failure: SmsError | null = null;
  try {
    ({ providerId, state } = await sms.send(input.to, input.message));
  } catch (thrown) {
    error = thrown instanceof Error ? thrown.message : String(thrown);
    failure = thrown instanceof SmsError ? thrown : new SmsError(error, { reason: 'other' });
  }
  const record = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('sms_messages')
      .values({
        call_id: input.call_id,
        customer_id: customerId,
        user_id: userId,
        to_number: input.to,
        body: input.message,
        provider: sms.name,
        provider_id: providerId,
        state: failure ? 'failed' : state,
        error,
        error_code: failure?.code ?? null,
        error_message: failure?.providerMessage ?? null,
        error_more_info: failure?.moreInfo ?? null,
        error_reason: failure?.reason ?? null,
        created_at: nowIso(),
      })
      .returning([...SMS_COLUMNS])
      .executeTakeFirstOrThrow();
    await publishChanges(trx, [
      { kind: 'sms', customerId, sms: { ...row, call_id: input.call_id } },
      { kind: 'updated', customerId, callIds: [input.call_id] },
    ]);
    return row;
  });
  if (error) {
    throw refuse('providerFailed', 'smsFailed', {
      detail: `The SMS could not be sent: ${error}`,
      // What the screens translate: the reason, and the provider's code where it gave one.
      meta: { reason: failure?.reason ?? 'other', ...(failure?.code ? { provider_code: failure.code } : {}) },
    });
  }
  return smsResource(record);
}
