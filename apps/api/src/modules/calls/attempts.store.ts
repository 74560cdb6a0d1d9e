import { type Kysely, sql } from 'kysely';
import type { CallAttemptOutcome, CallAttemptResource } from '@phonebot/shared/calls';
import type { Database } from '../../db/schema';

/** The reads and writes of call_attempts, and the calls' attempt_count kept with them in the same transaction. */

type AttemptRow = {
  id: number;
  outcome: string | null;
  note: string | null;
  user_id: number | null;
  user_name: string | null;
  created_at: string;
  dial_sid: string | null;
  dial_status: string | null;
  dial_duration_s: number | null;
  dial_updated_at: string | null;
};

export function attemptResource(row: AttemptRow): CallAttemptResource {
  return {
    type: 'call-attempts',
    id: String(row.id),
    attributes: {
      outcome: row.outcome as CallAttemptOutcome | null,
      note: row.note,
      user_id: row.user_id === null ? null : String(row.user_id),
      user_name: row.user_id === null ? null : row.user_name,
      created_at: row.created_at,
      dial:
        row.dial_sid === null
          ? null
          : {
              status: row.dial_status ?? 'queued',
              duration_s: row.dial_duration_s === null ? null : Number(row.dial_duration_s),
              updated_at: row.dial_updated_at,
            },
    },
  };
}

function attemptsOf(db: Kysely<Database>, customerId: number) {
  return db
    .selectFrom('call_attempts as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id',
      'a.outcome',
      'a.note',
      'a.user_id',
      'u.name as user_name',
      'a.created_at',
      'a.dial_sid',
      'a.dial_status',
      'a.dial_duration_s',
      'a.dial_updated_at',
    ])
    .where('a.customer_id', '=', customerId);
}

/** The attempts of a call of the company, oldest first. */
export async function listAttempts(
  db: Kysely<Database>,
  customerId: number,
  callId: number,
): Promise<CallAttemptResource[]> {
  const rows = await attemptsOf(db, customerId)
    .where('a.call_id', '=', callId)
    .orderBy('a.created_at', 'asc')
    .orderBy('a.id', 'asc')
    .execute();
  return rows.map(attemptResource);
}

export async function attemptById(db: Kysely<Database>, customerId: number, id: number) {
  const row = await attemptsOf(db, customerId).where('a.id', '=', id).executeTakeFirst();
  return row ? attemptResource(row) : undefined;
}

export type NewAttempt = {
  callId: number;
  customerId: number;
  userId: number | null;
  outcome: CallAttemptOutcome | null;
  note: string | null;
  at: string;
  dialSid?: string | null;
};

/** Stores an attempt and counts it on its call, in the caller's transaction; answers its id. */
export async function insertAttempt(trx: Kysely<Database>, attempt: NewAttempt): Promise<number> {
  const row = await trx
    .insertInto('call_attempts')
    .values({
      call_id: attempt.callId,
      customer_id: attempt.customerId,
      user_id: attempt.userId,
      outcome: attempt.outcome,
      note: attempt.note,
      created_at: attempt.at,
      dial_sid: attempt.dialSid ?? null,
      dial_status: attempt.dialSid ? 'queued' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('calls')
    .set({ attempt_count: sql`attempt_count + 1`, updated_at: attempt.at })
    .where('id', '=', attempt.callId)
    .where('customer_id', '=', attempt.customerId)
    .execute();
  return Number(row.id);
}

/**
 * The user's own dialled attempt of the call still waiting for its outcome (made since `since`), which the outcome
 * recorded next completes instead of counting a second attempt.
 */
export async function openDialledAttempt(
  trx: Kysely<Database>,
  callId: number,
  userId: number,
  since: string,
): Promise<number | undefined> {
  const row = await trx
    .selectFrom('call_attempts')
    .select('id')
    .where('call_id', '=', callId)
    .where('user_id', '=', userId)
    .where('outcome', 'is', null)
    .where('dial_sid', 'is not', null)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** Records the outcome (and note) of a dialled attempt. */
export async function setOutcome(
  trx: Kysely<Database>,
  id: number,
  outcome: CallAttemptOutcome,
  note: string | null,
): Promise<void> {
  await trx.updateTable('call_attempts').set({ outcome, note }).where('id', '=', id).execute();
}

/** Keeps the Twilio call of a dialled attempt (its CallSid once Twilio accepted it). */
export async function setDialSid(db: Kysely<Database>, id: number, sid: string): Promise<void> {
  await db.updateTable('call_attempts').set({ dial_sid: sid }).where('id', '=', id).execute();
}

/** A dialled attempt as the Twilio webhooks need it: its call's number and company. */
export async function dialledAttempt(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('call_attempts as a')
    .innerJoin('calls as c', 'c.id', 'a.call_id')
    .select(['a.id', 'a.call_id', 'a.customer_id', 'a.dial_sid', 'c.caller_number'])
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/** Twilio's report of a dialled attempt's call, kept when it names the attempt's own CallSid. */
export async function setDialStatus(
  trx: Kysely<Database>,
  id: number,
  report: { sid: string; status: string; durationS: number | null; at: string },
): Promise<{ call_id: number; customer_id: number } | undefined> {
  return trx
    .updateTable('call_attempts')
    .set({ dial_status: report.status, dial_duration_s: report.durationS, dial_updated_at: report.at })
    .where('id', '=', id)
    .where('dial_sid', '=', report.sid)
    .returning(['call_id', 'customer_id'])
    .executeTakeFirst();
}

/** Deletes the attempt that Twilio refused to dial, and its count. */
export async function dropAttempt(trx: Kysely<Database>, id: number, callId: number): Promise<void> {
  await trx.deleteFrom('call_attempts').where('id', '=', id).execute();
  await trx
    .updateTable('calls')
    .set({ attempt_count: sql`attempt_count - 1` })
    .where('id', '=', callId)
    .execute();
}

/**
 * The company's attempts recorded from `since` to before `until` (ISO): all of them, those with an outcome, and
 * those that reached the caller (the Insights reach rate), read from the (customer_id, created_at) index.
 */
export async function attemptCounts(db: Kysely<Database>, customerId: number, since: string, until: string) {
  const row = await db
    .selectFrom('call_attempts')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('attempts'),
      eb.fn.count<number | string>('outcome').as('recorded'),
      eb.fn.sum<number | string | null>(eb.case().when('outcome', '=', 'reached').then(1).else(0).end()).as('reached'),
    ])
    .where('customer_id', '=', customerId)
    .where('created_at', '>=', since)
    .where('created_at', '<', until)
    .executeTakeFirstOrThrow();
  return { attempts: Number(row.attempts), recorded: Number(row.recorded), reached: Number(row.reached ?? 0) };
}
