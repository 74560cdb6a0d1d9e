import type { Kysely } from 'kysely';
import type { Recording, RecordingContentType } from '@phonebot/shared/recordings';
import type { Database } from '../../db/schema';
import { isoIn, nowIso } from '../../db/time';
import { randomToken, tokenHash } from '../../lib/crypto';

/**
 * The reads and writes of call_recordings (a call's stored audio, or why it could not be fetched) and of the
 * recording tickets. A call's recording row names its object; when the call goes, the row goes and its key is
 * queued for deletion in the same transaction (recording-deletions.ts).
 */

export type StoredRecording = {
  callId: number;
  customerId: number;
  key: string;
  contentType: RecordingContentType;
  size: number;
  durationSeconds: number | null;
};

/** A company's call's stored recording, or undefined when the call is not the company's or has none. */
export async function recordingOf(
  db: Kysely<Database>,
  customerId: number,
  callId: number,
): Promise<StoredRecording | undefined> {
  const row = await db
    .selectFrom('call_recordings as r')
    .innerJoin('calls as c', 'c.id', 'r.call_id')
    .select(['r.call_id', 'r.storage_key', 'r.content_type', 'r.size', 'r.duration_seconds'])
    .where('c.customer_id', '=', customerId)
    .where('r.call_id', '=', callId)
    .where('r.storage_key', 'is not', null)
    .executeTakeFirst();
  if (!row?.storage_key || !row.content_type) return undefined;
  return {
    callId: Number(row.call_id),
    customerId,
    key: row.storage_key,
    contentType: row.content_type as RecordingContentType,
    size: Number(row.size),
    durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
  };
}

/** The `recording` attribute of a stored recording. */
export function recordingAttribute(recording: Omit<StoredRecording, 'callId' | 'customerId' | 'key'>): Recording {
  return {
    duration_seconds: recording.durationSeconds,
    content_type: recording.contentType,
    size: recording.size,
  };
}

/** Queues objects for deletion after the commit of the transaction that writes this. */
export async function queueDeletions(trx: Kysely<Database>, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const now = nowIso();
  await trx
    .insertInto('recording_deletions')
    .values(keys.map((storage_key) => ({ storage_key, next_attempt_at: now, created_at: now })))
    .execute();
}

/**
 * Makes a stored object the call's recording (the call is locked by the caller); the object it replaces is queued
 * for deletion. Clears a fetch error.
 */
export async function saveRecording(trx: Kysely<Database>, recording: StoredRecording): Promise<void> {
  const before = await trx
    .selectFrom('call_recordings')
    .select('storage_key')
    .where('call_id', '=', recording.callId)
    .executeTakeFirst();
  const values = {
    storage_key: recording.key,
    content_type: recording.contentType,
    size: recording.size,
    duration_seconds: recording.durationSeconds,
    error: null,
  };
  await trx
    .insertInto('call_recordings')
    .values({ call_id: recording.callId, customer_id: recording.customerId, created_at: nowIso(), ...values })
    .onConflict((oc) => oc.column('call_id').doUpdateSet(values))
    .execute();
  if (before?.storage_key && before.storage_key !== recording.key) await queueDeletions(trx, [before.storage_key]);
}

/** Records why the platform's recording could not be fetched (a recording stored meanwhile stays). */
export async function saveRecordingError(
  trx: Kysely<Database>,
  call: { id: number; customerId: number },
  error: string,
): Promise<void> {
  await trx
    .insertInto('call_recordings')
    .values({ call_id: call.id, customer_id: call.customerId, created_at: nowIso(), error })
    .onConflict((oc) => oc.column('call_id').doUpdateSet({ error }))
    .execute();
}

/** Forgets the recordings of calls that go (in the change's transaction) and queues their objects for deletion. */
export async function forgetRecordings(
  trx: Kysely<Database>,
  customerId: number,
  callIds: readonly number[],
): Promise<void> {
  for (let at = 0; at < callIds.length; at += 500) {
    const slice = callIds.slice(at, at + 500);
    const gone = await trx
      .deleteFrom('call_recordings')
      .where('customer_id', '=', customerId)
      .where('call_id', 'in', slice)
      .returning('storage_key')
      .execute();
    await queueDeletions(
      trx,
      gone.flatMap((row) => (row.storage_key ? [row.storage_key] : [])),
    );
  }
}

/** The calls of a phonebot that have a recording row (its calls go with it). */
export async function recordedCallsOfPhonebot(
  trx: Kysely<Database>,
  customerId: number,
  phonebotId: number,
): Promise<number[]> {
  const rows = await trx
    .selectFrom('call_recordings as r')
    .innerJoin('calls as c', 'c.id', 'r.call_id')
    .select('r.call_id')
    .where('c.customer_id', '=', customerId)
    .where('c.phonebot_id', '=', phonebotId)
    .execute();
  return rows.map((row) => Number(row.call_id));
}

const TICKET = /^pbr_[A-Za-z0-9_-]{43}$/;

/** A ticket for the session `tokenId` and one call, stored only as its SHA-256. */
export async function issueRecordingTicket(
  db: Kysely<Database>,
  tokenId: number,
  callId: number,
  ttlMs: number,
): Promise<string> {
  const ticket = `pbr_${randomToken()}`;
  await db
    .insertInto('recording_tickets')
    .values({ ticket_hash: tokenHash(ticket), access_token_id: tokenId, call_id: callId, expires_at: isoIn(ttlMs) })
    .execute();
  return ticket;
}

/**
 * Uses a ticket of the call up (one statement deletes it, so it works once) and answers its session with a playback
 * token for the same session and call: the `<audio>` element reads a recording in several requests (its header, then
 * wherever it seeks), which the token, sent back as a cookie, signs in until it expires.
 */
export async function useRecordingTicket(
  db: Kysely<Database>,
  ticket: string,
  callId: number,
  playbackMs: number,
): Promise<{ tokenId: number; playback: string } | null> {
  if (!TICKET.test(ticket)) return null;
  const row = await db
    .deleteFrom('recording_tickets')
    .where('ticket_hash', '=', tokenHash(ticket))
    .where('call_id', '=', callId)
    .where('expires_at', '>', nowIso())
    .returning('access_token_id')
    .executeTakeFirst();
  if (!row) return null;
  const playback = `pbc_${randomToken()}`;
  await db
    .insertInto('recording_tickets')
    .values({
      ticket_hash: tokenHash(playback),
      access_token_id: row.access_token_id,
      call_id: callId,
      expires_at: isoIn(playbackMs),
    })
    .execute();
  return { tokenId: row.access_token_id, playback };
}

const PLAYBACK = /^pbc_[A-Za-z0-9_-]{43}$/;

/** The session of an unexpired playback token of the call (it is not used up), or null. */
export async function playbackSession(db: Kysely<Database>, token: string, callId: number): Promise<number | null> {
  if (!PLAYBACK.test(token)) return null;
  const row = await db
    .selectFrom('recording_tickets')
    .select('access_token_id')
    .where('ticket_hash', '=', tokenHash(token))
    .where('call_id', '=', callId)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  return row ? row.access_token_id : null;
}

/** Deletes expired tickets and playback tokens; answers how many. */
export async function pruneRecordingTickets(db: Kysely<Database>): Promise<number> {
  const result = await db.deleteFrom('recording_tickets').where('expires_at', '<=', nowIso()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
