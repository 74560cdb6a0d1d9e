import type { Kysely } from 'kysely';
import { API_BASE } from '@phonebot/shared';
import type { CallAttemptResource } from '@phonebot/shared/calls';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { publishChanges } from '../../lib/changes';
import { notFound, refuse } from '../../lib/domain-errors';
import type { Principal } from '../../lib/principal';
import { SmsError } from '../../lib/sms';
import { dialTwiml, startTwilioCall, twilioVoiceReady } from '../../lib/twilio-voice';
import { userById } from '../users';
import { attemptById, dialledAttempt, dropAttempt, insertAttempt, setDialSid, setDialStatus } from './attempts.store';
import { lockCallFacts } from './calls.store';

/**
 * Click-to-call through Twilio: Twilio rings the user's own phone, and when the user answers it runs our TwiML,
 * which dials the caller from the company's Twilio number. The call is an attempt of the callback (its outcome is
 * recorded afterwards); Twilio's signed status reports are kept on it.
 */

export type DialDeps = { db: Kysely<Database>; twilio: Config['twilio']; publicUrl: string };

export const dialTwimlUrl = (publicUrl: string, attemptId: number) => `${publicUrl}${API_BASE}/dial/${attemptId}/twiml`;
export const dialStatusUrl = (publicUrl: string, attemptId: number) =>
  `${publicUrl}${API_BASE}/dial/${attemptId}/status`;

export async function dialCall(
  deps: DialDeps,
  principal: Principal,
  customerId: number,
  callId: number,
): Promise<CallAttemptResource> {
  const { db } = deps;
  if (!twilioVoiceReady(deps.twilio)) throw refuse('unavailable', 'dialNotConfigured');
  const user = await userById(db, principal.userId);
  const phone = user?.phone ?? null;
  const attemptId = await db.transaction().execute(async (trx) => {
    const [call] = await lockCallFacts(trx, customerId, [callId]);
    if (!call) throw notFound();
    if (!phone) throw refuse('invalid', 'dialPhoneMissing');
    const id = await insertAttempt(trx, {
      callId,
      customerId,
      userId: principal.userId,
      outcome: null,
      note: null,
      at: nowIso(),
    });
    await publishChanges(trx, [{ kind: 'updated', customerId, callIds: [callId] }]);
    return id;
  });
  try {
    const sid = await startTwilioCall(deps.twilio, {
      to: phone!,
      url: dialTwimlUrl(deps.publicUrl, attemptId),
      statusCallback: dialStatusUrl(deps.publicUrl, attemptId),
    });
    await setDialSid(db, attemptId, sid);
  } catch (failure) {
    // Twilio refused: no attempt was made.
    await db.transaction().execute(async (trx) => {
      await dropAttempt(trx, attemptId, callId);
      await publishChanges(trx, [{ kind: 'updated', customerId, callIds: [callId] }]);
    });
    const error = failure instanceof SmsError ? failure : null;
    throw refuse('providerFailed', 'dialFailed', {
      detail: `Twilio could not start the call: ${failure instanceof Error ? failure.message : String(failure)}`,
      meta: { reason: error?.reason ?? 'other', ...(error?.code ? { provider_code: error.code } : {}) },
    });
  }
  const attempt = await attemptById(db, customerId, attemptId);
  if (!attempt) throw notFound();
  return attempt;
}

/** The TwiML of a dialled attempt: dial its caller from TWILIO_FROM (undefined for an unknown attempt). */
export async function dialAttemptTwiml(
  db: Kysely<Database>,
  twilio: Config['twilio'],
  attemptId: number,
  callSid: string | undefined,
): Promise<string | undefined> {
  const attempt = await dialledAttempt(db, attemptId);
  // Only the Twilio call this attempt started may learn the caller's number.
  if (!attempt || !twilio.from || !callSid || attempt.dial_sid !== callSid) return undefined;
  return dialTwiml(twilio.from, attempt.caller_number);
}

/** Keeps Twilio's report of a dialled attempt's call on the attempt, as a change of its call. */
export async function applyDialStatus(
  db: Kysely<Database>,
  attemptId: number,
  report: { callSid: string; callStatus: string; callDuration?: string | undefined },
): Promise<boolean> {
  const duration = /^\d{1,7}$/.test(report.callDuration ?? '') ? Number(report.callDuration) : null;
  return db.transaction().execute(async (trx) => {
    const row = await setDialStatus(trx, attemptId, {
      sid: report.callSid,
      status: report.callStatus,
      durationS: duration,
      at: nowIso(),
    });
    if (!row) return false;
    await publishChanges(trx, [{ kind: 'updated', customerId: row.customer_id, callIds: [row.call_id] }]);
    return true;
  });
}
