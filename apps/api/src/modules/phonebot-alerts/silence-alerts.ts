import type { Kysely } from 'kysely';
import { parseBusinessHours } from '@phonebot/shared/customers';
import type { Database } from '../../db/schema';
import { callsAfterQuery, lastCallTimes } from '../calls';
import {
  claimSilenceAlert,
  clearSilenceAlert,
  quietCandidates,
  silenceAlertHoursOf,
  silenceAlerted,
} from '../phonebots';
import { type JobContext, alertDueAt, alertOutage, endOutage } from './outages';

/**
 * The silence alerts of platform phonebots, which have no heartbeat: one with `silence_alert_hours` set and no call
 * for that many hours (counted from its last call, or from its creation when it never had one; within the company's
 * business hours when it has them) is alerted once like an offline runtime, with the reason `silent`; its next call
 * ends the alert (phonebot.online), and so does turning it off.
 */
export async function alertQuietPlatformPhonebots(
  db: Kysely<Database>,
  context: JobContext,
  now: Date,
): Promise<{ offline: number; online: number }> {
  let offline = 0;
  let online = 0;
  const at = now.toISOString();
  const candidates = await quietCandidates(db);
  const lastCalls = await lastCallTimes(
    db,
    candidates.map((phonebot) => phonebot.id),
  );
  for (const phonebot of candidates) {
    const lastCall = lastCalls.get(phonebot.id) ?? null;
    const since = lastCall ?? new Date(phonebot.created_at).toISOString();
    const due = alertDueAt(since, phonebot.hours * 60, parseBusinessHours(phonebot.business_hours));
    if (due > now) continue;
    const outage = { reason: 'silent' as const, n: phonebot.hours, lastSeenAt: lastCall, at };
    const claim = (trx: Kysely<Database>) =>
      claimSilenceAlert(trx, phonebot.id, callsAfterQuery(trx, phonebot.id, since), at);
    if (await alertOutage(db, context, phonebot, outage, claim)) offline += 1;
  }
  const alerted = await silenceAlerted(db);
  const callsSince = await lastCallTimes(
    db,
    alerted.map((phonebot) => phonebot.id),
  );
  for (const phonebot of alerted) {
    const lastCall = callsSince.get(phonebot.id) ?? null;
    const called = lastCall !== null && lastCall > new Date(phonebot.silence_alerted_at!).toISOString();
    // The alert also ends when it no longer applies (turned off, or the phonebot's calls no longer come from a platform).
    if (!called && silenceAlertHoursOf(phonebot) !== null) continue;
    const outage = { reason: 'silent' as const, lastSeenAt: lastCall, at };
    if (await endOutage(db, phonebot, outage, (trx) => clearSilenceAlert(trx, phonebot.id))) online += 1;
  }
  return { offline, online };
}
