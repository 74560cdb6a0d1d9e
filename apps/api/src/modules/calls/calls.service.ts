import type { Kysely } from 'kysely';
import {
  type BulkStatusInput,
  type CallPriority,
  type CallStatus,
  type CallTurn,
  type SendSmsInput,
  type SmsState,
  derivePriority,
} from '@phonebot/shared/calls';
import type {
  CallDetail,
  CallResource,
  NoteResource,
  SmsResource,
  createCallAttributesSchema,
  updateCallAttributesSchema,
} from '@phonebot/shared/calls';
import type { z } from 'zod';
import { DELETE_BATCH, deleteInBatches } from '../../db/batches';
import type { Database } from '../../db/schema';
import { DAY, nowIso } from '../../db/time';
import { notFound, refuse } from '../../lib/domain-errors';
import { SmsError, type SmsProvider } from '../../lib/sms';
import { getPhonebot, settingsOf } from '../phonebots/phonebots.service';
import type { Principal } from '../../lib/router';
import { type CallbackSla, assignInTransaction, checkSnooze, companySla, dueAt } from './callbacks.service';
import { type CallFacts, countChange, countDeleted, countNewCalls, newCallCounts } from '../insights/rollups';
import { type MonthlyCount, countInOneStatement } from './calls.shared-rows';
import { isPostgres } from '../../db/engine';
import { callFacts, lockCallFacts } from './calls.store';
import { bumpCallsVersion } from './calls-version';
import { queueSmsDelivery } from '../integrations/webhooks.service';
import { listedCall, previewOf } from './calls.list';
import { type SmsLimits, guardSms } from './sms-guard';
import { customerRetentions } from '../customers/customers.store';

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

/** One call with its whole conversation, notes and SMS history. */
export async function callDetail(db: Kysely<Database>, customerId: number, id: number): Promise<CallDetail> {
  const [call, listed] = await Promise.all([getCall(db, customerId, id), listedCall(db, customerId, id)]);
  if (!listed) throw notFound();
  const [notes, sms] = await Promise.all([listNotes(db, customerId, id), listSms(db, customerId, id)]);
  return {
    type: 'calls',
    id: listed.id,
    attributes: {
      ...listed.attributes,
      response: JSON.parse(call.response) as CallTurn[],
      started_at: call.started_at,
      duration_s: call.duration_s,
      notes,
      sms,
    },
  };
}

/** The phonebot and company a call is stored for, with what the monthly count keeps of their names. */
export type CallTarget = {
  phonebotId: number;
  customerId: number;
  phonebotName: string;
  customerName: string;
  categoryTerms: string[];
};

export type NewCall = {
  caller_number: string;
  response: CallTurn[];
  selected_category?: string | null | undefined;
  priority?: CallPriority | undefined;
  status?: CallStatus | undefined;
  started_at?: string | undefined;
  duration_s?: number | undefined;
};

/** The month a moment belongs to in the server's time zone, as YYYY-MM. */
export function monthOf(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/**
 * Stores a call inside the caller's transaction: the call, its month's count and the company's calls version. A
 * category that is not one of the phonebot's terms is stored as Uncategorized; a missing priority is derived from
 * the conversation.
 */
export async function storeCall(trx: Kysely<Database>, target: CallTarget, call: NewCall, now: string) {
  const stored = await insertCallRow(trx, target, call, now);
  await countStoredCalls(trx, [{ target, id: stored.id, at: now }]);
  return stored;
}

/** A new call's row as it is stored: the category kept only when it is a term, the priority derived when missing. */
export function newCallRow(target: CallTarget, call: NewCall, now: string, sla: CallbackSla) {
  const category =
    call.selected_category && target.categoryTerms.includes(call.selected_category) ? call.selected_category : null;
  const priority = call.priority ?? derivePriority(call.response);
  const status = call.status ?? 'New';
  return {
    customer_id: target.customerId,
    phonebot_id: target.phonebotId,
    caller_number: call.caller_number,
    response: JSON.stringify(call.response),
    preview: previewOf(call.response),
    selected_category: category,
    priority,
    status,
    notified: 0,
    started_at: call.started_at ? new Date(call.started_at).toISOString() : null,
    duration_s: call.duration_s ?? null,
    created_at: now,
    updated_at: now,
    callback_due_at: dueAt(now, priority, sla),
    completed_at: status === 'Completed' ? now : null,
  };
}

/** Inserts a call's own row; `countStoredCalls` must follow in the same transaction. */
export async function insertCallRow(trx: Kysely<Database>, target: CallTarget, call: NewCall, now: string) {
  const row = newCallRow(target, call, now, await companySla(trx, target.customerId));
  const inserted = await trx.insertInto('calls').values(row).returning('id').executeTakeFirstOrThrow();
  return {
    id: Number(inserted.id),
    priority: row.priority,
    selected_category: row.selected_category,
    status: row.status,
  };
}

/**
 * The rows every new call of a company updates: the month's count per phonebot, and the company's calls version
 * and events. A group of calls (see the Bot API's group commit) updates each row once. They are taken last and in
 * the order of their keys, so concurrent transactions wait on each other only for these statements and the commit,
 * and never lock two companies' rows in opposite orders.
 */
export async function countStoredCalls(
  trx: Kysely<Database>,
  calls: readonly { target: CallTarget; id: number; at: string }[],
  /** The stored calls' facts where the caller has them at hand; read from the rows otherwise. */
  facts?: CallFacts[],
): Promise<void> {
  const counts = new Map<string, MonthlyCount>();
  const created = new Map<number, number[]>();
  for (const call of calls) {
    const month = monthOf(call.at);
    const key = `${call.target.customerId}:${call.target.phonebotId}:${month}`;
    const entry = counts.get(key) ?? { month, target: call.target, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
    const ids = created.get(call.target.customerId);
    if (ids) ids.push(call.id);
    else created.set(call.target.customerId, [call.id]);
  }
  const stored =
    facts ??
    (await callFacts(
      trx,
      calls.map((call) => call.id),
    ));
  const ordered = [...counts.values()].sort(
    (a, b) =>
      a.target.customerId - b.target.customerId ||
      a.target.phonebotId - b.target.phonebotId ||
      a.month.localeCompare(b.month),
  );
  const changes = [...created.entries()]
    .sort(([a], [b]) => a - b)
    .map(([customerId, callIds]) => ({ customerId, callIds }));
  // On PostgreSQL all of it is one statement (one round trip instead of about eight), unless a call arrived
  // Completed: its completion rows are counted by the statements below.
  if (isPostgres(trx) && stored.every((call) => call.status !== 'Completed')) {
    await countInOneStatement(trx, newCallCounts(stored), ordered, changes);
    return;
  }
  await countNewCalls(trx, stored);
  if (ordered.length > 0) {
    // One statement for the group's rows, in the order of their keys (concurrent groups take them in one order).
    await trx
      .insertInto('monthly_call_counts')
      .values(
        ordered.map(({ month, target, count }) => ({
          month,
          customer_id: target.customerId,
          phonebot_id: target.phonebotId,
          customer_name: target.customerName,
          phonebot_name: target.phonebotName,
          count,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['month', 'customer_id', 'phonebot_id']).doUpdateSet((eb) => ({
          count: eb('monthly_call_counts.count', '+', eb.ref('excluded.count')),
          customer_name: eb.ref('excluded.customer_name'),
          phonebot_name: eb.ref('excluded.phonebot_name'),
        })),
      )
      .execute();
  }
  for (const { customerId, callIds } of changes) {
    await bumpCallsVersion(trx, customerId, { kind: 'created', callIds });
  }
}

/** A call entered by hand for a phonebot of the company; it is stored and counted like one the runtime posted. */
export async function createCall(
  db: Kysely<Database>,
  customerId: number,
  input: z.output<typeof createCallAttributesSchema>,
): Promise<CallResource> {
  const phonebot = await getPhonebot(db, { customerId }, input.phonebot).catch(() => {
    throw refuse('invalid', 'invalidInput', {
      detail: 'No phonebot of the company has this license key.',
      pointer: '/data/attributes/phonebot',
    });
  });
  const target: CallTarget = {
    phonebotId: phonebot.id,
    customerId,
    phonebotName: phonebot.bezeichnung,
    customerName: phonebot.customer_name,
    categoryTerms: settingsOf(phonebot).category_terms,
  };
  const stored = await db
    .transaction()
    .execute((trx) => storeCall(trx, target, { ...input, response: input.response ?? [] }, nowIso()));
  const listed = await listedCall(db, customerId, stored.id);
  if (!listed) throw notFound();
  return listed;
}

type CallChange = Partial<{
  status: CallStatus;
  priority: CallPriority;
  selected_category: string | null;
  notified: number;
  snoozed_until: string | null;
  callback_due_at: string | null;
}>;

/**
 * Changes a call's status, priority, category, assignee, snooze and due time in one transaction: a category must be
 * one of its terms, an assignment follows the role rules; when anything is refused, nothing changes.
 */
export async function updateCall(
  db: Kysely<Database>,
  principal: Principal,
  customerId: number,
  id: number,
  patch: z.output<typeof updateCallAttributesSchema>,
): Promise<CallResource> {
  const call = await getCall(db, customerId, id);
  if (patch.selected_category !== undefined && patch.selected_category !== null) {
    const terms = (JSON.parse(call.settings) as { category_terms?: string[] }).category_terms ?? [];
    if (!terms.includes(patch.selected_category)) {
      throw refuse('invalid', 'categoryNotOffered', { pointer: '/data/attributes/selected_category' });
    }
  }
  if (patch.snoozed_until !== undefined) checkSnooze(patch.snoozed_until, nowIso(), '/data/attributes/snoozed_until');
  const { assignee_id: assignee, ...rest } = patch;
  const set = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)) as CallChange;
  if (assignee !== undefined || Object.keys(set).length > 0) {
    await db.transaction().execute(async (trx) => {
      if (assignee !== undefined) {
        await assignInTransaction(trx, principal, customerId, [id], assignee, '/data/attributes/assignee_id');
      }
      await change(trx, customerId, [id], set);
    });
  }
  const listed = await listedCall(db, customerId, id);
  if (!listed) throw notFound();
  return listed;
}

/**
 * Applies a change to calls of the company inside the caller's transaction and records their events. Completing
 * stamps completed_at (reopening clears it); a new priority moves the due time unless it was set by hand, and a
 * due time set by hand stays through later priority changes.
 */
async function change(trx: Kysely<Database>, customerId: number, ids: number[], set: CallChange): Promise<number> {
  if (ids.length === 0) return 0;
  const now = nowIso();
  let changed = 0;
  const requested = set;
  // Only what the Insights counts hold needs the calls' earlier values.
  const counted = set.status !== undefined || set.priority !== undefined || set.selected_category !== undefined;
  const before = counted ? await lockCallFacts(trx, customerId, ids) : [];
  if (set.priority !== undefined && set.callback_due_at === undefined) {
    const { priority, ...others } = set;
    const sla = await companySla(trx, customerId);
    const rows = await trx
      .selectFrom('calls')
      .select(['id', 'created_at', 'callback_due_manual'])
      .where('customer_id', '=', customerId)
      .where('id', 'in', ids)
      .execute();
    for (const row of rows) {
      await trx
        .updateTable('calls')
        .set(
          row.callback_due_manual ? { priority } : { priority, callback_due_at: dueAt(row.created_at, priority, sla) },
        )
        .where('id', '=', row.id)
        .execute();
    }
    changed = rows.length;
    set = others;
  }
  const values = {
    ...set,
    ...(set.callback_due_at !== undefined ? { callback_due_manual: set.callback_due_at === null ? 0 : 1 } : {}),
    updated_at: now,
  };
  const rows = await trx
    .updateTable('calls')
    .set((eb) => ({
      ...values,
      ...(set.status === undefined
        ? {}
        : { completed_at: set.status === 'Completed' ? eb.fn.coalesce('completed_at', eb.val(now)) : null }),
    }))
    .where('customer_id', '=', customerId)
    .where('id', 'in', ids)
    .returning('id')
    .execute();
  changed = Math.max(changed, rows.length);
  await countChange(trx, before, requested, now);
  if (changed) {
    await bumpCallsVersion(trx, customerId, { kind: 'updated', callIds: rows.map((row) => Number(row.id)) });
  }
  return changed;
}

async function touch(db: Kysely<Database>, customerId: number, ids: number[], set: CallChange) {
  if (ids.length === 0) return 0;
  return db.transaction().execute((trx) => change(trx, customerId, ids, set));
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
    throw refuse('invalid', 'categoryNotOffered', { pointer: '/selected_category' });
  }
  await touch(db, customerId, [id], { selected_category: category });
}

/** All or nothing: when any id is not a call of the company, nothing changes and the answer is 404. */
export async function setStatuses(db: Kysely<Database>, customerId: number, input: BulkStatusInput): Promise<number> {
  const ids = [...new Set(input.calls.map((c) => c.id))];
  return db.transaction().execute(async (trx) => {
    const found = await lockCallFacts(trx, customerId, ids);
    if (found.length !== ids.length) throw notFound();
    const now = nowIso();
    const byStatus = new Map<CallStatus, number[]>();
    for (const { id, status } of input.calls) byStatus.set(status, [...(byStatus.get(status) ?? []), id]);
    for (const [status, statusIds] of byStatus) {
      await trx
        .updateTable('calls')
        .set((eb) => ({
          status,
          updated_at: now,
          completed_at: status === 'Completed' ? eb.fn.coalesce('completed_at', eb.val(now)) : null,
        }))
        .where('customer_id', '=', customerId)
        .where('id', 'in', statusIds)
        .execute();
      await countChange(
        trx,
        found.filter((call) => statusIds.includes(call.id)),
        { status },
        now,
      );
    }
    await bumpCallsVersion(trx, customerId, { kind: 'updated', callIds: ids });
    return ids.length;
  });
}

/** Marks calls notified (the new-calls screen was opened); ids of other companies are ignored. */
export async function markNotified(db: Kysely<Database>, customerId: number, ids: number[]): Promise<number> {
  return touch(db, customerId, [...new Set(ids)], { notified: 1 });
}

export async function deleteCall(db: Kysely<Database>, customerId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await lockCallFacts(trx, customerId, [id]);
    const result = await trx
      .deleteFrom('calls')
      .where('customer_id', '=', customerId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound();
    await countDeleted(trx, before);
    await bumpCallsVersion(trx, customerId, { kind: 'deleted', callIds: [id] });
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

function noteResource(row: { id: number; text: string; created_at: string; author: string | null }): NoteResource {
  return {
    type: 'notes',
    id: String(row.id),
    attributes: { text: row.text, created_at: row.created_at, author: row.author },
  };
}

function notesOf(db: Kysely<Database>, customerId: number) {
  return db
    .selectFrom('call_notes as n')
    .leftJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.id', 'n.text', 'n.created_at', 'u.name as author'])
    .where('n.customer_id', '=', customerId);
}

/** The notes of a call of the company, oldest first (404 for another company's call). */
export async function callNotes(db: Kysely<Database>, customerId: number, callId: number): Promise<NoteResource[]> {
  await getCall(db, customerId, callId);
  return listNotes(db, customerId, callId);
}

async function listNotes(db: Kysely<Database>, customerId: number, callId: number): Promise<NoteResource[]> {
  const rows = await notesOf(db, customerId)
    .where('n.call_id', '=', callId)
    .orderBy('n.created_at', 'asc')
    .orderBy('n.id', 'asc')
    .execute();
  return rows.map(noteResource);
}

export async function addNote(
  db: Kysely<Database>,
  customerId: number,
  userId: number,
  callId: number,
  text: string,
): Promise<NoteResource> {
  await getCall(db, customerId, callId);
  const id = await db.transaction().execute(async (trx) => {
    const note = await trx
      .insertInto('call_notes')
      .values({ call_id: callId, customer_id: customerId, user_id: userId, text, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await bumpCallsVersion(trx, customerId, { kind: 'updated', callIds: [callId] });
    return note.id;
  });
  return noteResource(await notesOf(db, customerId).where('n.id', '=', id).executeTakeFirstOrThrow());
}

type SmsRow = { id: number } & SmsResource['attributes'];

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
] as const;

/** The SMS of a call of the company, oldest first (404 for another company's call). */
export async function callSms(db: Kysely<Database>, customerId: number, callId: number): Promise<SmsResource[]> {
  await getCall(db, customerId, callId);
  return listSms(db, customerId, callId);
}

async function listSms(db: Kysely<Database>, customerId: number, callId: number): Promise<SmsResource[]> {
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
 * Deletes calls older than `days` (the deployment's retention; undefined: none) or than their company's own
 * `retention_days`, whichever is shorter, with their notes and SMS. Monthly counts live in their own table and stay.
 * Answers how many calls went.
 */
export async function deleteOldCalls(
  db: Kysely<Database>,
  days: number | undefined,
  batch = DELETE_BATCH,
): Promise<number> {
  const customers = await customerRetentions(db);
  let deleted = 0;
  // Company by company and at most `batch` calls per transaction, so each delete walks the (customer_id,
  // created_at) index and holds its locks briefly, however many calls are due (the first run after turning
  // retention on may delete millions).
  for (const { id, retention_days: own } of customers) {
    const keep = Math.min(days ?? Infinity, own === null ? Infinity : Number(own));
    if (!Number.isFinite(keep)) continue;
    const cutoff = new Date(Date.now() - keep * DAY).toISOString();
    deleted += await deleteInBatches(
      () =>
        db.transaction().execute(async (trx) => {
          const gone = await trx
            .deleteFrom('calls')
            .where('id', 'in', (eb) =>
              eb
                .selectFrom('calls')
                .select('id')
                .where('customer_id', '=', id)
                .where('created_at', '<', cutoff)
                .limit(batch),
            )
            .returning('id')
            .execute();
          if (gone.length) {
            await bumpCallsVersion(trx, id, { kind: 'deleted', callIds: gone.map((row) => Number(row.id)) });
          }
          return gone.length;
        }),
      batch,
    );
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
    await queueSmsDelivery(trx, customerId, { ...row, call_id: input.call_id });
    await bumpCallsVersion(trx, customerId, { kind: 'updated', callIds: [input.call_id] });
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
