import type { Kysely } from 'kysely';
import { normalizePhoneNumber, smsSegments } from '@phonebot/shared/calls';
import { smsRecipientAllowed } from '@phonebot/shared/profile';
import type { Database } from '../../db/schema';
import { DAY, HOUR, MINUTE } from '../../db/time';
import { notFound, refuse } from '../../lib/domain-errors';
import { customerSmsAllowedNumbers } from '../customers';

/** Per company: SMS per minute, per calendar day (server's time zone), and the parts one message may take. */
export type SmsLimits = { ratePerMinute: number; dailyCap: number; maxSegments: number };

const localDay = (at: Date) =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
const minuteBucket = (at: Date) => `minute:${at.toISOString().slice(0, 16)}`;
const dayBucket = (at: Date) => `day:${localDay(at)}`;

/**
 * Raises a company's counter of one bucket by one unless it reached `cap`, in one statement: however many sends
 * run at once, at most `cap` get a slot. Answers whether this one did.
 */
async function takeSlot(trx: Kysely<Database>, customerId: number, bucket: string, cap: number): Promise<boolean> {
  const row = await trx
    .insertInto('sms_counters')
    .values({ customer_id: customerId, bucket, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['customer_id', 'bucket'])
        .doUpdateSet((eb) => ({ count: eb('sms_counters.count', '+', 1) }))
        .where('sms_counters.count', '<', cap),
    )
    .returning('count')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Checks an SMS before it goes to the provider, against SMS pumping: at most `maxSegments` parts, only to the
 * call's caller or a number (prefix) the company allows, and within the company's per-minute and daily counts.
 * The counts are taken in one transaction; a refused send takes none, a sent or failed one keeps its slot.
 */
export async function guardSms(
  db: Kysely<Database>,
  limits: SmsLimits,
  customerId: number,
  sms: { to: string; message: string; callerNumber: string },
  now = new Date(),
): Promise<void> {
  if (smsSegments(sms.message).segments > limits.maxSegments)
    throw refuse('invalid', 'smsTooLong', { pointer: '/message' });
  const stored = await customerSmsAllowedNumbers(db, customerId);
  if (stored === undefined) throw notFound();
  const allowed = JSON.parse(stored) as string[];
  const caller = normalizePhoneNumber(sms.callerNumber) ?? sms.callerNumber;
  if (!smsRecipientAllowed(sms.to, caller, allowed)) throw refuse('invalid', 'smsNumberNotAllowed', { pointer: '/to' });
  await db.transaction().execute(async (trx) => {
    if (!(await takeSlot(trx, customerId, minuteBucket(now), limits.ratePerMinute))) {
      const retry = 60 - now.getUTCSeconds();
      const ratePolicy = { name: 'sms-minute', max: limits.ratePerMinute, windowMs: MINUTE };
      throw refuse('tooMany', 'smsRateLimited', { retryAfterSeconds: retry, ratePolicy });
    }
    if (!(await takeSlot(trx, customerId, dayBucket(now), limits.dailyCap))) {
      const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
      const retry = Math.max(1, Math.ceil((midnight.getTime() - now.getTime()) / 1000));
      const ratePolicy = { name: 'sms-day', max: limits.dailyCap, windowMs: DAY };
      throw refuse('tooMany', 'smsDailyCapReached', { retryAfterSeconds: retry, ratePolicy });
    }
  });
}

/** Forgets SMS counts that no limit reads any more (minutes older than an hour, days older than two). */
export async function deleteOldSmsCounters(db: Kysely<Database>, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('sms_counters')
    .where((eb) =>
      eb.or([
        eb.and([eb('bucket', 'like', 'minute:%'), eb('bucket', '<', minuteBucket(new Date(now.getTime() - HOUR)))]),
        eb.and([eb('bucket', 'like', 'day:%'), eb('bucket', '<', dayBucket(new Date(now.getTime() - 2 * DAY)))]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
