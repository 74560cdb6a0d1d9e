import type { Kysely } from 'kysely';
import { SMS_OPT_IN_WORDS, SMS_OPT_OUT_WORDS } from '@phonebot/shared/calls';
import type { Database } from '../../db/schema';
import { refuse } from '../../lib/domain-errors';

/**
 * Numbers that answered one of Twilio's opt-out words (STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT) to a
 * company's SMS: the company sends them no SMS until they answer START (or UNSTOP, YES), as Twilio itself does.
 */

/** What an SMS's text means to the opt-out list: the whole text, trimmed, in any case, as Twilio reads it. */
export function optWord(body: string): 'out' | 'in' | undefined {
  const word = body.trim().toUpperCase();
  if ((SMS_OPT_OUT_WORDS as readonly string[]).includes(word)) return 'out';
  if ((SMS_OPT_IN_WORDS as readonly string[]).includes(word)) return 'in';
  return undefined;
}

export async function setOptedOut(
  trx: Kysely<Database>,
  customerId: number,
  number: string,
  out: boolean,
  at: string,
): Promise<void> {
  if (out) {
    await trx
      .insertInto('sms_opt_outs')
      .values({ customer_id: customerId, number, created_at: at })
      .onConflict((oc) => oc.columns(['customer_id', 'number']).doNothing())
      .execute();
  } else {
    await trx.deleteFrom('sms_opt_outs').where('customer_id', '=', customerId).where('number', '=', number).execute();
  }
}

/** 422 smsOptedOut for a number that opted out of the company's SMS. */
export async function refuseOptedOut(db: Kysely<Database>, customerId: number, number: string): Promise<void> {
  const row = await db
    .selectFrom('sms_opt_outs')
    .select('number')
    .where('customer_id', '=', customerId)
    .where('number', '=', number)
    .executeTakeFirst();
  if (row) throw refuse('invalid', 'smsOptedOut', { pointer: '/to' });
}
