import type { Kysely } from 'kysely';
import {
  type BulkFieldsInput,
  type BulkStatusInput,
  type CallPriority,
  type CallResource,
  type CallStatus,
  type updateCallAttributesSchema,
} from '@phonebot/shared/calls';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { type CountsMove, publishChanges } from '../../lib/changes';
import { notFound, refuse } from '../../lib/domain-errors';
import type { Principal } from '../../lib/principal';
import { assignInTransaction, checkSnooze, companySla, dueAt } from './callbacks.service';
import { listedCall } from './calls.list';
import { lockCallFacts } from './calls.store';

/**
 * A call's changes from the call screens: status, priority, category, assignee, snooze, due time, deletion. Each
 * publishes itself in its transaction (lib/changes.ts). New calls are new-calls.service.ts; the detail, notes and
 * SMS have files of their own.
 */

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
      const assigned =
        assignee === undefined
          ? []
          : await assignInTransaction(trx, principal, customerId, [id], assignee, '/data/attributes/assignee_id');
      await change(trx, customerId, [id], set);
      // The assignee is told after the call's own change (it always publishes: updated_at moves).
      await publishChanges(trx, assigned);
    });
  }
  const listed = await listedCall(db, customerId, id);
  if (!listed) throw notFound();
  return listed;
}

/**
 * Applies a change to calls of the company inside the caller's transaction and publishes it. Completing stamps
 * completed_at (reopening clears it); a new priority moves the due time unless it was set by hand, and a due time
 * set by hand stays through later priority changes.
 */
export async function change(
  trx: Kysely<Database>,
  customerId: number,
  ids: number[],
  set: CallChange,
): Promise<number> {
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
  if (changed) {
    await publishChanges(trx, [
      {
        kind: 'updated',
        customerId,
        callIds: rows.map((row) => Number(row.id)),
        ...(counted ? { moves: [{ before, set: requested, at: now }] } : {}),
      },
    ]);
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
    const moves: CountsMove[] = [];
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
      moves.push({ before: found.filter((call) => statusIds.includes(call.id)), set: { status }, at: now });
    }
    await publishChanges(trx, [{ kind: 'updated', customerId, callIds: ids, moves }]);
    return ids.length;
  });
}

/**
 * The priority and/or the category of several calls, all or nothing: when any id is not a call of the company the
 * answer is 404, when the category is not a term of every call's phonebot 422, and nothing changes.
 */
export async function setFields(db: Kysely<Database>, customerId: number, input: BulkFieldsInput): Promise<number> {
  const ids = [...new Set(input.calls.map((c) => c.id))];
  return db.transaction().execute(async (trx) => {
    const found = await lockCallFacts(trx, customerId, ids);
    if (found.length !== ids.length) throw notFound();
    const category = input.selected_category;
    if (category !== undefined && category !== null) {
      const offered = await trx
        .selectFrom('calls as c')
        .innerJoin('phonebots as p', 'p.id', 'c.phonebot_id')
        .select(['c.id', 'p.settings'])
        .where('c.customer_id', '=', customerId)
        .where('c.id', 'in', ids)
        .execute();
      const lacking = offered.some(
        (call) =>
          !((JSON.parse(call.settings) as { category_terms?: string[] }).category_terms ?? []).includes(category),
      );
      if (lacking) throw refuse('invalid', 'categoryNotOffered', { pointer: '/selected_category' });
    }
    const set: CallChange = {
      ...(input.priority !== undefined ? { priority: input.priority } : {}),
      ...(category !== undefined ? { selected_category: category } : {}),
    };
    await change(trx, customerId, ids, set);
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
    // Deleted by hand (entered by mistake): it leaves the Insights counts too.
    await publishChanges(trx, [{ kind: 'deleted', customerId, callIds: [id], uncount: before }]);
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
