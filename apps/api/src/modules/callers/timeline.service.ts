import type { Kysely } from 'kysely';
import type { PagedQuery } from '@phonebot/shared';
import type { TimelineCall } from '@phonebot/shared/callers';
import type { CallResource, NoteResource, SmsResource } from '@phonebot/shared/calls';
import type { Database } from '../../db/schema';
import { type CallFilter, SMS_COLUMNS, allCalls, countCalls, listPage, smsResource } from '../calls';

/** The calls of one number in the company: the same rows the lists read, by (customer_id, caller_number, created_at). */
function timelineFilter(customerId: number, number: string): CallFilter {
  return { customerId, view: 'all', caller: number, now: new Date().toISOString() };
}

export async function timelineTotal(db: Kysely<Database>, customerId: number, number: string): Promise<number> {
  return countCalls(db, timelineFilter(customerId, number));
}

/** One page of a caller's calls, newest first, each with its notes (oldest first) and SMS (oldest first). */
export async function callerTimeline(
  db: Kysely<Database>,
  customerId: number,
  number: string,
  query: PagedQuery,
): Promise<TimelineCall[]> {
  const filter = timelineFilter(customerId, number);
  // The order is fixed (newest first): a timeline is read from the latest call back.
  const page = { ...query, sort: undefined };
  let calls: CallResource[] = [];
  if (page.per_page === 'all') {
    for await (const batch of allCalls(db, filter, undefined, [])) calls = calls.concat(batch);
  } else {
    calls = await listPage(db, filter, page, []);
  }
  const ids = calls.map((call) => Number(call.id));
  const [notes, sms] = await Promise.all([notesOf(db, customerId, ids), smsOf(db, customerId, ids)]);
  return calls.map((call) => ({
    type: 'calls',
    id: call.id,
    attributes: { ...call.attributes, notes: notes.get(call.id) ?? [], sms: sms.get(call.id) ?? [] },
  }));
}

function group<T>(rows: { call_id: number }[], toResource: (row: never) => T): Map<string, T[]> {
  const byCall = new Map<string, T[]>();
  for (const row of rows) {
    const key = String(row.call_id);
    byCall.set(key, [...(byCall.get(key) ?? []), toResource(row as never)]);
  }
  return byCall;
}

async function notesOf(db: Kysely<Database>, customerId: number, ids: number[]): Promise<Map<string, NoteResource[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('call_notes as n')
    .leftJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.id', 'n.call_id', 'n.text', 'n.created_at', 'u.name as author'])
    .where('n.customer_id', '=', customerId)
    .where('n.call_id', 'in', ids)
    .orderBy('n.created_at', 'asc')
    .orderBy('n.id', 'asc')
    .execute();
  return group(rows, (row: (typeof rows)[number]): NoteResource => ({
    type: 'notes',
    id: String(row.id),
    attributes: { text: row.text, created_at: row.created_at, author: row.author },
  }));
}

async function smsOf(db: Kysely<Database>, customerId: number, ids: number[]): Promise<Map<string, SmsResource[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('sms_messages')
    .select(['call_id', ...SMS_COLUMNS])
    .where('customer_id', '=', customerId)
    .where('call_id', 'in', ids)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return group(rows, ({ call_id: _callId, ...row }: (typeof rows)[number]) => smsResource(row));
}
