import type { Kysely } from 'kysely';
import type { BulkStatusInput, CallPriority, CallStatus, CallTurn, SendSmsInput } from '@phonebot/shared';
import type { Database } from '../../db/schema';
import { DAY, nowIso } from '../../db/time';
import { ApiError, notFound } from '../../lib/errors';
import type { SmsProvider } from '../../lib/sms';
import { bumpCallsVersion } from './calls-version';
import { type SmsLimits, guardSms } from './sms-guard';

/** A call of the caller's company, or 404: other companies' ids cannot be probed. */
export async function getCall(db: Kysely<Database>, customerId: number, id: number) {
  const call = await db
    .selectFrom('calls as c')
    .innerJoin('phonebots as p', 'p.id', 'c.phonebot_id')
    .selectAll('c')
    .select(['p.bezeichnung', 'p.license_key', 'p.settings'])
    .where('c.id', '=', id)
    .where('c.customer_id', '=', customerId)
    .executeTakeFirst();
  if (!call) throw notFound();
  return call;
}

export type CallDetail = Awaited<ReturnType<typeof callDetail>>;

/** One call with its whole conversation, notes and SMS history. */
export async function callDetail(db: Kysely<Database>, customerId: number, id: number) {
  const call = await getCall(db, customerId, id);
  const [notes, sms] = await Promise.all([listNotes(db, customerId, id), listSms(db, customerId, id)]);
  return {
    id: Number(call.id),
    bezeichnung: call.bezeichnung,
    license_Key: call.license_key,
    caller_number: call.caller_number,
    response: JSON.parse(call.response) as CallTurn[],
    selected_category: call.selected_category,
    category_terms: (JSON.parse(call.settings) as { category_terms?: string[] }).category_terms ?? [],
    priority: call.priority,
    status: call.status,
    notified: call.notified === 1,
    started_at: call.started_at,
    duration_s: call.duration_s,
    created_at: call.created_at,
    notes,
    sms,
  };
}

async function touch(
  db: Kysely<Database>,
  customerId: number,
  ids: number[],
  set: Partial<{ status: CallStatus; priority: CallPriority; selected_category: string | null; notified: number }>,
) {
  if (ids.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('calls')
      .set({ ...set, updated_at: nowIso() })
      .where('customer_id', '=', customerId)
      .where('id', 'in', ids)
      .executeTakeFirst();
    const changed = Number(result.numUpdatedRows);
    if (changed) await bumpCallsVersion(trx, customerId);
    return changed;
  });
}

export async function setStatus(db: Kysely<Database>, customerId: number, id: number, status: CallStatus) {
  if ((await touch(db, customerId, [id], { status })) === 0) throw notFound();
}

export async function setPriority(db: Kysely<Database>, customerId: number, id: number, priority: CallPriority) {
  if ((await touch(db, customerId, [id], { priority })) === 0) throw notFound();
}

/** A category must be one of the call's phonebot's terms; null makes the call Uncategorized. */
export async function setCategory(db: Kysely<Database>, customerId: number, id: number, category: string | null) {
  const call = await getCall(db, customerId, id);
  const terms = (JSON.parse(call.settings) as { category_terms?: string[] }).category_terms ?? [];
  if (category !== null && !terms.includes(category)) {
    throw ApiError.of(422, 'categoryNotOffered', { pointer: '/selected_category' });
  }
  await touch(db, customerId, [id], { selected_category: category });
}

/** All or nothing: when any id is not a call of the company, nothing changes and the answer is 404. */
export async function setStatuses(db: Kysely<Database>, customerId: number, input: BulkStatusInput): Promise<number> {
  const ids = [...new Set(input.calls.map((c) => c.id))];
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('calls')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('id', 'in', ids)
      .execute();
    if (found.length !== ids.length) throw notFound();
    const now = nowIso();
    const byStatus = new Map<CallStatus, number[]>();
    for (const { id, status } of input.calls) byStatus.set(status, [...(byStatus.get(status) ?? []), id]);
    for (const [status, statusIds] of byStatus) {
      await trx
        .updateTable('calls')
        .set({ status, updated_at: now })
        .where('customer_id', '=', customerId)
        .where('id', 'in', statusIds)
        .execute();
    }
    await bumpCallsVersion(trx, customerId);
    return ids.length;
  });
}

/** Marks calls notified (the new-calls screen was opened); ids of other companies are ignored. */
export async function markNotified(db: Kysely<Database>, customerId: number, ids: number[]): Promise<number> {
  return touch(db, customerId, [...new Set(ids)], { notified: 1 });
}

export async function deleteCall(db: Kysely<Database>, customerId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom('calls')
      .where('customer_id', '=', customerId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound();
    await bumpCallsVersion(trx, customerId);
  });
}

export async function newCallsCount(db: Kysely<Database>, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('calls')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .where('notified', '=', 0)
    .where('status', '=', 'New')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listNotes(db: Kysely<Database>, customerId: number, callId: number) {
  return db
    .selectFrom('call_notes as n')
    .leftJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.id', 'n.text', 'n.created_at', 'u.name as author'])
    .where('n.call_id', '=', callId)
    .where('n.customer_id', '=', customerId)
    .orderBy('n.created_at', 'asc')
    .orderBy('n.id', 'asc')
    .execute();
}

export async function addNote(db: Kysely<Database>, customerId: number, userId: number, callId: number, text: string) {
  await getCall(db, customerId, callId);
  return db.transaction().execute(async (trx) => {
    const note = await trx
      .insertInto('call_notes')
      .values({ call_id: callId, customer_id: customerId, user_id: userId, text, created_at: nowIso() })
      .returning(['id', 'text', 'created_at'])
      .executeTakeFirstOrThrow();
    await bumpCallsVersion(trx, customerId);
    return note;
  });
}

export async function listSms(db: Kysely<Database>, customerId: number, callId: number) {
  return db
    .selectFrom('sms_messages')
    .select(['id', 'to_number as to', 'body as message', 'state', 'error', 'created_at'])
    .where('call_id', '=', callId)
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/**
 * Deletes calls older than `days` (with their notes and SMS). Monthly counts live in their own table and stay.
 * Answers how many calls went.
 */
export async function deleteOldCalls(db: Kysely<Database>, days: number): Promise<number> {
  const cutoff = new Date(Date.now() - days * DAY).toISOString();
  const customers = await db.selectFrom('customers').select('id').execute();
  let deleted = 0;
  // Company by company, so each delete walks the (customer_id, created_at) index and holds its lock briefly.
  for (const { id } of customers) {
    deleted += await db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom('calls')
        .where('customer_id', '=', id)
        .where('created_at', '<', cutoff)
        .executeTakeFirst();
      const count = Number(result.numDeletedRows);
      if (count) await bumpCallsVersion(trx, id);
      return count;
    });
  }
  return deleted;
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
  await guardSms(db, deps.smsLimits, customerId, {
    to: input.to,
    message: input.message,
    callerNumber: call.caller_number,
  });
  let providerId: string | null = null;
  let error: string | null = null;
  try {
    providerId = (await sms.send(input.to, input.message)).providerId;
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
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
        state: error ? 'failed' : 'sent',
        error,
        created_at: nowIso(),
      })
      .returning(['id', 'to_number as to', 'body as message', 'state', 'error', 'created_at'])
      .executeTakeFirstOrThrow();
    await bumpCallsVersion(trx, customerId);
    return row;
  });
  if (error) throw ApiError.of(502, 'smsFailed', { detail: `The SMS could not be sent: ${error}` });
  return record;
}
