import type { Kysely } from 'kysely';
import type { PagedQuery } from '@phonebot/shared';
import type { TimelineCall } from '@phonebot/shared/callers';
import type { CallResource } from '@phonebot/shared/calls';
import type { Database } from '../../db/schema';
import { type CallFilter, allCalls, countCalls, listPage, notesOfCalls, smsOfCalls } from '../calls';

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
  const [notes, sms] = await Promise.all([notesOfCalls(db, customerId, ids), smsOfCalls(db, customerId, ids)]);
  return calls.map((call) => ({
    type: 'calls',
    id: call.id,
    attributes: {
      ...call.attributes,
      notes: notes.get(Number(call.id)) ?? [],
      sms: sms.get(Number(call.id)) ?? [],
    },
  }));
}
