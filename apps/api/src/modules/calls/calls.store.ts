import type { Kysely } from 'kysely';
import type { CallPriority } from '@phonebot/shared/calls';
import { rowLock } from '../../db/engine';
import type { Database } from '../../db/schema';
import type { CallFacts } from '../../lib/changes';
import { parsedTurns, searchTexts } from './search.index';

/**
 * The calls table's own reads and writes that other modules need (docs/decisions.md "Database"). The `...Query`
 * functions answer a subquery, for a caller that asks about calls within its own statement.
 */

/** The ids of a company's calls, as a subquery. */
export function callIdsQuery(db: Kysely<Database>, customerId: number) {
  return db.selectFrom('calls').select('calls.id').where('calls.customer_id', '=', customerId);
}

/** The ids of a company's open calls (New, In Progress), as a subquery. */
function openCallIdsQuery(db: Kysely<Database>, customerId: number) {
  return callIdsQuery(db, customerId).where('calls.status', 'in', ['New', 'In Progress']);
}

/**
 * The ids of a phonebot's open calls (New, In Progress): live screens are told of them when its name or terms
 * change or it is deleted. Completed calls are left out so that such a change never floods the streams with the
 * whole log.
 */
export async function openCallIdsOfPhonebot(
  db: Kysely<Database>,
  phonebot: { customer_id: number; id: number },
): Promise<number[]> {
  const rows = await openCallIdsQuery(db, phonebot.customer_id).where('calls.phonebot_id', '=', phonebot.id).execute();
  return rows.map((call) => Number(call.id));
}

/**
 * The ids of the open calls (New, In Progress) assigned to a user of the company: live screens are told of them
 * when the user's name changes or the user is deleted (the lists show the assignee's name).
 */
export async function openCallIdsAssignedTo(
  db: Kysely<Database>,
  user: { customer_id: number; id: number },
): Promise<number[]> {
  const rows = await openCallIdsQuery(db, user.customer_id).where('calls.assignee_id', '=', user.id).execute();
  return rows.map((call) => Number(call.id));
}

/** What makes a call due for the urgent-call mail: a company's calls of these priorities in this arrival window. */
export type UrgentMailDue = {
  customerId: number;
  priorities: CallPriority[];
  /** Now, ISO: a call snoozed past it is not due. */
  now: string;
  /** Arrived at or before this. */
  dueBefore: string;
  /** Arrived at or after this. */
  notBefore: string;
  limit: number;
};

/** The ids of the calls due for the urgent-call mail that nobody took: open, unassigned, awake, not yet mailed. */
export async function untakenUrgentCallIds(db: Kysely<Database>, due: UrgentMailDue): Promise<number[]> {
  const rows = await db
    .selectFrom('calls')
    .select('id')
    .where('customer_id', '=', due.customerId)
    .where('status', '<>', 'Completed')
    .where('assignee_id', 'is', null)
    .where((eb) => eb.or([eb('snoozed_until', 'is', null), eb('snoozed_until', '<=', due.now)]))
    .where('priority', 'in', due.priorities)
    .where('urgent_mail_at', 'is', null)
    .where('created_at', '<=', due.dueBefore)
    .where('created_at', '>=', due.notBefore)
    .orderBy('created_at')
    .limit(due.limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Claims calls for the urgent-call mail in one conditional update: only those nobody mailed about, took or
 * completed meanwhile move. Answers the ids claimed.
 */
export async function claimUrgentMail(
  db: Kysely<Database>,
  customerId: number,
  ids: number[],
  now: string,
): Promise<number[]> {
  const rows = await db
    .updateTable('calls')
    .set({ urgent_mail_at: now })
    .where('customer_id', '=', customerId)
    .where('id', 'in', ids)
    .where('urgent_mail_at', 'is', null)
    .where('status', '<>', 'Completed')
    .where('assignee_id', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The calls an urgent-call mail names, oldest first, each with its phonebot's name. */
export function urgentMailCalls(db: Kysely<Database>, ids: number[]) {
  return db
    .selectFrom('calls')
    .innerJoin('phonebots', 'phonebots.id', 'calls.phonebot_id')
    .select(['calls.caller_number', 'calls.priority', 'calls.created_at', 'phonebots.bezeichnung'])
    .where('calls.id', 'in', ids)
    .orderBy('calls.created_at')
    .execute();
}

/** The ids of a company's calls from this number, as a subquery. */
export function callerCallIdsQuery(db: Kysely<Database>, customerId: number, number: string) {
  return callIdsQuery(db, customerId).where('calls.caller_number', '=', number);
}

/** How many calls the company keeps from this number. */
export async function callerCallCount(db: Kysely<Database>, customerId: number, number: string): Promise<number> {
  const row = await db
    .selectFrom('calls')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('customer_id', '=', customerId)
    .where('caller_number', '=', number)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The ids of a company's calls from this number, in id order, locked until the transaction ends (PostgreSQL;
 * SQLite runs one write transaction at a time).
 */
export async function lockCallerCalls(trx: Kysely<Database>, customerId: number, number: string): Promise<number[]> {
  const rows = await rowLock(trx)(callerCallIdsQuery(trx, customerId, number).orderBy('calls.id')).execute();
  return rows.map((call) => Number(call.id));
}

/** The conversation, start, duration and extracted fields of some of a company's calls (other companies' ids are left out). */
export function callConversations(db: Kysely<Database>, customerId: number, ids: number[]) {
  return db
    .selectFrom('calls')
    .select(['id', 'response', 'started_at', 'duration_s', 'extracted'])
    .where('customer_id', '=', customerId)
    .where('id', 'in', ids)
    .execute();
}

/** Deletes some of a company's calls (other companies' ids are left alone); their notes and SMS are not touched. */
export async function deleteCallRows(trx: Kysely<Database>, customerId: number, ids: number[]): Promise<void> {
  await trx.deleteFrom('calls').where('customer_id', '=', customerId).where('id', 'in', ids).execute();
}

const FACT_COLUMNS = [
  'id',
  'customer_id',
  'phonebot_id',
  'caller_number',
  'priority',
  'selected_category',
  'status',
  'created_at',
] as const;

/**
 * The facts of calls just stored in this transaction: what the Insights counts know of them, and the texts the call
 * search indexes.
 */
export async function callFacts(trx: Kysely<Database>, ids: number[]): Promise<CallFacts[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('calls')
    .select([...FACT_COLUMNS, 'response', 'summary', 'caller_name'])
    .where('id', 'in', ids)
    .execute();
  return rows.map(({ response, summary, caller_name, ...row }) => ({
    ...row,
    id: Number(row.id),
    texts: searchTexts(parsedTurns(response), summary, caller_name),
  }));
}

/**
 * The facts of calls of a company about to change, read with their rows locked (PostgreSQL) so that concurrent
 * changes of one call are counted one after the other.
 */
export async function lockCallFacts(trx: Kysely<Database>, customerId: number, ids: number[]): Promise<CallFacts[]> {
  if (ids.length === 0) return [];
  const rows = await rowLock(trx)(
    trx
      .selectFrom('calls')
      .select([...FACT_COLUMNS])
      .where('customer_id', '=', customerId)
      .where('id', 'in', ids)
      .orderBy('id'),
  ).execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** When each of these phonebots' last call arrived (a phonebot with no call is not in the answer). */
export async function lastCallTimes(
  db: Kysely<Database>,
  phonebotIds: readonly number[],
): Promise<Map<number, string>> {
  if (phonebotIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('calls')
    .select(['phonebot_id', (eb) => eb.fn.max('created_at').as('last')])
    .where('phonebot_id', 'in', phonebotIds)
    .groupBy('phonebot_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.phonebot_id), new Date(row.last as string).toISOString()]));
}

/** A phonebot's calls that arrived after `after` (an ISO time), as a subquery. */
export function callsAfterQuery(db: Kysely<Database>, phonebotId: number, after: string) {
  return db.selectFrom('calls').select('id').where('phonebot_id', '=', phonebotId).where('created_at', '>', after);
}
