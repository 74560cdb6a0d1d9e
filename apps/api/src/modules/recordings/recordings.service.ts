import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { type Recording, RECORDING_TICKET_TTL_S } from '@phonebot/shared/recordings';
import type { Database } from '../../db/schema';
import { publishChanges } from '../../lib/changes';
import { notFound } from '../../lib/domain-errors';
import type { FileStore } from '../../lib/file-store';
import { lockCallFacts } from '../calls';
import { EXTENSION } from './audio-format';
import type { SpooledRecording } from './recording-spool';
import { RECORDINGS_FOLDER } from './recording-sweep';
import {
  type StoredRecording,
  issueRecordingTicket,
  recordingAttribute,
  recordingOf,
  saveRecording,
  saveRecordingError,
} from './recordings.store';

/** Which call a recording is for: a company's call, and when a phonebot sends it, one of that phonebot's. */
export type RecordingTarget = { customerId: number; callId: number; phonebotId?: number };

/** A call of the target, locked until the transaction ends (PostgreSQL), or 404. */
async function lockTarget(trx: Kysely<Database>, target: RecordingTarget) {
  const [call] = await lockCallFacts(trx, target.customerId, [target.callId]);
  if (!call || (target.phonebotId !== undefined && call.phonebot_id !== target.phonebotId)) throw notFound();
  return call;
}

/** 404 unless the call is the target's (a company's call; when a phonebot sends it, one of that phonebot's). */
export async function checkRecordingTarget(db: Kysely<Database>, target: RecordingTarget): Promise<void> {
  await db.transaction().execute((trx) => lockTarget(trx, target));
}

/**
 * Makes a spooled recording the call's: the object is stored first under a new key, then the call is locked and
 * its row written with the change published (the call's `recording` changed), in one transaction. A call that went
 * meanwhile (or is not the target's) answers 404 and its object is deleted again; the object it replaces goes to the
 * deleter. Were the process to die between the two, the sweep deletes the object no row names.
 */
export async function attachRecording(
  db: Kysely<Database>,
  store: FileStore,
  target: RecordingTarget,
  spooled: SpooledRecording,
): Promise<Recording> {
  // The call is checked before the bytes are stored as well, so that a fetch for a call gone stores nothing.
  await checkRecordingTarget(db, target);
  const name = `${target.callId}-${crypto.randomBytes(12).toString('hex')}.${EXTENSION[spooled.contentType]}`;
  const key = `${RECORDINGS_FOLDER}${target.customerId}/${name}`;
  await store.putFile(key, spooled.file, spooled.contentType);
  const recording: StoredRecording = {
    callId: target.callId,
    customerId: target.customerId,
    key,
    contentType: spooled.contentType,
    size: spooled.size,
    durationSeconds: spooled.durationSeconds,
  };
  try {
    await db.transaction().execute(async (trx) => {
      await lockTarget(trx, target);
      await saveRecording(trx, recording);
      await publishChanges(trx, [{ kind: 'updated', customerId: target.customerId, callIds: [target.callId] }]);
    });
  } catch (error) {
    await store.discard([key], `the recording of call ${target.callId}`);
    throw error;
  }
  return recordingAttribute(recording);
}

/** Records that a platform's recording could not be fetched, on the call (gone meanwhile: nothing to record). */
export async function recordFetchFailure(db: Kysely<Database>, target: RecordingTarget, error: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const [call] = await lockCallFacts(trx, target.customerId, [target.callId]);
    if (!call) return;
    await saveRecordingError(trx, { id: target.callId, customerId: target.customerId }, error.slice(0, 500));
    await publishChanges(trx, [{ kind: 'updated', customerId: target.customerId, callIds: [target.callId] }]);
  });
}

/** The company's call's stored recording, or 404 (another company's call, a call without one). */
export async function readableRecording(
  db: Kysely<Database>,
  customerId: number,
  callId: number,
): Promise<StoredRecording> {
  const recording = await recordingOf(db, customerId, callId);
  if (!recording) throw notFound();
  return recording;
}

/** A single-use ticket that opens the call's recording for the session, within 60 seconds. */
export async function recordingTicket(
  db: Kysely<Database>,
  customerId: number,
  callId: number,
  tokenId: number,
): Promise<string> {
  await readableRecording(db, customerId, callId);
  return issueRecordingTicket(db, tokenId, callId, RECORDING_TICKET_TTL_S * 1000);
}
