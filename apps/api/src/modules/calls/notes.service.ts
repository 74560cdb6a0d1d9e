import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { NoteResource } from '@phonebot/shared/calls';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { publishChanges } from '../../lib/changes';
import { getCall } from './calls.service';

/** The notes of a call: written by the company's users, shown on the call with their author. */

/** The ids of some calls (`id`), as a subquery of the caller's statement. */
type CallIdsQuery = SelectQueryBuilder<Database, keyof Database, { id: number }>;

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

/** The notes of some of a company's calls, oldest first, by call id (a caller's timeline). */
export async function notesOfCalls(
  db: Kysely<Database>,
  customerId: number,
  callIds: readonly number[],
): Promise<Map<number, NoteResource[]>> {
  const byCall = new Map<number, NoteResource[]>();
  if (callIds.length === 0) return byCall;
  const rows = await notesOf(db, customerId)
    .select('n.call_id')
    .where('n.call_id', 'in', callIds)
    .orderBy('n.created_at', 'asc')
    .orderBy('n.id', 'asc')
    .execute();
  for (const row of rows) byCall.set(row.call_id, [...(byCall.get(row.call_id) ?? []), noteResource(row)]);
  return byCall;
}

/** How many notes some of a company's calls have (`callIds`: a subquery of their ids). */
export async function noteCount(db: Kysely<Database>, customerId: number, callIds: CallIdsQuery): Promise<number> {
  const row = await db
    .selectFrom('call_notes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('customer_id', '=', customerId)
    .where('call_id', 'in', callIds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes the notes of some of a company's calls (a caller's erasure); answers how many went. */
export async function deleteNotesOf(trx: Kysely<Database>, customerId: number, callIds: number[]): Promise<number> {
  const gone = await trx
    .deleteFrom('call_notes')
    .where('customer_id', '=', customerId)
    .where('call_id', 'in', callIds)
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/** The notes of a call, oldest first. */
export async function listNotes(db: Kysely<Database>, customerId: number, callId: number): Promise<NoteResource[]> {
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
    await publishChanges(trx, [
      { kind: 'updated', customerId, callIds: [callId], text: true },
      // The users it names (`@name`) are told (notifications).
      { kind: 'note-added', customerId, callId, authorId: userId, text },
    ]);
    return note.id;
  });
  return noteResource(await notesOf(db, customerId).where('n.id', '=', id).executeTakeFirstOrThrow());
}
