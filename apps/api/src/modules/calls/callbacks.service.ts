import type { Kysely } from 'kysely';
import { can } from '@phonebot/shared';
import {
  CALL_PRIORITIES,
  type CallPriority,
  DEFAULT_CALLBACK_SLA_MINUTES,
  SNOOZE_MAX_DAYS,
} from '@phonebot/shared/calls';
import { type BusinessHours, parseBusinessHours } from '@phonebot/shared/customers';
import type { Database } from '../../db/schema';
import { rowLock } from '../../db/engine';
import { DAY, MINUTE } from '../../db/time';
import { notFound, refuse } from '../../lib/domain-errors';
import { type PeopleChange, publishChanges } from '../../lib/changes';
import type { Principal } from '../../lib/principal';
import { customerCallbackSla } from '../customers';
import { isCompanyStaff } from '../users';
import { addBusinessMinutes } from './business-hours';

/** Minutes to the callback deadline per priority. */
export type SlaMinutes = Record<CallPriority, number>;
/** A company's callback deadlines: minutes per priority, counted in its business hours when it has them. */
export type CallbackSla = { minutes: SlaMinutes; hours: BusinessHours | null };

/** The company's deadlines per priority; a stored value that is missing or broken falls back to the default. */
export function parseSla(stored: string | null | undefined): SlaMinutes {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(stored ?? '{}') as Record<string, unknown>;
  } catch {
    parsed = {};
  }
  const sla = { ...DEFAULT_CALLBACK_SLA_MINUTES };
  for (const priority of CALL_PRIORITIES) {
    const minutes = parsed[priority];
    if (typeof minutes === 'number' && Number.isInteger(minutes) && minutes > 0) sla[priority] = minutes;
  }
  return sla;
}

export async function companySla(db: Kysely<Database>, customerId: number): Promise<CallbackSla> {
  const row = await customerCallbackSla(db, customerId);
  return { minutes: parseSla(row?.callback_sla_minutes), hours: parseBusinessHours(row?.business_hours) };
}

/**
 * When a call that arrived at `createdAt` with this priority is due: its minutes after arrival, or with business
 * hours its minutes of opening time.
 */
export function dueAt(createdAt: string, priority: CallPriority, sla: CallbackSla): string {
  const minutes = sla.minutes[priority];
  if (sla.hours) return addBusinessMinutes(createdAt, minutes, sla.hours);
  return new Date(Date.parse(createdAt) + minutes * MINUTE).toISOString();
}

/** The ids that are not calls of the company, for an all-or-nothing change: any answers 404. */
async function requireCalls(trx: Kysely<Database>, customerId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await trx
    .selectFrom('calls')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('id', 'in', ids)
    .execute();
  if (found.length !== ids.length) throw notFound();
}

/**
 * Assigns calls to a user of the company or releases them (null), inside the caller's transaction, all or none.
 * Answers the change that tells the assignee of the calls they did not hold: the caller publishes it after the
 * calls' own `updated` change, so the change takes the rows changes share in the list's order.
 * Operators may only take calls nobody else holds and release their own: the update carries that condition, so of
 * two operators taking the same call at once exactly one wins and the other hears 409. Admins assign anyone of
 * the company; a user of another company (or none) answers 422.
 */
export async function assignInTransaction(
  trx: Kysely<Database>,
  principal: Principal,
  customerId: number,
  ids: number[],
  assigneeId: number | null,
  pointer: string,
): Promise<PeopleChange[]> {
  await requireCalls(trx, customerId, ids);
  const assignsAnyone = can(principal.role, 'calls.assignAny');
  if (assigneeId !== null && assigneeId !== principal.userId && !assignsAnyone) {
    throw refuse('forbidden', 'assignSelfOnly', { pointer });
  }
  if (assigneeId !== null && assigneeId !== principal.userId) {
    // Only the company's staff may take calls.
    if (!(await isCompanyStaff(trx, customerId, assigneeId))) throw refuse('invalid', 'assigneeInvalid', { pointer });
  }
  // Who held each call before: a user given a call they did not hold is told (notifications).
  const before =
    assigneeId === null || assigneeId === principal.userId
      ? []
      : await rowLock(trx)(
          trx
            .selectFrom('calls')
            .select(['id', 'assignee_id'])
            .where('customer_id', '=', customerId)
            .where('id', 'in', ids)
            .orderBy('id'),
        ).execute();
  let query = trx
    .updateTable('calls')
    .set({ assignee_id: assigneeId })
    .where('customer_id', '=', customerId)
    .where('id', 'in', ids);
  if (!assignsAnyone) {
    // Only calls that are free or already the operator's own.
    query = query.where((eb) => eb.or([eb('assignee_id', 'is', null), eb('assignee_id', '=', principal.userId)]));
  }
  const changed = await query.returning('id').execute();
  if (changed.length !== ids.length) {
    throw assigneeId === null
      ? refuse('forbidden', 'assignSelfOnly', { pointer })
      : refuse('conflict', 'callAlreadyAssigned', { pointer });
  }
  const given = before.filter((call) => call.assignee_id !== assigneeId).map((call) => Number(call.id));
  return assigneeId !== null && given.length > 0
    ? [{ kind: 'assigned', customerId, callIds: given, assigneeId, actorId: principal.userId }]
    : [];
}

/** A snooze time must lie ahead, at most 90 days; null wakes the call. */
export function checkSnooze(until: string | null, now: string, pointer: string): void {
  if (until === null) return;
  const at = Date.parse(until);
  if (at <= Date.parse(now) || at > Date.parse(now) + SNOOZE_MAX_DAYS * DAY) {
    throw refuse('invalid', 'snoozeInvalid', { pointer });
  }
}

/** Bulk assign: one transaction, all or none; the calls' events go out with the commit. */
export async function assignCalls(
  db: Kysely<Database>,
  principal: Principal,
  customerId: number,
  callIds: number[],
  assigneeId: number | null,
): Promise<number> {
  const ids = [...new Set(callIds)];
  return db.transaction().execute(async (trx) => {
    const assigned = await assignInTransaction(trx, principal, customerId, ids, assigneeId, '/assignee_id');
    await trx
      .updateTable('calls')
      .set({ updated_at: new Date().toISOString() })
      .where('customer_id', '=', customerId)
      .where('id', 'in', ids)
      .execute();
    await publishChanges(trx, [{ kind: 'updated', customerId, callIds: ids }, ...assigned]);
    return ids.length;
  });
}

/** Bulk snooze (or wake with null): one transaction, all or none. */
export async function snoozeCalls(
  db: Kysely<Database>,
  customerId: number,
  callIds: number[],
  until: string | null,
): Promise<number> {
  const ids = [...new Set(callIds)];
  const now = new Date().toISOString();
  checkSnooze(until, now, '/snoozed_until');
  return db.transaction().execute(async (trx) => {
    await requireCalls(trx, customerId, ids);
    await trx
      .updateTable('calls')
      .set({ snoozed_until: until, updated_at: now })
      .where('customer_id', '=', customerId)
      .where('id', 'in', ids)
      .execute();
    await publishChanges(trx, [{ kind: 'updated', customerId, callIds: ids }]);
    return ids.length;
  });
}
